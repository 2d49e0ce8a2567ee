import type { Locator, Page } from '@playwright/test';
import type { Bracket, BracketMatch } from '../../src/shared/schemas/bracket';
import { expectAccessible, expectNoAxeViolations, horizontalOverflow, widestElements } from './a11y-helpers';
import { createLiveTournament, expect, registerTeam, resetSite, test, type Site } from './fixtures';

/** Seeds 1 to 8, in registration order. */
const names = ['Alpha Wolves', 'Bravo Squad', 'Charlie Five', 'Delta Force', 'Echo Base', 'Foxtrot Unit', 'Golf Rangers', 'Hotel Kings'];

/** A free tournament (teams confirmed at once) with the first `count` teams, drawn in `format` by registration order. */
async function drawnCup(site: Site, count: number, draw: Record<string, unknown>) {
  const tournament = await createLiveTournament(site, { entryFee: '0', checkInEnabled: false });
  for (const name of names.slice(0, count)) await registerTeam(site, tournament.id, name);
  const drawn = await site.adminApi.post(`/api/tournaments/${tournament.id}/bracket`, { data: { seeding: 'registration', ...draw } });
  expect(drawn.ok(), await drawn.text()).toBe(true);
  return { tournament, bracket: (await drawn.json()) as Bracket };
}

const everyMatch = (bracket: Bracket): BracketMatch[] =>
  (bracket.stages ?? []).flatMap((stage) => [...stage.rounds.flatMap((round) => round.matches), ...(stage.groups ?? []).flatMap((group) => group.matches)]);

/** The match between two teams (in either order), wherever it is in the stages. */
function matchOf(bracket: Bracket, a: string, b: string): BracketMatch {
  const match = everyMatch(bracket).find((m) => (m.team1Name === a && m.team2Name === b) || (m.team1Name === b && m.team2Name === a));
  if (!match) throw new Error(`no match ${a} vs ${b}`);
  return match;
}

/** Enters a one-map result as the organizer, the winner taking it 13 to `loserRounds`; the cup's bracket becomes the one after it. */
async function win(site: Site, cup: { bracket: Bracket }, winner: string, loser: string, loserRounds = 7): Promise<void> {
  const match = matchOf(cup.bracket, winner, loser);
  const winnerIsTeam1 = match.team1Name === winner;
  const map = { map: 'Ascent', team1Rounds: winnerIsTeam1 ? 13 : loserRounds, team2Rounds: winnerIsTeam1 ? loserRounds : 13 };
  const saved = await site.adminApi.put(`/api/matches/${match.id}`, { data: { maps: [map] } });
  expect(saved.ok(), await saved.text()).toBe(true);
  cup.bracket = ((await saved.json()) as { bracket: Bracket }).bracket;
}

/** The public page at both widths: nothing wider than the screen, axe and IBM Equal Access clean, a screenshot of each for a person to look at. */
async function checkBothWidths(page: Page, name: string, assertions: () => Promise<void>) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/bracket');
    await assertions();
    expect(await horizontalOverflow(page), (await widestElements(page)).join('\n')).toBe(0);
    await expectAccessible(page, `${name} at ${width} px`);
    await page.screenshot({ path: `/tmp/fmt-${name}-${width}.png`, fullPage: true });
  }
}

test.beforeEach(async ({ site }) => {
  await resetSite(site);
});

/** A standings row's cells (place, then the numbers), found by its team's row header. */
const rowCells = (table: Locator, team: string) =>
  table
    .getByRole('row')
    .filter({ has: table.page().getByRole('rowheader', { name: team }) })
    .getByRole('cell');

test.beforeEach(async ({ site }) => {
  await resetSite(site);
});

