import type { Browser, Page } from '@playwright/test';
import { expectAccessible } from './a11y-helpers';
import { openAdminTab, signInQuickly, toast } from './admin-helpers';
import { createLiveTournament, expect, registerTeam, resetSite, startNow, test, type Site } from './fixtures';

// A poll (3 s) plus the time a page takes to render it.
const withinAPoll = { timeout: 8000 };

/**
 * A free cup of two teams (Alpha Wolves seed 1) whose final is a best of 3, drawn now and started
 * a minute ago, so its veto is open; each turn gets 15 minutes (no turn runs out during a test).
 */
async function startedFinal(site: Site) {
  const tournament = await createLiveTournament(site, { name: 'Series Cup', entryFee: '0', checkInEnabled: false });
  const alpha = await registerTeam(site, tournament.id, 'Alpha Wolves');
  const bravo = await registerTeam(site, tournament.id, 'Bravo Squad');
  const drawn = await site.adminApi.post(`/api/tournaments/${tournament.id}/bracket`, { data: { seeding: 'registration', bestOf: 3, finalBestOf: 3 } });
  expect(drawn.ok(), await drawn.text()).toBe(true);
  const matchId = ((await drawn.json()) as { rounds: { matches: { id: string }[] }[] }).rounds[0].matches[0].id;
  await startNow(site, tournament.id);
  return { tournament, alpha, bravo, matchId };
}

/** Both captains say their team is ready (the ready check opens 15 minutes before the match): the veto opens. */
async function bothReady(site: Site, matchId: string, ...teams: { manageUrl: string }[]) {
  for (const team of teams) {
    const { id, key } = linkOf(team.manageUrl);
    const ready = await site.adminApi.post(`/api/manage/${id}/matches/${matchId}/ready`, { headers: { Authorization: `Bearer ${key}` } });
    expect(ready.ok(), await ready.text()).toBe(true);
  }
}

function linkOf(manageUrl: string): { id: string; key: string } {
  const url = new URL(manageUrl, 'http://site');
  const id = url.pathname.split('/').filter(Boolean).at(-1)!;
  return { id, key: url.searchParams.get('key') ?? '' };
}

async function captainPage(browser: Browser, baseURL: string, manageUrl: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(manageUrl);
  await expect(page.getByTestId('your-match')).toBeVisible();
  return page;
}

test.beforeEach(async ({ site }) => {
  await resetSite(site);
});

