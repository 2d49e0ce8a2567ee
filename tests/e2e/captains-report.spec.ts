import type { Browser, Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { expectAccessible } from './a11y-helpers';
import { createLiveTournament, expect, registerTeam, resetSite, startNow, test, type Site } from './fixtures';

// Captains run their own match on their team pages: ready, veto, report, confirm or dispute.

// A poll (5 s while the match is live) plus the time a page takes to render it.
const withinAPoll = { timeout: 12_000 };

interface Team {
  id: string;
  manageUrl: string;
}

interface MatchState {
  veto: { next: { action: 'order' | 'ban' | 'pick' | 'side'; teamId: string } | null; remaining: string[]; log: unknown[]; maps: { map: string }[] } | null;
}

/** A free cup of two teams (Alpha Wolves seed 1), its final a best of `bestOf`, drawn and started a minute ago. */
async function startedFinal(site: Site, bestOf: 1 | 3) {
  const tournament = await createLiveTournament(site, { name: 'Captains Cup', entryFee: '0', checkInEnabled: false });
  const alpha: Team = await registerTeam(site, tournament.id, 'Alpha Wolves');
  const bravo: Team = await registerTeam(site, tournament.id, 'Bravo Squad');
  const drawn = await site.adminApi.post(`/api/tournaments/${tournament.id}/bracket`, { data: { seeding: 'registration', bestOf, finalBestOf: bestOf } });
  expect(drawn.ok(), await drawn.text()).toBe(true);
  const matchId = ((await drawn.json()) as { rounds: { matches: { id: string }[] }[] }).rounds[0].matches[0].id;
  await startNow(site, tournament.id);
  return { tournament, alpha, bravo, matchId };
}

function linkOf(manageUrl: string): { id: string; key: string } {
  const url = new URL(manageUrl, 'http://site');
  return { id: url.pathname.split('/').filter(Boolean).at(-1)!, key: url.searchParams.get('key') ?? '' };
}

const captainHeaders = (team: Team) => ({ Authorization: `Bearer ${linkOf(team.manageUrl).key}` });

async function captainPost(site: Site, team: Team, matchId: string, action: string, data?: unknown) {
  const response = await site.adminApi.post(`/api/manage/${team.id}/matches/${matchId}/${action}`, { headers: captainHeaders(team), ...(data ? { data } : {}) });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as MatchState;
}

const matchOf = async (site: Site, matchId: string) => (await (await site.adminApi.get(`/api/matches/${matchId}`)).json()) as MatchState;

/** A captain's phone: its own browser context at 390 px, on the team page. */
async function captainPage(browser: Browser, baseURL: string, manageUrl: string, width = 390): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width, height: 844 } });
  const page = await context.newPage();
  await page.goto(manageUrl);
  await expect(page.getByTestId('your-match')).toBeVisible();
  return page;
}

/** The button of a veto turn as the team page names it. */
function vetoButton(card: Locator, state: MatchState): Locator {
  const next = state.veto!.next!;
  const name = next.action === 'order' ? 'Start the veto' : next.action === 'side' ? 'Start on Attack' : `${next.action === 'ban' ? 'Ban' : 'Pick'} ${state.veto!.remaining[0]}`;
  return card.getByRole('button', { name, exact: true });
}

const redSquare = () =>
  sharp({ create: { width: 64, height: 64, channels: 3, background: '#d62828' } })
    .png()
    .toBuffer();

test.beforeEach(async ({ site }) => {
  await resetSite(site);
});