test('double elimination: the upper bracket, the lower bracket and the grand final are headed sections, at 390 and 1280 px, axe clean', async ({
  page,
  site,
}) => {
  const cup = await drawnCup(site, 6, { format: 'double_elimination' });
  // Before any result, a lower-bracket bye waits for the team that drops into it.
  await page.goto('/bracket');
  const waitingBye = page.getByRole('region', { name: /^Lower round 1/ }).getByTestId('bracket-match').first();
  await expect(waitingBye.getByRole('listitem')).toHaveText(['To be decided', 'Bye']);
  await win(site, cup, 'Delta Force', 'Echo Base', 9);
  await win(site, cup, 'Charlie Five', 'Foxtrot Unit', 4);
  await win(site, cup, 'Alpha Wolves', 'Delta Force');
  // Delta Force, beaten in the upper bracket, wins in the lower one.
  await win(site, cup, 'Delta Force', 'Foxtrot Unit', 10);

  await checkBothWidths(page, 'double', async () => {
    await expect(page.getByText('Double elimination. Results appear here as the organizer enters them; open a match for its maps and veto.')).toBeVisible();
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(['Upper bracket', 'Lower bracket', 'Grand final']);
    const upper = page.getByRole('region', { name: 'Upper bracket rounds' });
    await expect(upper.getByRole('heading', { level: 3 })).toHaveText(['Upper round 1', 'Upper round 2Now playing', 'Upper final']);
    const upperSecond = upper.getByRole('region', { name: /^Upper round 2/ }).getByTestId('bracket-match');
    await expect(upperSecond.first().locator('[data-winner]')).toContainText('Alpha Wolves');
    await expect(upperSecond.first().locator('[data-winner]')).toContainText('Winner');

    const lower = page.getByRole('region', { name: 'Lower bracket rounds' });
    // Nothing to play there until the upper round 2's other loser drops in.
    await expect(lower.getByRole('heading', { level: 3 })).toHaveText(['Lower round 1', 'Lower round 2', 'Lower round 3', 'Lower final']);
    const lowerSecond = lower.getByRole('region', { name: /^Lower round 2/ }).getByTestId('bracket-match');
    await expect(lowerSecond.nth(1).getByTestId('bracket-team-name')).toHaveText(['Foxtrot Unit', 'Delta Force']);
    await expect(lowerSecond.nth(1).locator('[data-winner]')).toContainText('Delta Force');
    await expect(lowerSecond.nth(1).getByText('Lower round 2, match 2')).toBeAttached();
    // The winner goes on in the lower bracket.
    await expect(lower.getByRole('region', { name: /^Lower round 3/ })).toContainText('Delta Force');

    const grandFinal = page.getByRole('region', { name: 'Grand final' });
    await expect(grandFinal.getByTestId('bracket-match')).toHaveCount(1);
    await expect(grandFinal.getByText('To be decided')).toHaveCount(2);
  });
});

test('round robin: a standings table per group with its tiebreak columns and the teams that advance, the matches by round, then the playoff announced', async ({
  page,
  site,
}) => {
  const cup = await drawnCup(site, 8, { format: 'round_robin', groups: 2, playoff: { format: 'single_elimination', advance: 2 } });
  await win(site, cup, 'Alpha Wolves', 'Hotel Kings', 5);
  await win(site, cup, 'Echo Base', 'Delta Force', 11);
  await win(site, cup, 'Bravo Squad', 'Golf Rangers', 8);

  const expectGroups = async (level: 2 | 3) => {
    await expect(page.getByRole('heading', { name: 'Groups', level })).toBeVisible();
    await expect(page.getByRole('heading', { level: (level + 1) as 3 | 4 })).toHaveText(['Group A', 'Group B']);
    const groupA = page.getByRole('table', { name: 'Group A standings' });
    // Short heads on screen, each explained (a tooltip; the full name for screen readers).
    await expect(groupA.locator('thead abbr')).toHaveText(['#', 'P', 'W', 'L', 'MD', 'RD']);
    await expect(groupA.locator('thead abbr[title="Map difference"]')).toHaveText('MD');
    for (const name of ['Place', 'Team', 'Played', 'Wins', 'Losses', 'Map difference', 'Round difference'])
      await expect(groupA.getByRole('columnheader', { name, exact: true })).toBeVisible();
    await expect(groupA.getByRole('rowheader')).toHaveText([/Alpha Wolves Advances/, /Echo Base Advances/, /Delta Force$/, /Hotel Kings$/]);
    await expect(rowCells(groupA, 'Alpha Wolves')).toHaveText(['1', '1', '1', '0', '+1', '+8']);
    await expect(rowCells(groupA, 'Echo Base')).toHaveText(['2', '1', '1', '0', '+1', '+2']);
    await expect(rowCells(groupA, 'Delta Force')).toHaveText(['3', '1', '0', '1', '−1', '−2']);
    await expect(rowCells(groupA, 'Hotel Kings')).toHaveText(['4', '1', '0', '1', '−1', '−8']);
    const groupB = page.getByRole('table', { name: 'Group B standings' });
    await expect(rowCells(groupB, 'Bravo Squad')).toHaveText(['1', '1', '1', '0', '+1', '+5']);
    await expect(page.getByText('P played · W wins · L losses · MD map difference · RD round difference').first()).toBeVisible();
    // Each group's matches, by round: group A's first round is played, its second is next.
    const matchesA = page.getByRole('region', { name: 'Group A matches' });
    await expect(matchesA.getByRole('heading', { level: (level + 2) as 4 | 5 })).toHaveText(['Round 1', 'Round 2Now playing', 'Round 3']);
    await expect(matchesA.getByRole('region', { name: /^Group A Round 1/ }).locator('[data-winner]')).toHaveText([/Alpha Wolves/, /Echo Base/]);
    await expect(page.getByRole('heading', { name: 'Playoffs', level })).toBeVisible();
    await expect(page.getByText('The top 2 of each group go through to a single-elimination playoff.')).toBeVisible();
  };

  await checkBothWidths(page, 'groups', async () => {
    await expect(
      page.getByText(
        'Round-robin groups, then a single-elimination playoff. Results appear here as the organizer enters them; open a match for its maps and veto.',
      ),
    ).toBeVisible();
    await expectGroups(2);
  });

  // The cup's own page shows the same stages under its Bracket section.
  const { slug } = (await (await site.adminApi.get(`/api/tournaments/${cup.tournament.id}`)).json()) as { slug: string };
  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto(`/tournaments/${slug}`);
  await expect(page.getByRole('heading', { name: 'Bracket', level: 2 })).toBeVisible();
  await expectGroups(3);
  expect(await horizontalOverflow(page), (await widestElements(page)).join('\n')).toBe(0);
  await expectNoAxeViolations(page, 'cup page with groups at 390 px');

  // The embeds: the standings are the group tables, the bracket the same stages.
  await page.goto(`/embed/tournaments/${slug}/standings`);
  await expect(rowCells(page.getByRole('table', { name: 'Group A standings' }), 'Alpha Wolves')).toHaveText(['1', '1', '1', '0', '+1', '+8']);
  await expect(page.getByRole('table', { name: 'Group B standings' })).toBeVisible();
  await page.goto(`/embed/tournaments/${slug}/bracket`);
  await expect(page.getByRole('region', { name: 'Group A matches' })).toBeVisible();
});

