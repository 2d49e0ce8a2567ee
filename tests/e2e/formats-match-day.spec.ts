import type { Page } from '@playwright/test';
import { expectNoAxeViolations, horizontalOverflow } from './a11y-helpers';
import { openAdminTab, signInQuickly, toast } from './admin-helpers';
import { createLiveTournament, expect, registerTeam, resetSite, test, type Site } from './fixtures';

const names = ['Alpha Wolves', 'Bravo Squad', 'Charlie Five', 'Delta Force', 'Echo Base', 'Foxtrot Unit', 'Golf Club', 'Hotel Lobby'];

/** A free tournament (teams confirmed at once, no check-in) with the first `count` teams, seeded in this order. */
async function teams(site: Site, count: number) {
  const tournament = await createLiveTournament(site, { entryFee: '0', checkInEnabled: false });
  for (const name of names.slice(0, count)) await registerTeam(site, tournament.id, name);
  return tournament;
}

interface ApiMatch {
  id: string;
  team1Id: string | null;
  team1Name: string | null;
  team2Id: string | null;
  team2Name: string | null;
  winnerTeamId: string | null;
  isBye: boolean;
}
interface ApiBracket {
  rounds: { name: string; matches: ApiMatch[] }[];
  placements: { first: string; second: string; third: string[] } | null;
}

const readBracket = async (site: Site, tournamentId: string) =>
  (await (await site.adminApi.get(`/api/tournaments/${tournamentId}/bracket`)).json()) as ApiBracket;

/** Enters every result still open through the API, the first-named team winning. */
async function playOpenMatchesThroughApi(site: Site, tournamentId: string) {
  for (const match of (await readBracket(site, tournamentId)).rounds.flatMap((round) => round.matches)) {
    if (match.isBye || !match.team1Id || !match.team2Id || match.winnerTeamId) continue;
    const saved = await site.adminApi.put(`/api/matches/${match.id}`, { data: { winnerTeamId: match.team1Id } });
    expect(saved.ok(), await saved.text()).toBe(true);
  }
}

/** Enters a result on Match Day, the first-named team winning. */
async function enterFirstOpenResult(page: Page) {
  const button = page.getByRole('button', { name: /^Enter result: / }).first();
  const title = (await button.getAttribute('aria-label'))!.replace('Enter result: ', '');
  await button.click();
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.getByRole('radio', { name: title.split(' vs ')[0], exact: true }).check();
  await dialog.getByRole('button', { name: 'Save Result' }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, 'Result Saved').last()).toBeVisible();
}

test.beforeEach(async ({ page, site, baseURL }) => {
  await resetSite(site);
  await signInQuickly(page, baseURL!);
});

