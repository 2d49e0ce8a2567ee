import type { Page } from '@playwright/test';
import { openAdminTab, signInQuickly, toast } from './admin-helpers';
import { createLiveTournament, expect, registerTeam, resetSite, test, type Site } from './fixtures';

const soon = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

test.use({ viewport: { width: 390, height: 844 } });

test.beforeEach(async ({ site }) => {
  await resetSite(site);
});

/** A free cup whose check-in is open (it closes at the start, in 40 minutes), with these teams registered. */
async function cupWithCheckInOpen(site: Site, names: string[], overrides: Record<string, unknown> = {}) {
  const tournament = await createLiveTournament(site, { entryFee: '0', checkInEnabled: true, registrationCloses: soon(10), tournamentDate: soon(40), ...overrides });
  const teams: { id: string; manageUrl: string }[] = [];
  for (const name of names) teams.push((await registerTeam(site, tournament.id, name)) as { id: string; manageUrl: string });
  return { tournament, teams };
}

const cupCard = (page: Page) => page.getByTestId('cup-standing');

test('drawing the bracket asks first, names who plays and who has not checked in, and closes check-in', async ({ page, site, baseURL }) => {
  const { tournament, teams } = await cupWithCheckInOpen(site, ['Alpha Wolves', 'Bravo Squad', 'Charlie Five']);
  for (const team of teams.slice(0, 2)) expect((await site.adminApi.post(`/api/teams/${team.id}/check-in`)).ok()).toBe(true);

  // Before the draw, the late team's page puts check-in first.
  await page.goto(teams[2].manageUrl);
  await expect(page.getByRole('heading', { name: 'Check-in' })).toBeVisible();
  await expect(page.locator('main h2').first()).toHaveText('Check-in');
  await expect(cupCard(page)).toContainText('Registered');

  await signInQuickly(page, baseURL!);
  await openAdminTab(page, 'Match Day');
  await page.getByRole('button', { name: 'Generate Bracket' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByRole('heading', { name: 'Draw the bracket?' })).toBeVisible();
  await expect(dialog).toContainText(
    `The bracket of ${tournament.name} goes public on the Bracket page with 2 teams. Drawing it closes check-in and registration, and locks rosters and withdrawals.`,
  );
  await expect(dialog.getByTestId('draw-in-bracket')).toHaveText('In the bracket (2)Alpha Wolves, Bravo Squad');
  await expect(dialog.getByTestId('draw-not-checked-in')).toHaveText('Not checked in: will not play (1)Charlie Five');
  await dialog.getByRole('button', { name: 'Draw Bracket' }).click();
  await expect(toast(page, 'Bracket Published')).toBeVisible();

  // Regenerating asks too, and says the public pairings change.
  await page.getByRole('button', { name: 'Regenerate Bracket' }).click();
  await expect(dialog.getByRole('heading', { name: 'Regenerate the bracket?' })).toBeVisible();
  await expect(dialog).toContainText('The public pairings on the Bracket page change for everyone. The new bracket has 2 teams.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // The late team is told it is out, and can no longer check in.
  await page.goto(teams[2].manageUrl);
  await expect(cupCard(page)).toContainText('Not in the bracket');
  await expect(cupCard(page)).toContainText('The bracket was drawn without your team: it had not checked in.');
  await expect(page.getByRole('heading', { name: 'Check-in' })).toHaveCount(0);
  await expect(page.getByText('See you in the bracket!')).toHaveCount(0);

  // A drawn team plays; its roster and withdrawal are over.
  await page.goto(teams[0].manageUrl);
  await expect(cupCard(page)).toContainText('Playing');
  await expect(cupCard(page)).toContainText('Your team is in the bracket. Good luck!');
  await expect(page.getByText('The roster is locked: the bracket has been drawn.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Withdraw Team' })).toHaveCount(0);
  await expect(page.getByText('See you in the bracket!')).toHaveCount(0);
});

test('confirming the champions asks first; the team pages then show champions and placements', async ({ page, site, baseURL }) => {
  const tournament = await createLiveTournament(site, { entryFee: '0', checkInEnabled: false });
  const alpha = (await registerTeam(site, tournament.id, 'Alpha Wolves')) as { id: string; manageUrl: string };
  const bravo = (await registerTeam(site, tournament.id, 'Bravo Squad')) as { id: string; manageUrl: string };
  const drawn = await site.adminApi.post(`/api/tournaments/${tournament.id}/bracket`, { data: { seeding: 'registration', thirdPlace: false } });
  expect(drawn.ok()).toBe(true);
  const final = ((await drawn.json()) as { rounds: { matches: { id: string }[] }[] }).rounds[0].matches[0];
  expect((await site.adminApi.put(`/api/matches/${final.id}`, { data: { winnerTeamId: alpha.id, score: '13-7', note: null } })).ok()).toBe(true);

  await signInQuickly(page, baseURL!);
  await openAdminTab(page, 'Match Day');
  await page.getByRole('button', { name: 'Confirm Champions' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByRole('heading', { name: 'Confirm the champions?' })).toBeVisible();
  await expect(dialog).toContainText(
    `Alpha Wolves are recorded as the champions of ${tournament.name}, Bravo Squad 2nd. The public Hall of Fame shows Alpha Wolves as the winner, and results can no longer change.`,
  );
  await dialog.getByRole('button', { name: 'Confirm Champions' }).click();
  await expect(toast(page, 'Champions Recorded')).toBeVisible();

  await page.goto(alpha.manageUrl);
  await expect(cupCard(page)).toContainText('Champions');
  await expect(cupCard(page)).toContainText('Your team won the tournament. Congratulations!');
  await expect(page.getByText('See you in the bracket!')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Withdraw Team' })).toHaveCount(0);
  await page.goto(bravo.manageUrl);
  await expect(cupCard(page)).toContainText('2nd place');
  await expect(cupCard(page)).toContainText('Your team finished 2nd.');
});

test('a cancelled cup’s team page says so, and what happened to the money', async ({ page, site }) => {
  const tournament = await createLiveTournament(site, { entryFee: '0' });
  const team = (await registerTeam(site, tournament.id, 'Alpha Wolves')) as { id: string; manageUrl: string };
  expect((await site.adminApi.post(`/api/tournaments/${tournament.id}/cancel`, { data: { reason: 'Server outage' } })).ok()).toBe(true);
  await page.goto(team.manageUrl);
  await expect(cupCard(page)).toContainText('Cancelled');
  await expect(cupCard(page)).toContainText('The organizer cancelled the tournament. Nothing was paid, so nothing is owed.');
  await expect(page.getByRole('heading', { name: 'Check-in' })).toHaveCount(0);
});

test('Set Live asks first and names the live cup it replaces', async ({ page, site, baseURL }) => {
  await createLiveTournament(site, { name: 'Old Live Cup' });
  const created = await site.adminApi.post('/api/tournaments', {
    data: { name: 'Next Big Cup', format: '5v5', prizePool: '100', entryFee: '0', currency: 'USD', maxTeams: 8, registrationCloses: soon(24 * 60), tournamentDate: soon(48 * 60) },
  });
  expect(created.ok()).toBe(true);
  await signInQuickly(page, baseURL!);
  await openAdminTab(page, 'Tournaments');
  await page.getByTestId('tournament-card').filter({ hasText: 'Next Big Cup' }).getByRole('button', { name: 'Set Live' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByRole('heading', { name: 'Set Next Big Cup live?' })).toBeVisible();
  await expect(dialog).toContainText(
    'Next Big Cup replaces Old Live Cup as the featured tournament: the home page, registration and the Bracket page show Next Big Cup first from now on. Old Live Cup keeps its registration, check-in and bracket.',
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  const active = (await (await page.context().request.get('/api/tournaments/active')).json()) as { name: string };
  expect(active.name).toBe('Old Live Cup');
});