test('two captains on phones run a best-of-3 veto on their team pages, each seeing the other’s choices within a poll; the match page shows the log and the maps', async ({
  browser,
  site,
  baseURL,
}) => {
  // Eleven veto turns, each seen by the other captain within a 3 s poll: about 50 s on a loaded 2-core machine.
  test.setTimeout(120_000);
  const { alpha, bravo, matchId } = await startedFinal(site);
  const a = await captainPage(browser, baseURL!, alpha.manageUrl);
  const b = await captainPage(browser, baseURL!, bravo.manageUrl);
  const cardA = a.getByTestId('your-match');
  const cardB = b.getByTestId('your-match');

  await expect(cardA.getByTestId('your-match-opponent')).toHaveText('Bravo Squad');
  await expect(cardA).toContainText('Best of 3');
  // The ready check first: each captain says the team is here; the veto opens when both have.
  await expect(cardA.getByTestId('ready-check')).toContainText('When both teams are ready, the map veto opens.');
  await cardA.getByRole('button', { name: 'Ready', exact: true }).click();
  await expect(cardA.getByTestId('ready-check')).toContainText('Your team is ready. Waiting for Bravo Squad.');
  await expect(cardB.getByTestId('ready-check')).toContainText('Alpha Wolves is ready.', withinAPoll);
  await cardB.getByRole('button', { name: 'Ready', exact: true }).click();
  // The higher seed chooses whether to start; the other captain waits, told whose turn it is.
  await expect(cardA.getByTestId('veto-turn')).toContainText('Your turn: choose whether to start the veto');
  await expect(cardA.getByTestId('veto-time-left')).toHaveText(/^1[45]:\d\d left$/);
  await expect(cardA.getByTestId('veto-announcement')).toHaveText(/^Your turn: choose whether to start the veto\. Time runs out at .+\.$/);
  await expect(cardB.getByTestId('veto-turn')).toContainText('Alpha Wolves chooses whether to start the veto');
  await expect(cardB).toContainText('Waiting for Alpha Wolves.');
  await expect(cardB.getByTestId('veto-choices')).toHaveCount(0);
  await expectAccessible(a, 'the veto controls on the team page at 390 px');

  /** One captain acts; the other sees the log line, then has the next turn. */
  const turns: [Page, string, string][] = [
    [a, 'Start the veto', 'Alpha Wolves chose to start the veto'],
    [a, 'Ban Abyss', 'Alpha Wolves banned Abyss'],
    [b, 'Ban Ascent', 'Bravo Squad banned Ascent'],
    [a, 'Pick Bind', 'Alpha Wolves picked Bind'],
    [b, 'Start on Attack', 'Bravo Squad starts on Attack on Bind'],
    [b, 'Pick Haven', 'Bravo Squad picked Haven'],
    [a, 'Start on Defense', 'Alpha Wolves starts on Defense on Haven'],
    [a, 'Ban Icebox', 'Alpha Wolves banned Icebox'],
    [b, 'Ban Lotus', 'Bravo Squad banned Lotus'],
    [b, 'Start on Attack', 'Bravo Squad starts on Attack on Sunset'],
  ];
  for (const [page, button, line] of turns) {
    const other = page === a ? b : a;
    const control = page.getByTestId('your-match').getByRole('button', { name: button, exact: true });
    await expect(control).toBeVisible(withinAPoll);
    await control.click();
    await expect(other.getByTestId('your-match').getByTestId('veto-log')).toContainText(line, withinAPoll);
  }
  await expect(cardA).toContainText('The veto is over: the maps are settled.', withinAPoll);
  await expect(cardB.getByTestId('settled-maps').getByRole('listitem')).toHaveText([
    'Map 1: Bind · picked by Alpha Wolves; Bravo Squad starts on Attack',
    'Map 2: Haven · picked by Bravo Squad; Alpha Wolves starts on Defense',
    'Map 3: Sunset · decider; Bravo Squad starts on Attack',
  ]);

  // The public page is rendered by the server, named by its teams for link previews.
  const html = await (await a.request.get(`/matches/${matchId}`)).text();
  expect(html).toContain('<meta property="og:title" content="Alpha Wolves vs Bravo Squad | Clutch Cup" />');
  expect(html).toMatch(/<title>Alpha Wolves vs Bravo Squad \| [^<]+<\/title>/);
  expect(html).toContain('Sunset is the decider');

  // The public page: the log in order, the maps to play, the status.
  const page = a;
  await page.goto(`/matches/${matchId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Alpha Wolves vs Bravo Squad');
  await expect(page).toHaveTitle(/^Alpha Wolves vs Bravo Squad \| /);
  await expect(page.getByTestId('match-status')).toHaveText('Live');
  await expect(page.getByTestId('veto-log').getByRole('listitem')).toHaveText([
    '1.Alpha Wolves chose to start the veto',
    '2.Alpha Wolves banned Abyss',
    '3.Bravo Squad banned Ascent',
    '4.Alpha Wolves picked Bind',
    '5.Bravo Squad starts on Attack on Bind',
    '6.Bravo Squad picked Haven',
    '7.Alpha Wolves starts on Defense on Haven',
    '8.Alpha Wolves banned Icebox',
    '9.Bravo Squad banned Lotus',
    '10.Sunset is the decider',
    '11.Bravo Squad starts on Attack on Sunset',
  ]);
  await expect(page.getByTestId('match-map').getByText(/^Map \d: /)).toHaveText(['Map 1: Bind', 'Map 2: Haven', 'Map 3: Sunset']);
  await expectAccessible(page, 'the match page after the veto at 390 px');

  // The organizer enters the maps: the page follows within a poll, with the series score.
  const result = await site.adminApi.put(`/api/matches/${matchId}`, {
    data: {
      maps: [
        { map: 'Bind', team1Rounds: 13, team2Rounds: 11 },
        { map: 'Haven', team1Rounds: 9, team2Rounds: 13 },
        { map: 'Sunset', team1Rounds: 14, team2Rounds: 12 },
      ],
    },
  });
  expect(result.ok(), await result.text()).toBe(true);
  await expect(page.getByTestId('match-status')).toHaveText('Finished', { timeout: 10_000 });
  await expect(page.getByTestId('series-score').locator('[aria-hidden]')).toHaveText('2–1');
  await expect(page.getByTestId('series-score')).toContainText('Maps won: Alpha Wolves 2, Bravo Squad 1');
  await expect(page.getByTestId('match-map-rounds')).toHaveText(['13–11', '9–13', '14–12']);
  await expect(page.getByTestId('match-winner')).toHaveText('Winner');
  await expect(page.getByTestId('match-winner').locator('xpath=../..')).toContainText('Alpha Wolves');
  await expectAccessible(page, 'the finished match page at 390 px');

  // The bracket shows the series score and links the match to its page.
  await page.goto('/bracket');
  const final = page.getByTestId('bracket-match').first();
  await expect(final.locator('[data-winner]')).toContainText('Winner 2–1');
  await final.getByRole('link', { name: 'Match page: Alpha Wolves vs Bravo Squad' }).click();
  await expect(page).toHaveURL(new RegExp(`/matches/${matchId}$`));
});

test('Match Day: the draw takes best-ofs; staff act in the veto and reset it; the result dialog takes each map’s rounds and shows the scoring rule on the field', async ({
  page,
  site,
  baseURL,
}) => {
  const tournament = await createLiveTournament(site, { name: 'Series Cup', entryFee: '0', checkInEnabled: false });
  const alpha = await registerTeam(site, tournament.id, 'Alpha Wolves');
  const bravo = await registerTeam(site, tournament.id, 'Bravo Squad');
  await signInQuickly(page, baseURL!);
  await openAdminTab(page, 'Match Day');
  await page.getByLabel('Best of', { exact: true }).selectOption('3');
  await page.getByLabel('Final best of').selectOption('3');
  await page.getByRole('button', { name: 'Generate Bracket' }).click();
  await expect(page.getByRole('alertdialog').getByTestId('draw-format')).toHaveText('Every match is best of 3.');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Draw Bracket' }).click();
  await expect(toast(page, 'Bracket Published')).toBeVisible();
  const match = page.getByRole('region', { name: 'Bracket to enter results' }).getByTestId('bracket-match').first();
  await expect(match).toContainText('Best of 3');
  await expect(match.getByLabel('Best of: Alpha Wolves vs Bravo Squad')).toHaveValue('3');

  // Once started, staff act for the team whose turn it is, and can reset the veto.
  await startNow(site, tournament.id);
  const drawn = (await (await site.adminApi.get(`/api/tournaments/${tournament.id}/bracket`)).json()) as { rounds: { matches: { id: string }[] }[] };
  await bothReady(site, drawn.rounds[0].matches[0].id, alpha, bravo);
  await openAdminTab(page, 'Match Day');
  const panel = match.getByTestId('match-veto-panel');
  await expect(panel).toContainText('Acting for Alpha Wolves');
  await panel.getByRole('button', { name: 'Start the veto', exact: true }).click();
  await expect(panel.getByTestId('veto-log')).toContainText('Alpha Wolves chose to start the veto');
  await panel.getByRole('button', { name: 'Ban Lotus', exact: true }).click();
  await expect(panel.getByTestId('veto-log')).toContainText('Alpha Wolves banned Lotus');
  await expect(panel).toContainText('Acting for Bravo Squad');
  await panel.getByRole('button', { name: 'Reset Veto: Alpha Wolves vs Bravo Squad' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Reset the map veto?' });
  await expect(confirm).toContainText('Every ban, pick and side chosen in Alpha Wolves vs Bravo Squad is cleared, and the captains start the veto again.');
  await confirm.getByRole('button', { name: 'Reset Veto' }).click();
  await expect(toast(page, 'Veto Reset')).toBeVisible();
  await expect(panel.getByTestId('veto-log')).toHaveCount(0);
  await expect(panel).toContainText('Acting for Alpha Wolves');
  // Started: its best-of no longer changes (no veto action now, but a map will be).

  // The result: per-map rounds; 13–12 is not a final score under the VALORANT rule.
  await match.getByRole('button', { name: 'Enter result: Alpha Wolves vs Bravo Squad' }).click();
  const dialog = page.getByRole('dialog', { name: 'Alpha Wolves vs Bravo Squad' });
  await expect(dialog.getByRole('radio', { name: 'Rounds per map' })).toBeChecked();
  const map1 = dialog.getByRole('group', { name: 'Map 1' });
  await map1.getByLabel('Map').selectOption('Ascent');
  await map1.getByLabel('Alpha Wolves rounds').fill('13');
  await map1.getByLabel('Bravo Squad rounds').fill('12');
  await dialog.getByRole('button', { name: 'Add Map' }).click();
  const map2 = dialog.getByRole('group', { name: 'Map 2' });
  await map2.getByLabel('Map').selectOption('Bind');
  await map2.getByLabel('Alpha Wolves rounds').fill('14');
  await map2.getByLabel('Bravo Squad rounds').fill('12');
  await dialog.getByRole('button', { name: 'Save Result' }).click();
  const field = map1.getByLabel('Alpha Wolves rounds');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription('13–12 is not a final score: a map is won 13 to at most 11, or by two in overtime');
  await expect(map2.getByLabel('Alpha Wolves rounds')).not.toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page, 'the result dialog with a field error');

  await map1.getByLabel('Bravo Squad rounds').fill('11');
  await dialog.getByRole('button', { name: 'Save Result' }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, 'Result Saved').last()).toBeVisible();
  await expect(match.locator('[data-winner]')).toContainText('Winner 2–0');
});

test('the organizer sets a tournament’s scoring rule, veto turn time and map pool, and the site’s default pool', async ({ page, site, baseURL }) => {
  await createLiveTournament(site, { name: 'Pool Cup' });
  await signInQuickly(page, baseURL!);
  await openAdminTab(page, 'Tournaments');
  await page.getByRole('button', { name: 'Edit Pool Cup' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Edit Tournament' });
  await expect(dialog.getByLabel('Scoring Rule')).toHaveValue('valorant');
  await expect(dialog.getByLabel('Veto Turn (seconds)')).toHaveValue('90');
  await dialog.getByLabel('Scoring Rule').selectOption('free');
  await dialog.getByLabel('Veto Turn (seconds)').fill('10');
  await dialog.getByRole('button', { name: 'Update Tournament' }).click();
  await expect(dialog.getByLabel('Veto Turn (seconds)')).toHaveAccessibleDescription(/^Veto turn time must be at least 15 seconds/);
  await dialog.getByLabel('Veto Turn (seconds)').fill('120');
  await dialog.getByRole('button', { name: 'Update Tournament' }).click();
  await expect(toast(page, 'Tournament Updated')).toBeVisible();
  let saved = (await (await site.adminApi.get('/api/tournaments/active')).json()) as { scoringRule: string; vetoTurnSeconds: number; mapPool: string[]; hasOwnMapPool: boolean };
  expect([saved.scoringRule, saved.vetoTurnSeconds]).toEqual(['free', 120]);

  // Its own pool: one map a line; a repeated name is refused on the field.
  await page.getByRole('button', { name: 'Edit Pool Cup' }).first().click();
  const pool = page.getByRole('dialog', { name: 'Edit Tournament' }).getByLabel('Maps (one a line)');
  await expect(pool).toHaveValue('');
  await pool.fill('Bind\nHaven\nbind');
  await page.getByRole('button', { name: 'Save Map Pool' }).click();
  await expect(pool).toHaveAccessibleDescription(/^Each map may be listed only once/);
  await pool.fill('Bind\nHaven\nSplit\n');
  await page.getByRole('button', { name: 'Save Map Pool' }).click();
  await expect(toast(page, 'Map Pool Saved')).toContainText('Pool Cup uses its own map pool.');
  saved = (await (await site.adminApi.get('/api/tournaments/active')).json()) as typeof saved;
  expect([saved.mapPool, saved.hasOwnMapPool]).toEqual([['Bind', 'Haven', 'Split'], true]);

  // The site's default pool, in the settings.
  await openAdminTab(page, 'Settings');
  const defaults = page.getByLabel('Default map pool');
  await expect(defaults).toHaveValue('Abyss\nAscent\nBind\nHaven\nIcebox\nLotus\nSunset');
  await defaults.fill('Abyss\nAscent\nBind\nHaven\nIcebox\nLotus\nSunset\nPearl');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(toast(page, 'Settings Saved')).toBeVisible();
  const settings = (await (await site.adminApi.get('/api/site')).json()) as { mapPool: string[] };
  expect(settings.mapPool.at(-1)).toBe('Pearl');
});

test('a captain acting on a turn that is no longer theirs sees the server’s reason, then the veto as it now is', async ({ browser, site, baseURL }) => {
  const { alpha, bravo, matchId } = await startedFinal(site);
  await bothReady(site, matchId, alpha, bravo);
  const a = await captainPage(browser, baseURL!, alpha.manageUrl);
  const card = a.getByTestId('your-match');
  await expect(card.getByRole('button', { name: 'Start the veto', exact: true })).toBeVisible();
  // The page stops hearing the match while staff let Bravo Squad start: its buttons are now stale.
  await a.route(`**/api/matches/${matchId}`, (route) => route.abort());
  const acted = await site.adminApi.post(`/api/matches/${matchId}/veto`, { data: { team: alpha.id, order: 'second' } });
  expect(acted.ok(), await acted.text()).toBe(true);
  await card.getByRole('button', { name: 'Start the veto', exact: true }).click();
  await expect(card.getByRole('alert')).toHaveText('It is not your turn in the veto');
  await a.unroute(`**/api/matches/${matchId}`);
  await expect(card).toContainText('Waiting for Bravo Squad.', withinAPoll);
  await expect(card.getByTestId('veto-log')).toContainText('Alpha Wolves let Bravo Squad start the veto');
  await expect(card.getByTestId('veto-choices')).toHaveCount(0);
});