test('Swiss: the standings with records, Buchholz and differences, and round 2 paired by record, at 390 and 1280 px, axe clean', async ({ page, site }) => {
  const cup = await drawnCup(site, 8, { format: 'swiss' });
  await win(site, cup, 'Alpha Wolves', 'Echo Base', 5);
  await win(site, cup, 'Foxtrot Unit', 'Bravo Squad', 11);
  await win(site, cup, 'Charlie Five', 'Golf Rangers', 9);
  await win(site, cup, 'Delta Force', 'Hotel Kings', 3);

  await checkBothWidths(page, 'swiss', async () => {
    await expect(page.getByText('Swiss. Results appear here as the organizer enters them; open a match for its maps and veto.')).toBeVisible();
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(['Standings', 'Rounds']);
    const table = page.getByRole('table', { name: 'Swiss standings' });
    for (const name of ['Place', 'Team', 'Wins and losses', 'Buchholz (wins of the opponents played)', 'Map difference', 'Round difference'])
      await expect(table.getByRole('columnheader', { name, exact: true })).toBeVisible();
    await expect(table.getByRole('rowheader')).toHaveText(
      ['Delta Force', 'Alpha Wolves', 'Charlie Five', 'Foxtrot Unit', 'Bravo Squad', 'Golf Rangers', 'Echo Base', 'Hotel Kings'].map(
        (name) => new RegExp(`${name}$`),
      ),
    );
    await expect(rowCells(table, 'Delta Force')).toHaveText(['1', '1–0', '0', '+1', '+10']);
    await expect(rowCells(table, 'Hotel Kings')).toHaveText(['8', '0–1', '1', '−1', '−10']);
    // No playoff follows: no team is marked as going through.
    await expect(table.getByText('Advances')).toHaveCount(0);

    await expect(
      page.getByText('From round 2, beside each team: its record (wins–losses) going into the round. Teams with the same record meet.'),
    ).toBeVisible();
    const rounds = page.getByRole('region', { name: 'Swiss rounds' });
    await expect(rounds.getByRole('heading', { level: 3 })).toHaveText(['Round 1', 'Round 2Now playing']);
    const second = rounds.getByRole('region', { name: /^Round 2/ }).getByTestId('bracket-match');
    await expect(second).toHaveCount(4);
    await expect(second.first().getByTestId('bracket-team-name')).toHaveText(['Alpha Wolves', 'Delta Force']);
    await expect(second.first().getByTestId('swiss-record')).toHaveText(['1–0', '1–0'].map((record) => new RegExp(`${record}$`)));
    await expect(second.first().getByTestId('swiss-record').first()).toHaveText(', record before this round: 1–0');
    await expect(second.last().getByTestId('bracket-team-name')).toHaveText(['Echo Base', 'Hotel Kings']);
    await expect(second.last().getByTestId('swiss-record')).toHaveText([/0–1$/, /0–1$/]);
    // Round 1's pairings carry no record: everyone was 0–0.
    await expect(rounds.getByRole('region', { name: /^Round 1/ }).getByTestId('swiss-record')).toHaveCount(0);
  });
});

