import { openAdminTab, signInQuickly, toast } from './admin-helpers';
import { createLiveTournament, expect, registerTeam, resetSite, test } from './fixtures';

test.beforeEach(async ({ page, site, baseURL }) => {
  await resetSite(site);
  await signInQuickly(page, baseURL!);
});

const soon = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

test('the organizer undoes a check-in made by mistake; once the bracket is drawn there is no undo', async ({ page, site }) => {
  const tournament = await createLiveTournament(site, { entryFee: '0', checkInEnabled: true, registrationCloses: soon(10), tournamentDate: soon(40) });
  for (const name of ['Sage Advice', 'Spike Rush']) await registerTeam(site, tournament.id, name);
  await openAdminTab(page, 'Match Day');
  const row = page.getByTestId('check-in-row').filter({ hasText: 'Sage Advice' });
  await row.getByRole('button', { name: 'Check in Sage Advice' }).click();
  await expect(row).toContainText('Checked in by the organizer');

  await row.getByRole('button', { name: 'Undo check-in of Sage Advice' }).click();
  await expect(toast(page, 'Check-in Undone')).toContainText('Sage Advice is no longer checked in.');
  await expect(row).toContainText('Not checked in');
  await expect(page.getByTestId('check-in-count')).toHaveText('0 of 2 confirmed teams checked in');

  for (const name of ['Sage Advice', 'Spike Rush']) await page.getByRole('button', { name: `Check in ${name}` }).click();
  await expect(page.getByTestId('check-in-count')).toHaveText('2 of 2 confirmed teams checked in');
  const drawn = await site.adminApi.post(`/api/tournaments/${tournament.id}/bracket`, { data: { seeding: 'registration', thirdPlace: false } });
  expect(drawn.ok(), await drawn.text()).toBe(true);
  await page.reload();
  await openAdminTab(page, 'Match Day');
  await expect(page.getByRole('button', { name: 'Enter result: Sage Advice vs Spike Rush' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Undo check-in/ })).toHaveCount(0);
});
