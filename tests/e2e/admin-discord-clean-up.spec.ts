import { expectAccessible, horizontalOverflow } from './a11y-helpers';
import { openAdminTab, signInQuickly, toast } from './admin-helpers';
import { createLiveTournament, expect, test } from './fixtures';

// The site has a Discord application (the stand-in): the back-office offers Clean Up Discord on a cup that is over.
test.use({ discordApp: true, viewport: { width: 390, height: 844 } });

test('Clean Up Discord is offered on a cancelled cup only, asks first, and says what is being deleted', async ({ page, site, baseURL }) => {
  const suffix = Date.now().toString(36);
  const running = `Running Cup ${suffix}`;
  const over = `Called Off Cup ${suffix}`;
  await createLiveTournament(site, { name: running, entryFee: '0' });
  const cancelled = await createLiveTournament(site, { name: over, entryFee: '0' });
  const cancel = await site.adminApi.post(`/api/tournaments/${cancelled.id}/cancel`, { data: { reason: 'The venue closed' } });
  expect(cancel.ok(), await cancel.text()).toBe(true);

  await signInQuickly(page, baseURL!);
  await openAdminTab(page, 'Tournaments');
  const cards = page.getByTestId('tournament-card');
  await expect(cards.filter({ hasText: over })).toBeVisible();
  // A cup still to be played has no clean-up.
  await expect(cards.filter({ hasText: running })).toBeVisible();
  await expect(cards.filter({ hasText: running }).getByRole('button', { name: /Clean Up Discord/ })).toHaveCount(0);

  const button = cards.filter({ hasText: over }).getByRole('button', { name: `Clean Up Discord for ${over}` });
  await button.click();
  const dialog = page.getByRole('alertdialog', { name: `Clean up Discord for ${over}?` });
  await expect(dialog).toContainText('Its match channels and their category are deleted from the Discord server now');
  expect(await horizontalOverflow(page)).toBe(0);
  await expectAccessible(page, 'Clean Up Discord: the confirmation');
  // Cancel keeps everything.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);

  await button.click();
  await dialog.getByRole('button', { name: 'Clean Up Discord' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(toast(page, 'Discord Cleaned Up')).toContainText(`${over}: nothing of it was on the Discord server.`);
});
