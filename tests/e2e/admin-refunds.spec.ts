import { formatMoney } from '../../src/shared/money';
import { refundTexts } from '../../src/web/pages/admin/shared/refund-texts';
import { teamStatusLabels } from '../../src/web/lib/team-status';
import { openAdminTab, signInQuickly, toast } from './admin-helpers';
import { expectNoAxeViolations } from './a11y-helpers';
import { createLiveTournament, expect, inDays, registerTeam, resetSite, test } from './fixtures';
import { paidTeam, teamCard, teamsOf } from './refund-helpers';

test.beforeEach(async ({ page, baseURL, site }) => {
  await resetSite(site);
  await signInQuickly(page, baseURL!);
});

test('an organizer refunds a team by the policy and sees the amount the API quoted', async ({ page, site }) => {
  // 36 hours before the start: the policy gives back half of the $25.00 paid.
  const tournament = await createLiveTournament(site, { name: 'Policy Cup', registrationCloses: inDays(1), tournamentDate: new Date(Date.now() + 36 * 3_600_000).toISOString() });
  const team = await paidTeam(site, tournament.id, 'Halfway Heroes');
  const quote = (await (await site.adminApi.get(`/api/teams/${team.id}/refund-quote`)).json()) as { policyAmount: string; left: string; currency: string; explanation: string };
  expect(quote).toMatchObject({ policyAmount: '12.50', left: '25.00', currency: 'USD' });

  await openAdminTab(page, 'Teams');
  const card = teamCard(page, 'Halfway Heroes');
  await expect(card.getByTestId('team-status')).toHaveText(teamStatusLabels.completed);
  await expect(card.getByTestId('team-paid')).toHaveText(refundTexts.paid('$25.00'));
  await expect(card.getByTestId('team-refunded')).toHaveCount(0);

  const opener = card.getByRole('button', { name: 'Refund Halfway Heroes' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: refundTexts.refundTitle });
  await expect(dialog.getByText(refundTexts.byPolicy(formatMoney(quote.policyAmount, quote.currency)))).toBeVisible();
  await expect(dialog.getByText(quote.explanation)).toBeVisible();

  // A reason is required; a custom amount above what is left is refused by the server, in its words.
  await dialog.getByRole('button', { name: refundTexts.confirmRefund }).click();
  await expect(dialog.getByLabel(refundTexts.reasonLabel)).toHaveAccessibleDescription('Give a reason of at least 3 characters');
  await dialog.getByLabel(refundTexts.reasonLabel).fill('Captain withdrew the team');
  await dialog.getByRole('radio', { name: refundTexts.customAmount }).check();
  await dialog.getByLabel(refundTexts.amountLabel('USD')).fill('1.234');
  await dialog.getByRole('button', { name: refundTexts.confirmRefund }).click();
  await expect(dialog.getByLabel(refundTexts.amountLabel('USD'))).toHaveAccessibleDescription('Enter an amount like 12.50');
  await dialog.getByLabel(refundTexts.amountLabel('USD')).fill('99');
  await dialog.getByRole('button', { name: refundTexts.confirmRefund }).click();
  await expect(dialog.getByRole('alert')).toHaveText('At most 25.00 USD is left to refund for this team');
  expect((await teamsOf(site, tournament.id)).find((t) => t.id === team.id)?.amountRefunded).toBe(0);

  // By the policy: the figure refunded is the one quoted.
  await dialog.getByRole('radio', { name: refundTexts.byPolicy('$12.50') }).check();
  await dialog.getByRole('button', { name: refundTexts.confirmRefund }).click();
  await expect(toast(page, refundTexts.refundIssuedTitle)).toContainText(refundTexts.refundIssued('$12.50', 'Halfway Heroes'));
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  await expect(card.getByTestId('team-status')).toHaveText(teamStatusLabels.partially_refunded);
  await expect(card.getByTestId('team-refunded')).toHaveText(refundTexts.refunded(formatMoney(quote.policyAmount, quote.currency)));
  expect((await teamsOf(site, tournament.id)).find((t) => t.id === team.id)).toMatchObject({ paymentStatus: 'partially_refunded', amountPaid: 2500, amountRefunded: 1250 });
  await expectNoAxeViolations(page, 'Teams with a partially refunded team');
});

