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

test('on a 390 px phone Match Day shows whole team names, and a long score leaves the winner readable', async ({ page, site }) => {
  const tournament = await createLiveTournament(site, { entryFee: '0', checkInEnabled: true, registrationCloses: soon(10), tournamentDate: soon(40) });
  const names = ['Sage Advice Esports Collective', 'Spike Rush Esports Collective'];
  for (const name of names) await registerTeam(site, tournament.id, name);
  for (const team of (await (await site.adminApi.get(`/api/tournaments/${tournament.id}/teams`)).json()) as { id: string }[])
    expect((await site.adminApi.post(`/api/teams/${team.id}/check-in`)).ok()).toBe(true);
  const drawn = await site.adminApi.post(`/api/tournaments/${tournament.id}/bracket`, { data: { seeding: 'registration', thirdPlace: false } });
  const { id, team1Id } = ((await drawn.json()) as { rounds: { matches: { id: string; team1Id: string }[] }[] }).rounds[0].matches[0];
  expect((await site.adminApi.put(`/api/matches/${id}`, { data: { winnerTeamId: team1Id, score: '13-11' } })).ok()).toBe(true);

  await page.setViewportSize({ width: 390, height: 844 });
  await openAdminTab(page, 'Match Day');
  /** Whether the element shows its whole text: nothing cut off at its edge. */
  const isWhole = (element: HTMLElement | SVGElement) => element.scrollWidth <= element.clientWidth && element.getBoundingClientRect().width > 40;
  for (const locator of [page.getByTestId('check-in-team-name'), page.getByTestId('bracket-team-name')]) {
    await expect(locator).toHaveText(names);
    for (const element of await locator.all()) expect(await element.evaluate(isWhole)).toBe(true);
  }
});