test('two captains on phones: ready, veto, one reports, the other confirms, both see the result and the bracket shows the winner', async ({ browser, site, baseURL }) => {
  // Ten veto turns and a report, each seen by the other page within a poll: longer than most tests.
  test.setTimeout(120_000);
  const { alpha, bravo, matchId } = await startedFinal(site, 3);
  const a = await captainPage(browser, baseURL!, alpha.manageUrl);
  const b = await captainPage(browser, baseURL!, bravo.manageUrl);
  const cardA = a.getByTestId('your-match');
  const cardB = b.getByTestId('your-match');

  // The time in the captain's own zone, named, and the calendar file.
  await expect(cardA.getByTestId('your-match-time')).toHaveText(/^[A-Z][a-z]{2} \d{1,2} [A-Z][a-z]{2}, \d\d:\d\d .+$/);
  await expect(cardA.getByTestId('your-match-zone')).toHaveText(/^Shown in your time zone \(.+\)\.$/);
  const calendar = cardA.getByRole('link', { name: 'Add to calendar: your match against Bravo Squad (.ics file)' });
  await expect(calendar).toHaveAttribute('href', `/api/matches/${matchId}/calendar.ics`);
  const ics = await a.request.get(`/api/matches/${matchId}/calendar.ics`);
  expect(ics.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  expect((await ics.text()).replace(/\r\n /g, '')).toContain('SUMMARY:Alpha Wolves vs Bravo Squad — Captains Cup\r\n');

  // Both say ready: the veto opens.
  await cardA.getByRole('button', { name: 'Ready', exact: true }).click();
  await expect(cardA.getByTestId('ready-check')).toContainText('Your team is ready. Waiting for Bravo Squad.');
  await expect(cardB.getByTestId('ready-check')).toContainText('Alpha Wolves is ready.', withinAPoll);
  await cardB.getByRole('button', { name: 'Ready', exact: true }).click();

  // The veto, each turn on the page of the team whose turn it is.
  for (let state = await matchOf(site, matchId); state.veto?.next; ) {
    const card = state.veto.next.teamId === alpha.id ? cardA : cardB;
    const turns = state.veto.log.length;
    const button = vetoButton(card, state);
    await expect(button).toBeVisible(withinAPoll);
    await button.click();
    await expect.poll(async () => (state = await matchOf(site, matchId)).veto!.log.length).toBeGreaterThan(turns);
  }

  // The report form: one row per map the series needs at the least, named by the veto.
  const form = cardA.getByTestId('report-form');
  await expect(form).toBeVisible(withinAPoll);
  await expect(form.locator('legend')).toHaveText(['Map 1: Bind', 'Map 2: Haven']);
  await expect(form).toContainText('When the series is decided, enter each map played, in order. Your opponent then confirms.');
  const map1 = form.getByRole('group', { name: 'Map 1' });
  const map2 = form.getByRole('group', { name: 'Map 2' });
  await map1.getByLabel('Alpha Wolves rounds').fill('13');
  await map1.getByLabel('Bravo Squad rounds').fill('7');
  await map2.getByLabel('Alpha Wolves rounds').fill('13');
  await map2.getByLabel('Bravo Squad rounds').fill('12');
  await form.getByRole('button', { name: 'Report the result' }).click();
  // The scoring rule, checked before sending, said on the field.
  await expect(map2.getByLabel('Alpha Wolves rounds')).toHaveAccessibleDescription('13–12 is not a final score: a map is won 13 to at most 11, or by two in overtime');
  await expect(map2.getByLabel('Alpha Wolves rounds')).toBeFocused();
  await expectAccessible(a, 'the report form with a field error at 390 px');
  // Up to the best-of: a third map, then taken away again.
  await form.getByRole('button', { name: 'Add a map' }).click();
  await expect(form.locator('legend')).toHaveText(['Map 1: Bind', 'Map 2: Haven', 'Map 3: Sunset']);
  await expect(form.getByRole('button', { name: 'Add a map' })).toHaveCount(0);
  await form.getByRole('button', { name: 'Remove map 3' }).click();
  await map2.getByLabel('Bravo Squad rounds').fill('9');
  await form.getByRole('button', { name: 'Report the result' }).click();

  // The reporter waits for the opponent, until the deadline; focus is on the news.
  const statusA = cardA.getByTestId('report-status');
  await expect(statusA).toHaveText(/^Waiting for Bravo Squad to confirm until \d\d:\d\d \S+\. Unanswered by then, your report counts as confirmed\.$/);
  await expect(statusA).toBeFocused();
  await expect(cardA.getByTestId('reported-maps')).toContainText('You reported');

  // The opponent sees it within a poll, with the deadline, and confirms.
  const statusB = cardB.getByTestId('report-status');
  await expect(statusB).toHaveText(/^Confirm or dispute by \d\d:\d\d \S+\. Unanswered by then, the report counts as confirmed\.$/, withinAPoll);
  await expect(cardB.getByTestId('reported-maps').getByRole('listitem')).toHaveText(['Map 1: Bind, Alpha Wolves 13–7 Bravo Squad', 'Map 2: Haven, Alpha Wolves 13–9 Bravo Squad']);
  await expect(cardB.getByTestId('reported-maps')).toContainText('Alpha Wolves reported');
  await expect(cardB.getByTestId('reported-maps')).toContainText('Winner: Alpha Wolves');
  await expectAccessible(b, 'the match panel with a report to confirm at 390 px');
  await cardB.getByRole('button', { name: 'Confirm', exact: true }).click();

  // Both see the result.
  await expect(statusB).toHaveText('Result confirmed.');
  await expect(statusB).toBeFocused();
  await expect(cardB.getByTestId('result-line')).toHaveText('Alpha Wolves won 2–0.');
  await expect(cardA.getByTestId('report-status')).toHaveText('Result confirmed.', withinAPoll);
  await expect(cardA.getByTestId('result-line')).toHaveText('Alpha Wolves won 2–0.');
  await expectAccessible(a, 'the match panel with the confirmed result at 390 px');

  // The public bracket marks the winner with the series score.
  await a.goto('/bracket');
  await expect(a.getByTestId('bracket-match').first().locator('[data-winner]')).toContainText('Alpha Wolves');
  await expect(a.getByTestId('bracket-match').first().locator('[data-winner]')).toContainText('Winner 2–0');
  await a.context().close();
  await b.context().close();
});

test('a dispute with a screenshot uploaded from the team page: both captains see it disputed, staff reopen it, then rule with a note both see', async ({ browser, site, baseURL }) => {
  const { tournament, alpha, bravo, matchId } = await startedFinal(site, 1);
  await captainPost(site, alpha, matchId, 'ready');
  await captainPost(site, bravo, matchId, 'ready');
  let state = await matchOf(site, matchId);
  while (state.veto?.next) {
    const { action, teamId } = state.veto.next;
    const team = teamId === alpha.id ? alpha : bravo;
    state = await captainPost(site, team, matchId, 'veto', action === 'order' ? { order: 'first' } : action === 'side' ? { side: 'attack' } : { map: state.veto.remaining[0] });
  }
  const map = state.veto!.maps[0].map;
  await captainPost(site, alpha, matchId, 'report', { maps: [{ map, team1Rounds: 13, team2Rounds: 8 }] });

  const a = await captainPage(browser, baseURL!, alpha.manageUrl);
  const b = await captainPage(browser, baseURL!, bravo.manageUrl);
  const cardA = a.getByTestId('your-match');
  const cardB = b.getByTestId('your-match');
  await expect(cardB.getByTestId('reported-maps').getByRole('listitem')).toHaveText([`Map 1: ${map}, Alpha Wolves 13–8 Bravo Squad`]);

  await cardB.getByRole('button', { name: 'Dispute', exact: true }).click();
  const form = cardB.getByTestId('dispute-form');
  await expect(form.getByLabel('What is wrong with this result?')).toBeFocused();
  // The reason is required.
  await form.getByRole('button', { name: 'Send the dispute' }).click();
  await expect(form.getByLabel('What is wrong with this result?')).toHaveAccessibleDescription(/^Say why the result is wrong/);
  // A file that is not an image is refused before upload; two screenshots go up, one is removed.
  const files = form.getByLabel('Screenshots (optional, up to 4)');
  await files.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
  await expect(files).toHaveAccessibleDescription(/^This file is not an image\. Choose a PNG, JPEG, WebP, GIF or AVIF file\./);
  await files.setInputFiles([
    { name: 'scoreboard.png', mimeType: 'image/png', buffer: await redSquare() },
    { name: 'second.png', mimeType: 'image/png', buffer: await redSquare() },
  ]);
  await expect(form.getByRole('img', { name: /^Screenshot \d$/ })).toHaveCount(2);
  await form.getByRole('button', { name: 'Remove screenshot 2' }).click();
  await expect(form.getByRole('img', { name: 'Screenshot 1' })).toBeVisible();
  await expect(form.getByRole('img', { name: /^Screenshot \d$/ })).toHaveCount(1);
  await expectAccessible(b, 'the dispute form with a screenshot at 390 px');
  await form.getByLabel('What is wrong with this result?').fill('We won 13–8, not them: see the scoreboard.');
  await form.getByRole('button', { name: 'Send the dispute' }).click();

  await expect(cardB.getByTestId('report-status')).toHaveText('You disputed the result: staff will rule. Both captains see their decision here.');
  await expect(cardB.getByTestId('report-status')).toBeFocused();
  await expect(cardA.getByTestId('report-status')).toHaveText('Bravo Squad disputed your report: staff will rule. Both captains see their decision here.', withinAPoll);
  await expect(cardA.getByTestId('dispute-reason')).toHaveText('Reason: We won 13–8, not them: see the scoreboard.');
  const queue = (await (await site.adminApi.get(`/api/tournaments/${tournament.id}/disputes`)).json()) as {
    report: { state: string; dispute: { evidence: string[] } };
  }[];
  expect(queue.map((item) => [item.report.state, item.report.dispute.evidence.length])).toEqual([['disputed', 1]]);

  // Staff reopen reporting: both captains are told, and the form is back.
  const reopened = await site.adminApi.delete(`/api/matches/${matchId}/report`);
  expect(reopened.ok(), await reopened.text()).toBe(true);
  for (const card of [cardA, cardB]) {
    await expect(card.getByTestId('report-status')).toHaveText('Staff reopened reporting: report the result again.', withinAPoll);
    await expect(card.getByTestId('report-form')).toBeVisible();
  }
  // Reported and disputed again (through the API), then ruled.
  await captainPost(site, alpha, matchId, 'report', { maps: [{ map, team1Rounds: 13, team2Rounds: 8 }] });
  await captainPost(site, bravo, matchId, 'dispute', { reason: 'Same as before.' });
  await expect(cardA.getByTestId('report-status')).toHaveText('Bravo Squad disputed your report: staff will rule. Both captains see their decision here.', withinAPoll);

  // Staff rule by entering the result, with a note both captains see.
  const ruled = await site.adminApi.put(`/api/matches/${matchId}`, { data: { maps: [{ map, team1Rounds: 8, team2Rounds: 13 }], note: 'The scoreboard shows Bravo Squad won.' } });
  expect(ruled.ok(), await ruled.text()).toBe(true);
  for (const card of [cardA, cardB]) {
    await expect(card.getByTestId('report-status')).toHaveText('Staff ruled on the dispute.', withinAPoll);
    await expect(card).toContainText('Staff note: The scoreboard shows Bravo Squad won.');
    await expect(card.getByTestId('result-line')).toHaveText('Bravo Squad won 1–0.');
  }
  await a.context().close();
  await b.context().close();
});

test('a no-show: the ready captain claims the win by forfeit, waits for the organizer, and sees the refusal with its note', async ({ browser, site, baseURL }) => {
  const { alpha, bravo, matchId } = await startedFinal(site, 1);
  // The match was due 11 minutes ago: the 10-minute allowance has passed.
  const moved = await site.adminApi.patch(`/api/matches/${matchId}`, { data: { startsAt: new Date(Date.now() - 11 * 60_000).toISOString() } });
  expect(moved.ok(), await moved.text()).toBe(true);
  const a = await captainPage(browser, baseURL!, alpha.manageUrl);
  const b = await captainPage(browser, baseURL!, bravo.manageUrl);
  const cardA = a.getByTestId('your-match');
  await expect(cardA.getByTestId('forfeit-claim')).toHaveCount(0);
  await cardA.getByRole('button', { name: 'Ready', exact: true }).click();
  await cardA.getByRole('button', { name: 'Claim the win by forfeit' }).click();
  const claim = cardA.getByTestId('forfeit-claim');
  await expect(claim).toHaveText('You claimed the win by forfeit: Bravo Squad was not ready in time. The organizer decides.');
  await expect(claim).toBeFocused();
  await expect(b.getByTestId('your-match').getByTestId('forfeit-claim')).toHaveText(
    'Alpha Wolves claimed the win by forfeit because your team was not ready. The organizer decides: press Ready if you are here.',
    withinAPoll,
  );

  const refused = await site.adminApi.post(`/api/matches/${matchId}/forfeit-claim`, { data: { approve: false, note: 'Bravo Squad wrote to us before the time.' } });
  expect(refused.ok(), await refused.text()).toBe(true);
  await expect(cardA.getByTestId('forfeit-refused')).toHaveText('The organizer refused the forfeit claim: the match is to be played.Organizer\'s note: Bravo Squad wrote to us before the time.', withinAPoll);
  await expect(cardA.getByRole('button', { name: 'Claim the win by forfeit' })).toHaveCount(0);
  // The organizer moves the match later: the allowance runs again from the new time, and the captain is told when.
  const later = await site.adminApi.patch(`/api/matches/${matchId}`, { data: { startsAt: new Date(Date.now() + 5 * 60_000).toISOString() } });
  expect(later.ok(), await later.text()).toBe(true);
  await expect(cardA.getByTestId('forfeit-claim')).toContainText('If Bravo Squad is still not ready at ', withinAPoll);
  await a.context().close();
  await b.context().close();
});
