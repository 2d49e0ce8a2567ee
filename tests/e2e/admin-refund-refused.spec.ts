import { refundTexts } from '../../src/web/pages/admin/shared/refund-texts';
import { formatMinor, teamStatusLabels } from '../../src/web/lib/team-status';
import { openAdminTab, signInQuickly, toast } from './admin-helpers';
import { expectNoAxeViolations } from './a11y-helpers';
import { createLiveTournament, expect, resetSite, test } from './fixtures';
import { cards, paidTeam, teamCard, teamsOf } from './refund-helpers';

// Its tournament keeps the money the provider would not send back, so no reset can delete it: a site of its own.
test.use({ ownSite: 'refund-refused' });

test.beforeEach(async ({ page, baseURL, site }) => {
  await resetSite(site);
  await signInQuickly(page, baseURL!);
});

test('a refund the provider refuses is shown as failed and the team is not shown refunded', async ({ page, site }) => {
  const tournament = await createLiveTournament(site, { name: 'Refusal Cup' });
  const team = await paidTeam(site, tournament.id, 'Stuck Card', cards.refundFails);

  await openAdminTab(page, 'Teams');
  const card = teamCard(page, 'Stuck Card');
  await card.getByRole('button', { name: 'Refund Stuck Card' }).click();
  const dialog = page.getByRole('dialog', { name: refundTexts.refundTitle });
  await expect(dialog.getByText(refundTexts.byPolicy('$25.00'))).toBeVisible();
  await dialog.getByLabel(refundTexts.reasonLabel).fill('Captain asked for a refund');
  await dialog.getByRole('button', { name: refundTexts.confirmRefund }).click();

  await expect(toast(page, refundTexts.refundFailedTitle)).toBeVisible();
  const refunds = (await (await site.adminApi.get(`/api/tournaments/${tournament.id}/refunds`)).json()) as { amount: number; status: string; failureReason: string }[];
  expect(refunds).toHaveLength(1);
  expect(refunds[0]).toMatchObject({ amount: 2500, status: 'failed' });
  const failure = refundTexts.refundFailed(formatMinor(2500, 'USD'), 'Stuck Card', refunds[0].failureReason);
  await expect(dialog.getByRole('alert')).toHaveText(failure);
  await expect(toast(page, refundTexts.refundFailedTitle)).toContainText(failure);
  // Escape would close the toast first (the newest layer): the dialog's own Cancel closes it.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByRole('button', { name: 'Refund Stuck Card' })).toBeFocused();

  await expect(card.getByTestId('team-refund-failure')).toHaveText(refundTexts.lastRefundFailed(refunds[0].failureReason));
  await expect(card.getByTestId('team-status')).toHaveText(teamStatusLabels.completed);
  await expect(card.getByTestId('team-refunded')).toHaveCount(0);
  expect((await teamsOf(site, tournament.id)).find((t) => t.id === team.id)).toMatchObject({ paymentStatus: 'completed', amountRefunded: 0 });
  await expectNoAxeViolations(page, 'Teams with a refused refund');
});