test('the organizer draws round-robin groups with a playoff, plays the groups, draws the playoff, plays it through and confirms the champions', async ({
  page,
  site,
}) => {
  const tournament = await teams(site, 8);
  await openAdminTab(page, 'Match Day');
  await expect(page.getByText('8 teams in the field.')).toBeVisible();

  await page.getByLabel('Format').selectOption({ label: 'Round-robin groups' });
  // Round robin has no third-place match of its own; its options show instead.
  await expect(page.getByLabel('Third-place match')).toHaveCount(0);
  const groups = page.getByLabel('Groups');
  await groups.fill('5');
  await page.getByRole('button', { name: 'Generate Bracket' }).click();
  // Refused on the field, with focus there: the dialog does not open.
  await expect(groups).toHaveAccessibleDescription('5 groups need at least 10 teams');
  await expect(groups).toBeFocused();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expectNoAxeViolations(page, 'the draw form with a refused field');
  // The fields say what is still wrong as they change.
  await groups.fill('2');
  await expect(groups).not.toHaveAttribute('aria-invalid');
  await expect(page.getByLabel('Playoff', { exact: true })).toHaveAccessibleDescription('Several groups need a playoff to decide the champion');
  await page.getByLabel('Playoff', { exact: true }).selectOption({ label: 'Single elimination' });
  await expect(page.getByLabel('Teams that go through')).toHaveValue('2');
  await expect(page.getByLabel('Teams that go through')).toHaveAccessibleDescription('From each group, by the standings.');
  await page.getByLabel('Teams that go through').fill('5');
  await expect(page.getByLabel('Teams that go through')).toHaveAccessibleDescription(/A group has 4 teams: at most 4 go through/);
  const form = page.locator('form').filter({ has: page.getByLabel('Format') });
  await form.screenshot({ path: '/tmp/fmtdraw-form-1280.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await form.screenshot({ path: '/tmp/fmtdraw-form-390.png' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByLabel('Teams that go through').fill('2');
  await page.getByLabel('Third-place match').check();

  await page.getByRole('button', { name: 'Generate Bracket' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByTestId('draw-stages')).toHaveText(
    'Round-robin groups: 2 groups, each pair meets once; then the top 2 of each group play a single-elimination playoff, drawn once every result of the first stage is in.',
  );
  await expectNoAxeViolations(page, 'the draw dialog, round robin');
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: '/tmp/fmtdraw-dialog-390.png' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: '/tmp/fmtdraw-dialog-1280.png' });
  await dialog.getByRole('button', { name: 'Draw Bracket' }).click();
  await expect(toast(page, 'Bracket Published')).toBeVisible();

  await expect(page.getByText('Round-robin groups for Winter Clash 2026: from the confirmed teams.')).toBeVisible();
  await expect(page.getByTestId('playoff-status')).toHaveText('The playoff is drawn once every result of the first stage is in.');
  const rounds = page.getByRole('region', { name: 'Bracket to enter results' }).getByTestId('bracket-round');
  await expect(rounds.getByRole('heading')).toHaveText(['Round 1Now playing', 'Round 2', 'Round 3']);
  await expect(rounds.nth(0).getByTestId('match-part')).toHaveText(['Group A', 'Group A', 'Group B', 'Group B']);
  await page.screenshot({ path: '/tmp/fmtdraw-groups-1280.png', fullPage: true });

  // One group result through the page, the rest through the API.
  await enterFirstOpenResult(page);
  await playOpenMatchesThroughApi(site, tournament.id);
  await openAdminTab(page, 'Match Day');
  await expect(page.getByTestId('playoff-status')).toHaveCount(0);
  await expect(page.getByText('Every result of the first stage is in: draw the playoff from the standings.')).toBeVisible();
  await page.getByRole('button', { name: 'Draw the Playoff' }).click();
  const drawPlayoff = page.getByRole('alertdialog', { name: 'Draw the playoff?' });
  await expect(drawPlayoff).toContainText(
    '4 teams go through to the single-elimination playoff: the top 2 of each group, seeded from the standings. The playoff goes public on the Bracket page.',
  );
  await expectNoAxeViolations(page, 'the draw-the-playoff dialog');
  await drawPlayoff.getByRole('button', { name: 'Draw Playoff' }).click();
  await expect(toast(page, 'Playoff Drawn')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Playoff drawn: 4 teams play it. Enter its results below.' })).toBeFocused();
  await expect(rounds.getByRole('heading', { name: /^Playoffs: / })).toHaveText(['Playoffs: Semi-finalsNow playing', 'Playoffs: Final']);

  // The semi-finals, then the final and the third-place match.
  for (let left = 4; left > 0; left--) {
    await expect(page.getByRole('button', { name: /^Enter result: / })).toHaveCount(left > 2 ? left - 2 : left);
    await enterFirstOpenResult(page);
  }
  await expect(
    page.getByText('The final is in. Confirm to record 1st, 2nd and 3rd place as champions; the public Hall of Fame shows the winner.'),
  ).toBeVisible();

  const { placements, rounds: played } = await readBracket(site, tournament.id);
  const nameOf = new Map(played.flatMap((round) => round.matches.flatMap((m) => [[m.team1Id, m.team1Name] as const, [m.team2Id, m.team2Name] as const])));
  const [first, second, third] = [nameOf.get(placements!.first), nameOf.get(placements!.second), nameOf.get(placements!.third[0])];
  await page.getByRole('button', { name: 'Confirm Champions' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Confirm the champions?' });
  await expect(confirm).toContainText(
    `${first} are recorded as the champions of Winter Clash 2026, ${second} 2nd and ${third} 3rd. The public Hall of Fame shows ${first} as the winner, and results can no longer change.`,
  );
  await confirm.getByRole('button', { name: 'Confirm Champions' }).click();
  await expect(toast(page, 'Champions Recorded')).toBeVisible();
  await expect(page.getByText('Champions recorded in the hall of fame. Prize amounts can be edited on the Champions tab.')).toBeVisible();
});

test('the organizer draws a double-elimination bracket from the dialog; the Swiss rounds say their default', async ({ page, site }) => {
  const tournament = await teams(site, 6);
  await openAdminTab(page, 'Match Day');

  await page.getByLabel('Format').selectOption({ label: 'Swiss' });
  await expect(page.getByLabel('Rounds', { exact: true })).toHaveAccessibleDescription('Leave empty for 3 rounds, the default for 6 teams.');
  await page.getByLabel('Rounds', { exact: true }).fill('9');
  await page.getByRole('button', { name: 'Generate Bracket' }).click();
  await expect(page.getByLabel('Rounds', { exact: true })).toHaveAccessibleDescription(/6 teams play at most 5 Swiss rounds/);

  await page.getByLabel('Format').selectOption({ label: 'Double elimination' });
  await expect(page.getByLabel('Rounds', { exact: true })).toHaveCount(0);
  await expect(page.getByLabel('Third-place match')).toHaveCount(0);
  await expect(page.getByLabel('Grand final reset')).toBeChecked();
  await page.getByRole('button', { name: 'Generate Bracket' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByTestId('draw-stages')).toHaveText(
    'Double elimination: a grand final between the upper and lower bracket winners, played again if the lower-bracket team wins the first.',
  );
  await expectNoAxeViolations(page, 'the draw dialog, double elimination');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: '/tmp/fmtdraw-de-dialog-390.png' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await dialog.getByRole('button', { name: 'Draw Bracket' }).click();
  await expect(toast(page, 'Bracket Published')).toBeVisible();

  await expect(page.getByText('Double elimination for Winter Clash 2026: from the confirmed teams.')).toBeVisible();
  const headings = page.getByRole('region', { name: 'Bracket to enter results' }).getByTestId('bracket-round').getByRole('heading');
  await expect(headings.first()).toHaveText(/^Upper round 1/);
  await expect(headings.filter({ hasText: /^Lower round 1/ })).toHaveCount(1);
  await expect(headings.filter({ hasText: /^Grand final/ })).not.toHaveCount(0);
  await enterFirstOpenResult(page);
  expect((await readBracket(site, tournament.id)).rounds.flatMap((round) => round.matches).filter((match) => match.winnerTeamId && !match.isBye)).toHaveLength(
    1,
  );
  await page.screenshot({ path: '/tmp/fmtdraw-de-1280.png', fullPage: true });
});

test("the server's refusal of a format option stays under its field once the dialog is closed", async ({ page, site }) => {
  await teams(site, 3);
  await openAdminTab(page, 'Match Day');
  // Three teams cannot play a third-place match: a rule only the server checks.
  await page.getByLabel('Third-place match').check();
  await page.getByRole('button', { name: 'Generate Bracket' }).click();
  const dialog = page.getByRole('alertdialog');
  await dialog.getByRole('button', { name: 'Draw Bracket' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('A third-place match needs at least 4 teams');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByLabel('Third-place match')).toHaveAccessibleDescription('A third-place match needs at least 4 teams');
  await page.getByLabel('Third-place match').uncheck();
  await expect(page.getByLabel('Third-place match')).not.toHaveAttribute('aria-invalid');
});

test('the Match Day form starts from how the bracket was drawn: the format, its options and its playoff', async ({ page, site }) => {
  const tournament = await teams(site, 8);
  const drawn = await site.adminApi.post(`/api/tournaments/${tournament.id}/bracket`, {
    data: { seeding: 'registration', format: 'round_robin', groups: 2, doubleRoundRobin: true, playoff: { format: 'double_elimination', advance: 2 } },
  });
  expect(drawn.ok(), await drawn.text()).toBe(true);
  await openAdminTab(page, 'Match Day');
  await expect(page.getByLabel('Format')).toHaveValue('round_robin');
  await expect(page.getByLabel('Groups')).toHaveValue('2');
  await expect(page.getByLabel('Each pair meets twice')).toBeChecked();
  await expect(page.getByLabel('Playoff', { exact: true })).toHaveValue('double_elimination');
  await expect(page.getByLabel('Teams that go through')).toHaveValue('2');
  await expect(page.getByTestId('playoff-status')).toHaveText('The playoff is drawn once every result of the first stage is in.');
  await page.getByRole('button', { name: 'Regenerate Bracket' }).click();
  await expect(page.getByRole('alertdialog').getByTestId('draw-stages')).toHaveText(
    'Round-robin groups: 2 groups, each pair meets twice; then the top 2 of each group play a double-elimination playoff, drawn once every result of the first stage is in.',
  );
});

test('a Swiss stage without a playoff: its next round is paired once the one before is in, and the champions come from the standings', async ({
  page,
  site,
}) => {
  const tournament = await teams(site, 4);
  await openAdminTab(page, 'Match Day');
  await page.getByLabel('Format').selectOption({ label: 'Swiss' });
  await page.getByRole('button', { name: 'Generate Bracket' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByTestId('draw-stages')).toHaveText('Swiss: 2 rounds.');
  await dialog.getByRole('button', { name: 'Draw Bracket' }).click();
  await expect(toast(page, 'Bracket Published')).toBeVisible();

  await expect(page.getByRole('button', { name: /^Enter result: / })).toHaveCount(2);
  await enterFirstOpenResult(page);
  await enterFirstOpenResult(page);
  // The second round, paired from the first's records.
  await expect(page.getByRole('button', { name: /^Enter result: / })).toHaveCount(2);
  await playOpenMatchesThroughApi(site, tournament.id);
  await openAdminTab(page, 'Match Day');
  await expect(
    page.getByText('Every result is in. Confirm to record 1st, 2nd and 3rd place as champions; the public Hall of Fame shows the winner.'),
  ).toBeVisible();
  const { placements, rounds } = await readBracket(site, tournament.id);
  const nameOf = new Map(rounds.flatMap((round) => round.matches.flatMap((m) => [[m.team1Id, m.team1Name] as const, [m.team2Id, m.team2Name] as const])));
  await page.getByRole('button', { name: 'Confirm Champions' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Confirm the champions?' })).toContainText(
    `${nameOf.get(placements!.first)} are recorded as the champions of Winter Clash 2026, ${nameOf.get(placements!.second)} 2nd and ${nameOf.get(placements!.third[0])} 3rd.`,
  );
});

test('correcting a Swiss result that pairs a played round again: Match Day names the results it would clear, and clears them only when asked', async ({ page, site }) => {
  const tournament = await teams(site, 8);
  const drawn = await site.adminApi.post(`/api/tournaments/${tournament.id}/bracket`, { data: { seeding: 'registration', format: 'swiss' } });
  expect(drawn.ok(), await drawn.text()).toBe(true);
  // Rounds 1 and 2, the first-named team winning each match.
  await playOpenMatchesThroughApi(site, tournament.id);
  await playOpenMatchesThroughApi(site, tournament.id);
  const round1 = (await readBracket(site, tournament.id)).rounds[0].matches;
  const last = round1[3];
  const title = `${last.team1Name} vs ${last.team2Name}`;

  await openAdminTab(page, 'Match Day');
  await page.getByRole('button', { name: `Correct result: ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.getByRole('radio', { name: last.team2Name!, exact: true }).check();
  await dialog.getByRole('button', { name: 'Save Result' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('This correction pairs a later Swiss round again: Round 2, Match 2, Round 2, Match 4 would be cleared');
  expect((await readBracket(site, tournament.id)).rounds[0].matches[3].winnerTeamId).toBe(last.team1Id);
  await expectNoAxeViolations(page, 'the result dialog asking to clear a Swiss round');

  await dialog.getByRole('button', { name: 'Clear Them and Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, 'Result Saved').last()).toContainText('2 later results were cleared: enter them again.');
  expect((await readBracket(site, tournament.id)).rounds[0].matches[3].winnerTeamId).toBe(last.team2Id);
});
