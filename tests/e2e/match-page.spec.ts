import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { formatDayTimeZone } from '../../src/shared/dates';
import type { MatchDetail } from '../../src/shared/schemas/match';
import { expectAccessible } from './a11y-helpers';
import { createLiveTournament, expect, registerTeam, resetSite, startNow, test, type Site } from './fixtures';

// Times are shown in the visitor's zone, named: this visitor is in Berlin (CET in winter, CEST in summer).
const zone = 'Europe/Berlin';
test.use({ timezoneId: zone });

const shotsDir = 'test-results/match-page';
async function shots(page: Page, name: string) {
  fs.mkdirSync(shotsDir, { recursive: true });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    await page.screenshot({ path: `${shotsDir}/${width}-${name}.png`, fullPage: true });
  }
}

/** A captain's call with the team link's key. */
async function asCaptain(site: Site, team: { manageUrl: string }, matchId: string, action: string, data?: unknown) {
  const url = new URL(team.manageUrl, 'http://site');
  const id = url.pathname.split('/').filter(Boolean).at(-1)!;
  const response = await site.adminApi.post(`/api/manage/${id}/matches/${matchId}/${action}`, {
    headers: { Authorization: `Bearer ${url.searchParams.get('key')}` },
    ...(data ? { data } : {}),
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as MatchDetail;
}

const publicMatch = async (site: Site, matchId: string) => (await (await site.adminApi.get(`/api/matches/${matchId}`)).json()) as MatchDetail;

test.beforeEach(async ({ site }) => {
  await resetSite(site);
});

test('the match page shows its time in the visitor’s zone, its history in order with times, and its stream only after a click', async ({ page, site }) => {
  const cup = await createLiveTournament(site, { name: 'History Cup', entryFee: '0', checkInEnabled: false });
  const alpha = await registerTeam(site, cup.id, 'Alpha Wolves');
  const bravo = await registerTeam(site, cup.id, 'Bravo Squad');
  const drawn = await site.adminApi.post(`/api/tournaments/${cup.id}/bracket`, { data: { seeding: 'registration' } });
  expect(drawn.ok(), await drawn.text()).toBe(true);
  const matchId = ((await drawn.json()) as { rounds: { matches: { id: string }[] }[] }).rounds[0].matches[0].id;
  await startNow(site, cup.id);
  // The organizer's time for the match: a whole minute just past, so the ready check is open.
  const startsAt = new Date(Math.floor(Date.now() / 60_000) * 60_000 - 60_000).toISOString();
  expect((await site.adminApi.patch(`/api/matches/${matchId}`, { data: { startsAt } })).ok()).toBe(true);

  // Ready, the veto, a report, a dispute (its reason stays private) and the staff's ruling with a note.
  await asCaptain(site, alpha, matchId, 'ready');
  await asCaptain(site, bravo, matchId, 'ready');
  for (let detail = await publicMatch(site, matchId); detail.veto?.next; detail = await publicMatch(site, matchId)) {
    const { action, teamId } = detail.veto.next;
    const choice = action === 'order' ? { order: 'first' } : action === 'side' ? { side: 'attack' } : { map: detail.veto.remaining[0] };
    await asCaptain(site, teamId === detail.team1Id ? alpha : bravo, matchId, 'veto', choice);
  }
  const map = (await publicMatch(site, matchId)).veto!.maps[0]!.map;
  await asCaptain(site, alpha, matchId, 'report', { maps: [{ map, team1Rounds: 13, team2Rounds: 8 }] });
  await asCaptain(site, bravo, matchId, 'dispute', { reason: 'Their fifth player was a smurf' });
  const ruled = await site.adminApi.put(`/api/matches/${matchId}`, {
    data: { maps: [{ map, team1Rounds: 13, team2Rounds: 8 }], note: 'The demo confirms 13-8' },
  });
  expect(ruled.ok(), await ruled.text()).toBe(true);
  const set = await site.adminApi.put(`/api/matches/${matchId}/stream`, { data: { streamUrl: 'https://www.twitch.tv/historycast' } });
  expect(set.ok(), await set.text()).toBe(true);
  const { history } = await publicMatch(site, matchId);

  const videoRequests: string[] = [];
  page.on('request', (request) => {
    if (/twitch\.tv|youtube|ytimg|jtvnw/.test(new URL(request.url()).hostname)) videoRequests.push(request.url());
  });
  await page.route(/player\.twitch\.tv/, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Player</title><p>Stream</p>' }));
  await page.goto(`/matches/${matchId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Alpha Wolves vs Bravo Squad');

  const localStart = formatDayTimeZone(startsAt, zone);
  expect(localStart).toMatch(/ CES?T$/);
  await expect(page.getByTestId('match-time')).toHaveText(`Match time: ${localStart}`);

  const historyList = page.getByRole('region', { name: 'History' }).getByRole('list');
  await expect(historyList.getByTestId('match-history-line')).toHaveText([
    'Alpha Wolves is ready',
    'Bravo Squad is ready',
    'The map veto finished',
    'Alpha Wolves reported the result',
    'Bravo Squad disputed the result',
    'Staff ruled: Alpha Wolves won',
  ]);
  await expect(historyList.getByTestId('match-history-time')).toHaveText(history.map((step) => formatDayTimeZone(step.at, zone)));
  await expect(historyList.getByTestId('match-history-note')).toHaveText(["Staff's note: The demo confirms 13-8"]);
  await expect(page.getByText('smurf')).toHaveCount(0);

  // The stream: nothing from the video host until the visitor presses play.
  const stream = page.getByRole('region', { name: 'Stream' });
  await expect(stream.getByRole('button', { name: 'Watch on Twitch' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(videoRequests).toEqual([]);
  await expect(page.locator('iframe')).toHaveCount(0);
  await expectAccessible(page, 'match page with its history and a stream');
  await shots(page, 'match');
  expect(videoRequests).toEqual([]);

  await stream.getByRole('button', { name: 'Watch on Twitch' }).click();
  const player = page.locator('iframe[title="Alpha Wolves vs Bravo Squad live"]');
  await expect(player).toHaveAttribute('src', 'https://player.twitch.tv/?channel=historycast&parent=127.0.0.1&autoplay=true');
  // The page's content policy lets the player in.
  await expect(page.frameLocator('iframe[title="Alpha Wolves vs Bravo Squad live"]').getByText('Stream')).toBeVisible();
  expect(videoRequests.some((url) => url.startsWith('https://player.twitch.tv/'))).toBe(true);
});

test('a match with nothing yet says so; the bracket’s cards show the start of matches not yet played, in the visitor’s zone (UTC in the served HTML)', async ({
  page,
  site,
}) => {
  const cup = await createLiveTournament(site, { name: 'Timed Cup', entryFee: '0', checkInEnabled: false });
  for (const name of ['Alpha Wolves', 'Bravo Squad', 'Charlie Five', 'Delta Force']) await registerTeam(site, cup.id, name);
  const drawn = await site.adminApi.post(`/api/tournaments/${cup.id}/bracket`, { data: { seeding: 'registration' } });
  expect(drawn.ok(), await drawn.text()).toBe(true);
  const bracket = (await drawn.json()) as { rounds: { matches: { id: string; team1Id: string | null }[] }[] };
  const [semi1, semi2] = bracket.rounds[0].matches;
  const final = bracket.rounds[1].matches[0];
  // The final's time set by the organizer; the first semi-final played; the second keeps the cup's start.
  const finalAt = '2026-12-12T17:00:00.000Z';
  expect((await site.adminApi.patch(`/api/matches/${final.id}`, { data: { startsAt: finalAt } })).ok()).toBe(true);
  const played = await site.adminApi.put(`/api/matches/${semi1.id}`, { data: { winnerTeamId: semi1.team1Id, score: '13-4' } });
  expect(played.ok(), await played.text()).toBe(true);
  const semi2At = (await publicMatch(site, semi2.id)).startsAt!;

  // Served in UTC, named as such: the server cannot know the visitor's zone.
  const served = await (await page.request.get('/bracket')).text();
  expect(served).toContain(formatDayTimeZone(finalAt, 'UTC'));
  expect(formatDayTimeZone(finalAt, 'UTC')).toBe('Sat 12 Dec, 17:00 UTC');

  await page.goto('/bracket');
  const times = page.getByTestId('bracket-match-time');
  await expect(times).toHaveText([`Match time: ${formatDayTimeZone(semi2At, zone)}`, 'Match time: Sat 12 Dec, 18:00 CET']);
  const cards = page.getByTestId('bracket-match');
  await expect(cards.nth(0).getByTestId('bracket-match-time')).toHaveCount(0);
  await expect(cards.nth(1).getByTestId('bracket-match-time')).toHaveCount(1);
  await expect(cards.nth(2).locator('time')).toHaveAttribute('dateTime', finalAt);
  await expectAccessible(page, 'bracket with match times');
  await shots(page, 'bracket');

  await page.goto(`/matches/${semi2.id}`);
  await expect(page.getByTestId('match-time')).toHaveText(`Match time: ${formatDayTimeZone(semi2At, zone)}`);
  await expect(page.getByRole('region', { name: 'History' })).toContainText(
    'Nothing yet: the ready check, the reports and what staff decide appear here as they happen.',
  );
  await expect(page.getByRole('region', { name: 'Stream' })).toHaveCount(0);
  // Both teams known, their captains not ready yet: the veto is to come, not missing.
  await expect(page.getByTestId('veto-note')).toHaveText('The map veto opens once the tournament has started and both captains have said their team is ready.');
  await expect(page.getByTestId('maps-note')).toHaveText('The maps appear here once the veto settles them.');
  await expectAccessible(page, 'match page before anything happened');
  await shots(page, 'match-waiting');
});
