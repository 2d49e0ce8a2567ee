import type { Page } from '@playwright/test';
import { expectNoAxeViolations, horizontalOverflow } from './a11y-helpers';
import { openAdminTab, signInQuickly, toast } from './admin-helpers';
import { createLiveTournament, expect, registerTeam, resetSite, test, type Site } from './fixtures';

const names = ['Alpha Wolves', 'Bravo Squad', 'Charlie Five', 'Delta Force', 'Echo Base', 'Foxtrot Unit'];

/** A free tournament (teams confirmed at once) with six teams, seeded in this order. */
async function sixTeams(site: Site, overrides: Record<string, unknown> = {}) {
  const tournament = await createLiveTournament(site, { entryFee: '0', checkInEnabled: false, ...overrides });
  const ids: string[] = [];
  for (const name of names) ids.push((await registerTeam(site, tournament.id, name)).id);
  return { tournament, ids };
}

async function enterResult(page: Page, match: string, winner: string, { correct = false, score }: { correct?: boolean; score?: string } = {}) {
  await page.getByRole('button', { name: `${correct ? 'Correct result' : 'Enter result'}: ${match}` }).click();
  const dialog = page.getByRole('dialog', { name: match });
  await dialog.getByRole('radio', { name: winner }).check();
  if (score) await dialog.getByLabel('Score (optional)').fill(score);
  await dialog.getByRole('button', { name: 'Save Result' }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, 'Result Saved').last()).toBeVisible();
}

test.beforeEach(async ({ site }) => {
  await resetSite(site);
});