/** Every open match of the first stage won by its first team (13–7), until none is left. */
async function finishFirstStage(site: Site, cup: { bracket: Bracket }) {
  for (;;) {
    const open = everyMatch({ ...cup.bracket, stages: cup.bracket.stages!.slice(0, 1) }).find(
      (m) => !m.isBye && m.team1Name && m.team2Name && m.winnerTeamId === null,
    );
    if (!open) return;
    await win(site, cup, open.team1Name!, open.team2Name!);
  }
}

test('a playoff after the first stage: announced with who goes through, then drawn and shown as its own format under "Playoffs"', async ({ page, site }) => {
  const cup = await drawnCup(site, 4, { format: 'swiss', rounds: 2, playoff: { format: 'double_elimination', advance: 4 } });
  await finishFirstStage(site, cup);
  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto('/bracket');
  await expect(
    page.getByText('Swiss, then a double-elimination playoff. Results appear here as the organizer enters them; open a match for its maps and veto.'),
  ).toBeVisible();
  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(['Swiss stage', 'Playoffs']);
  await expect(page.getByRole('main').getByRole('heading', { level: 3 })).toHaveText(['Standings', 'Rounds']);
  await expect(page.getByText('The top 4 of the standings go through to a double-elimination playoff.')).toBeVisible();
  await expect(page.getByText('The first stage is complete: the playoff appears here once the organizer draws it.')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Swiss standings' }).getByText('Advances')).toHaveCount(4);

  const drawn = await site.adminApi.post(`/api/tournaments/${cup.tournament.id}/bracket/playoff`);
  expect(drawn.ok(), await drawn.text()).toBe(true);
  await page.reload();
  const playoffs = page.getByRole('region', { name: 'Playoffs' });
  await expect(playoffs.getByRole('heading', { level: 3 })).toHaveText(['Upper bracket', 'Lower bracket', 'Grand final']);
  await expect(playoffs.getByRole('region', { name: 'Upper bracket rounds' }).getByRole('heading', { level: 4 })).toHaveText([
    'Upper round 1Now playing',
    'Upper final',
  ]);
  await expect(page.getByText('The first stage is complete: the playoff appears here once the organizer draws it.')).toHaveCount(0);
  expect(await horizontalOverflow(page), (await widestElements(page)).join('\n')).toBe(0);
  await expectNoAxeViolations(page, 'Swiss then a drawn double-elimination playoff at 390 px');
  await page.screenshot({ path: '/tmp/fmt-playoff-double-390.png', fullPage: true });
});

test('a single-elimination playoff after two groups: its rounds and third-place match under "Playoffs", at 1280 px', async ({ page, site }) => {
  const cup = await drawnCup(site, 4, { format: 'round_robin', groups: 2, playoff: { format: 'single_elimination', advance: 2, thirdPlace: true } });
  await finishFirstStage(site, cup);
  const drawn = await site.adminApi.post(`/api/tournaments/${cup.tournament.id}/bracket/playoff`);
  expect(drawn.ok(), await drawn.text()).toBe(true);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/bracket');
  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(['Groups', 'Playoffs']);
  const playoffs = page.getByRole('region', { name: 'Playoffs' });
  await expect(playoffs.getByRole('region', { name: 'Playoffs bracket' }).getByRole('heading', { level: 3 })).toHaveText([
    'Semi-finalsNow playing',
    'Final',
    'Third-place match',
  ]);
  await expect(page.getByText(/go through to a/)).toHaveCount(0);
  await expectNoAxeViolations(page, 'groups then a drawn single-elimination playoff at 1280 px');
  await page.screenshot({ path: '/tmp/fmt-playoff-single-1280.png', fullPage: true });
});