test('removing a paid team with a full refund closes the dialog and says both', async ({ page, site }) => {
  const tournament = await createLiveTournament(site, { name: 'Leaving Cup' });
  await paidTeam(site, tournament.id, 'Leaving Crew');
  await openAdminTab(page, 'Teams');
  await teamCard(page, 'Leaving Crew').getByRole('button', { name: 'Remove Leaving Crew' }).click();
  const dialog = page.getByRole('dialog', { name: refundTexts.removeTitle });
  await dialog.getByRole('radio', { name: refundTexts.inFull('$25.00') }).check();
  await dialog.getByLabel(refundTexts.reasonLabel).fill('Asked to leave');
  await dialog.getByRole('button', { name: refundTexts.confirmRemove }).click();
  // The refund makes the team unpaid while the dialog is still open: it must still close and confirm.
  await expect(toast(page, refundTexts.removedTitle)).toContainText(`${refundTexts.removed('Leaving Crew')} ${refundTexts.refundIssued('$25.00', 'Leaving Crew')}`);
  await expect(dialog).toBeHidden();
  expect((await teamsOf(site, tournament.id)).find((t) => t.name === 'Leaving Crew')).toMatchObject({ amountRefunded: 2500 });
});

test('an organizer cancels a tournament and sees every paid team refunded in full', async ({ page, site }) => {
  const tournament = await createLiveTournament(site, { name: 'Doomed Cup' });
  await paidTeam(site, tournament.id, 'Early Birds');
  await paidTeam(site, tournament.id, 'Late Owls');
  await registerTeam(site, tournament.id, 'Never Paid');

  // Deleting first is refused while the money is held, and the toast says why.
  await openAdminTab(page, 'Tournaments');
  await page.getByRole('button', { name: 'Delete Doomed Cup' }).filter({ visible: true }).click();
  await page.getByRole('alertdialog', { name: 'Delete Tournament' }).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Error')).toContainText('Cancel the tournament first: 2 teams have paid');

  await page.getByRole('button', { name: 'Cancel tournament Doomed Cup' }).filter({ visible: true }).click();
  const dialog = page.getByRole('alertdialog', { name: refundTexts.cancelTitle });
  await expect(dialog).toContainText(refundTexts.cancelDescription('Doomed Cup'));
  // Before confirming, the dialog says what the cancellation does, from the server's figures.
  await expect(dialog.getByTestId('cancel-quote')).toHaveText('3 teams will be removed; 2 paid teams get $50.00 back in full.');
  await dialog.getByLabel(refundTexts.reasonLabel).fill('Venue lost');
  await dialog.getByRole('button', { name: refundTexts.confirmCancel }).click();

  const summary = page.getByRole('alertdialog', { name: refundTexts.cancelledTitle });
  await expect(summary).toContainText(refundTexts.cancelledSummary(2, 0));
  const refunded = summary.getByTestId('cancel-refunded').getByRole('listitem');
  await expect(refunded).toHaveCount(2);
  expect((await refunded.allInnerTexts()).sort()).toEqual(['Early Birds: $25.00', 'Late Owls: $25.00']);
  await expect(summary.getByTestId('cancel-failed')).toHaveCount(0);
  await expect(toast(page, refundTexts.cancelledTitle)).toContainText(refundTexts.cancelledSummary(2, 0));
  await summary.getByRole('button', { name: refundTexts.done }).click();
  await expect(summary).toBeHidden();
  await expect(page.getByRole('button', { name: 'Cancel tournament Doomed Cup' })).toHaveCount(0);
  await expect(page.getByText(refundTexts.cancelledBadge, { exact: true }).filter({ visible: true })).toBeVisible();

  await openAdminTab(page, 'Teams');
  for (const name of ['Early Birds', 'Late Owls']) {
    const card = teamCard(page, name);
    await expect(card.getByTestId('team-status')).toHaveText(teamStatusLabels.refunded);
    await expect(card.getByTestId('team-refunded')).toHaveText(refundTexts.refunded('$25.00'));
    await expect(card.getByRole('button', { name: `Refund ${name}` })).toHaveCount(0);
  }
  await expectNoAxeViolations(page, 'Teams with refunded teams');
  // A team that never paid leaves the organizer's list with the cancellation; the paid ones stay, refunded.
  await expect(teamCard(page, 'Never Paid')).toHaveCount(0);

  const teams = await teamsOf(site, tournament.id);
  for (const name of ['Early Birds', 'Late Owls']) expect(teams.find((t) => t.name === name)).toMatchObject({ paymentStatus: 'refunded', amountPaid: 2500, amountRefunded: 2500 });
  const refunds = (await (await site.adminApi.get(`/api/tournaments/${tournament.id}/refunds`)).json()) as { amount: number; status: string }[];
  expect(refunds.map((r) => [r.amount, r.status])).toEqual([
    [2500, 'succeeded'],
    [2500, 'succeeded'],
  ]);
});