test('an organizer checks in 6 teams, generates the bracket, enters every result, corrects one, confirms the final and sees the champion in the hall of fame', async ({ page, site, baseURL }) => {
  // Check-in is open: it closes at the start, in 40 minutes (opened 60 minutes before it).
  const soon = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
  const { tournament } = await sixTeams(site, { checkInEnabled: true, registrationCloses: soon(10), tournamentDate: soon(40) });
  await registerTeam(site, tournament.id, 'Golf Latecomers');
  await signInQuickly(page, baseURL!);
  await openAdminTab(page, 'Match Day');
  await expect(page.getByText('Check-in: Open')).toBeVisible();
  await expect(page.getByText('0 of 7 confirmed teams checked in')).toBeVisible();
  await expect(page.getByText('0 teams in the field.')).toBeVisible();
  for (const [index, name] of names.entries()) {
    await page.getByRole('button', { name: `Check in ${name}` }).click();
    await expect(page.getByTestId('check-in-row').filter({ hasText: name })).toContainText('Checked in by the organizer');
    // The button used is gone: focus moves on to the next team still to check in.
    await expect(page.getByRole('button', { name: `Check in ${names[index + 1] ?? 'Golf Latecomers'}` })).toBeFocused();
  }
  await expect(page.getByText('6 of 7 confirmed teams checked in')).toBeVisible();
  await expect(page.getByTestId('check-in-row').filter({ hasText: 'Golf Latecomers' })).toContainText('Not checked in');
  await expect(page.getByText('6 teams in the field.')).toBeVisible();
  await page.getByRole('button', { name: 'Generate Bracket' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Draw Bracket' }).click();
  await expect(toast(page, 'Bracket Published')).toBeVisible();

  const rounds = page.getByRole('region', { name: 'Bracket to enter results' }).getByTestId('bracket-round');
  await expect(rounds).toHaveCount(3);
  await expect(rounds.nth(0).getByRole('heading')).toHaveText(/Quarter-finals/);
  // Seeds 1 and 2 have byes.
  await expect(rounds.nth(0).getByTestId('bracket-match').nth(0)).toContainText('Alpha Wolves');
  await expect(rounds.nth(0).getByTestId('bracket-match').nth(0)).toContainText('Bye');
  await expect(page.getByRole('button', { name: /^Enter result/ })).toHaveCount(2);

  await enterResult(page, 'Delta Force vs Echo Base', 'Delta Force', { score: '13-9' });
  await enterResult(page, 'Charlie Five vs Foxtrot Unit', 'Charlie Five');
  // Once a result is in, the bracket can no longer be regenerated.
  await expect(page.getByRole('button', { name: 'Generate Bracket' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Regenerate Bracket' })).toHaveCount(0);
  await enterResult(page, 'Alpha Wolves vs Delta Force', 'Alpha Wolves');
  await enterResult(page, 'Bravo Squad vs Charlie Five', 'Bravo Squad');

  // The quarter-final was wrong: Echo Base won. The semi-final Alpha played against Delta is cleared and listed.
  await enterResult(page, 'Delta Force vs Echo Base', 'Echo Base', { correct: true });
  const clearedList = page.getByRole('alert').filter({ hasText: 'These results were cleared because their teams changed. Enter them again:' });
  await expect(clearedList).toContainText('Semi-finals: Alpha Wolves vs Delta Force (was won by Alpha Wolves)');
  await expect(page.getByRole('button', { name: 'Enter result: Alpha Wolves vs Echo Base' })).toBeVisible();
  // The other semi-final kept its result.
  await expect(page.getByRole('button', { name: 'Correct result: Bravo Squad vs Charlie Five' })).toBeVisible();

  await enterResult(page, 'Alpha Wolves vs Echo Base', 'Alpha Wolves');
  await enterResult(page, 'Alpha Wolves vs Bravo Squad', 'Bravo Squad', { score: '13-11' });
  await expect(page.getByText('The final is in. Confirm to record 1st, 2nd and 3rd place as champions; the public Hall of Fame shows the winner.')).toBeVisible();
  // Every result is in: no round is still being played.
  await expect(page.getByText('Now playing')).toHaveCount(0);
  await page.getByRole('button', { name: 'Confirm Champions' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm Champions' }).click();
  await expect(toast(page, 'Champions Recorded')).toBeVisible();
  await expect(page.getByText('Champions recorded in the hall of fame. Prize amounts can be edited on the Champions tab.')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Champions recorded in the hall of fame.' })).toBeFocused();
  await expect(page.getByRole('button', { name: /^Correct result/ })).toHaveCount(0);

  await page.getByRole('link', { name: 'Hall of Fame' }).first().click();
  await expect(page.getByRole('heading', { name: 'Hall of Fame', level: 1 })).toBeVisible();
  await expect(page.getByText('Bravo Squad').first()).toBeVisible();
});

test('the Match Day form shows how the bracket was drawn, after a reload too, and the score field says its order', async ({ page, site, baseURL }) => {
  const { tournament } = await sixTeams(site);
  const drawn = await site.adminApi.post(`/api/tournaments/${tournament.id}/bracket`, { data: { seeding: 'random', thirdPlace: true } });
  expect(drawn.ok(), await drawn.text()).toBe(true);
  await signInQuickly(page, baseURL!);
  await openAdminTab(page, 'Match Day');
  await expect(page.getByLabel('Third-place match')).toBeChecked();
  await expect(page.getByLabel('Seeding')).toHaveValue('random');
  await page.getByRole('button', { name: /^Enter result: / }).first().click();
  await expect(page.getByLabel('Score (optional)')).toHaveAccessibleDescription("The winner's rounds first, e.g. 13-7.");
});

test('a captain checks in on the team page, and focus moves to the confirmation that replaced the button', async ({ page, site }) => {
  const soon = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
  const tournament = await createLiveTournament(site, { entryFee: '0', checkInEnabled: true, registrationCloses: soon(10), tournamentDate: soon(40) });
  const team = (await registerTeam(site, tournament.id, 'Punctual Five')) as { id: string; manageUrl: string };
  await page.goto(team.manageUrl);
  await page.getByRole('button', { name: 'Check In' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Checked in. See you in the bracket!' })).toBeFocused();
});

test('a visitor on a 390 px screen follows the bracket from the navigation; it is axe clean', async ({ page, site }) => {
  const { tournament, ids } = await sixTeams(site);
  // Before the bracket exists: no link, and the page says it is not out yet.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/bracket');
  await expect(page.getByRole('heading', { name: "The Bracket Isn't Out Yet" })).toBeVisible();
  await expect(page.getByText('It appears here once check-in closes and the organizer publishes it.')).toBeVisible();

  const generated = await site.adminApi.post(`/api/tournaments/${tournament.id}/bracket`, { data: { seeding: 'registration' } });
  expect(generated.ok()).toBe(true);
  const bracket = (await generated.json()) as { rounds: { matches: { id: string }[] }[] };
  await site.adminApi.put(`/api/matches/${bracket.rounds[0].matches[1].id}`, { data: { winnerTeamId: ids[4], score: '13-4' } });

  await page.goto('/');
  await page.getByRole('link', { name: 'View Bracket' }).click();
  await expect(page).toHaveURL(/\/bracket$/);
  await expect(page.getByRole('heading', { name: 'Bracket', level: 1 })).toBeVisible();
  const region = page.getByRole('region', { name: `${tournament.name} bracket` });
  const firstRound = region.getByRole('region', { name: 'Quarter-finals' });
  await expect(firstRound.getByText('Bye', { exact: true })).toHaveCount(2);
  const decided = firstRound.getByTestId('bracket-match').nth(1);
  await expect(decided.locator('[data-winner]')).toContainText('Echo Base');
  await expect(decided.locator('[data-winner]')).toContainText('Winner 13-4');
  await expect(region.getByRole('heading', { name: /Quarter-finals/ })).toContainText('Now playing');
  // The rounds scroll sideways inside their region; the page itself does not.
  expect(await horizontalOverflow(page)).toBe(0);
  await expectNoAxeViolations(page, '/bracket at 390 px');

  // Live: a result entered elsewhere shows up without a reload (5 s poll).
  await site.adminApi.put(`/api/matches/${bracket.rounds[0].matches[3].id}`, { data: { winnerTeamId: ids[2] } });
  await expect(firstRound.getByTestId('bracket-match').nth(3).locator('[data-winner]')).toContainText('Charlie Five', { timeout: 10_000 });
  await expect(region.getByRole('heading', { name: /Semi-finals/ })).toContainText('Now playing');

  // The narrowest phones (360 px): still no sideways scroll of the page, the matches readable.
  await page.setViewportSize({ width: 360, height: 780 });
  expect(await horizontalOverflow(page)).toBe(0);
  // The current round stays in view.
  await expect(region.getByRole('heading', { name: /Semi-finals/ })).toBeInViewport();

  // The navigation links to the bracket once it exists.
  await page.getByRole('button', { name: /menu/i }).click();
  await expect(page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Bracket' })).toBeVisible();
});

test('the tournament form sets the check-in window, which must close after it opens, and can turn check-in off', async ({ page, baseURL }) => {
  await signInQuickly(page, baseURL!);
  await openAdminTab(page, 'Tournaments');
  await page.getByRole('button', { name: 'Create Tournament' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Tournament' });
  await dialog.getByLabel('Tournament Name').fill('Check-in Cup');
  await dialog.getByLabel('Format').fill('5v5 Single Elimination');
  await dialog.getByLabel('Prize Pool').fill('1000');
  await dialog.getByLabel('Entry Fee').fill('10');
  await dialog.getByLabel('Registration Closes').fill('2031-03-14T18:30');
  await dialog.getByLabel('Tournament Date').fill('2031-03-20T20:00');
  await expect(dialog.getByLabel('Captains check in before the start (teams that do not are no-shows)')).toBeChecked();
  await expect(dialog.getByText('Empty: 60 minutes before the start.')).toBeVisible();
  await dialog.getByLabel('Check-in Opens (optional)').fill('2031-03-20T19:30');
  await dialog.getByLabel('Check-in Closes (optional)').fill('2031-03-20T19:00');
  await dialog.getByRole('button', { name: 'Create Tournament' }).click();
  await expect(dialog.getByText('Check-in must close after it opens')).toBeVisible();

  await dialog.getByLabel('Check-in Closes (optional)').fill('2031-03-20T19:50');
  await dialog.getByRole('button', { name: 'Create Tournament' }).click();
  await expect(toast(page, 'Tournament Created')).toBeVisible();
  const [created] = (await (await page.context().request.get('/api/tournaments')).json()) as { id: string; checkInEnabled: boolean; checkInOpensAt: string; checkInClosesAt: string }[];
  expect(created.checkInEnabled).toBe(true);
  expect(new Date(created.checkInClosesAt).getTime() - new Date(created.checkInOpensAt).getTime()).toBe(20 * 60_000);

  await page.getByRole('button', { name: 'Edit Check-in Cup' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Tournament' });
  await expect(edit.getByLabel('Check-in Opens (optional)')).toHaveValue('2031-03-20T19:30');
  await edit.getByLabel('Captains check in before the start (teams that do not are no-shows)').uncheck();
  await edit.getByRole('button', { name: 'Update Tournament' }).click();
  await expect(toast(page, 'Tournament Updated')).toBeVisible();
  const [updated] = (await (await page.context().request.get('/api/tournaments')).json()) as { checkInEnabled: boolean }[];
  expect(updated.checkInEnabled).toBe(false);
});
