import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expectAccessible } from './a11y-helpers';
import { openAdminTab, signInQuickly, toast } from './admin-helpers';
import { createLiveTournament, expect, registerTeam, resetSite, test, type Site } from './fixtures';

// A poll (5 s) plus the time a page takes to render it.
const withinAPoll = { timeout: 10_000 };

interface Captain {
  id: string;
  key: string;
}

/** The team link's id and key, as the captain's browser holds them. */
function captainOf(manageUrl: string): Captain {
  const url = new URL(manageUrl, 'http://site');
  return { id: url.pathname.split('/').filter(Boolean).at(-1)!, key: url.searchParams.get('key') ?? '' };
}

/** A captain's action through the team link (POST /api/manage/{team}/matches/{match}/{action}). */
async function asCaptain(site: Site, captain: Captain, matchId: string, action: string, data?: unknown) {
  const response = await site.adminApi.post(`/api/manage/${captain.id}/matches/${matchId}/${action}`, {
    headers: { Authorization: `Bearer ${captain.key}` },
    ...(data ? { data } : {}),
  });
  expect(response.ok(), `${action}: ${await response.text()}`).toBe(true);
  return (await response.json()) as MatchRead;
}

interface MatchRead {
  id: string;
  team1Id: string;
  team2Id: string;
  winnerTeamId: string | null;
  startsAt: string | null;
  report: { state: string };
  veto: { next: { action: string; teamId: string } | null; remaining: string[]; maps: { map: string }[] } | null;
}
const matchOf = async (site: Site, matchId: string) => (await (await site.adminApi.get(`/api/matches/${matchId}`)).json()) as MatchRead;

/**
 * A free cup of four teams, best of one, drawn now and started a minute ago with no no-show
 * allowance: the ready checks are open and a ready team may claim a forfeit at once.
 */
async function startedCup(site: Site) {
  const tournament = await createLiveTournament(site, { name: 'Queue Cup', entryFee: '0', checkInEnabled: false });
  // Seeds 1 v 4 and 2 v 3: Alpha Wolves v Bravo Squad, Charlie Five v Delta Force.
  const names = ['Alpha Wolves', 'Charlie Five', 'Delta Force', 'Bravo Squad'];
  const captains: Captain[] = [];
  for (const name of names) captains.push(captainOf((await registerTeam(site, tournament.id, name)).manageUrl));
  const drawn = await site.adminApi.post(`/api/tournaments/${tournament.id}/bracket`, { data: { seeding: 'registration' } });
  expect(drawn.ok(), await drawn.text()).toBe(true);
  const bracket = (await drawn.json()) as { rounds: { matches: { id: string; team1Id: string; team2Id: string }[] }[] };
  const current = (await (await site.adminApi.get('/api/tournaments/active')).json()) as Record<string, unknown>;
  const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
  const started = await site.adminApi.put(`/api/tournaments/${tournament.id}`, {
    data: {
      ...Object.fromEntries(['name', 'description', 'format', 'prizePool', 'entryFee', 'currency', 'maxTeams', 'rules'].map((key) => [key, current[key]])),
      registrationCloses: minutesAgo(2),
      tournamentDate: minutesAgo(1),
      checkInEnabled: false,
      vetoTurnSeconds: 900,
      noShowMinutes: 0,
    },
  });
  expect(started.ok(), await started.text()).toBe(true);
  const captainFor = (teamId: string) => captains.find((c) => c.id === teamId)!;
  const [semi1, semi2] = bracket.rounds[0]!.matches.map((m) => ({ id: m.id, team1: captainFor(m.team1Id), team2: captainFor(m.team2Id) }));
  return { tournament, semi1: semi1!, semi2: semi2!, finalId: bracket.rounds[1]!.matches[0]!.id };
}

/** Both captains say ready, then play the veto through (each turn: the first map left, attack, start first); returns the map to play. */
async function readyAndVeto(site: Site, matchId: string, a: Captain, b: Captain): Promise<string> {
  await asCaptain(site, a, matchId, 'ready');
  await asCaptain(site, b, matchId, 'ready');
  for (let detail = await matchOf(site, matchId); detail.veto?.next; detail = await matchOf(site, matchId)) {
    const { action, teamId } = detail.veto.next;
    const choice = action === 'order' ? { order: 'first' } : action === 'side' ? { side: 'attack' } : { map: detail.veto.remaining[0] };
    await asCaptain(site, teamId === a.id ? a : b, matchId, 'veto', choice);
  }
  return (await matchOf(site, matchId)).veto!.maps[0]!.map;
}

/** A screenshot as a captain uploads it: through the logo's upload (sniffed, re-encoded). */
async function uploadScreenshot(site: Site): Promise<string> {
  const png = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#2f6fb0' } })
    .png()
    .toBuffer();
  const response = await site.adminApi.post('/api/upload-logo', { multipart: { logo: { name: 'scoreboard.png', mimeType: 'image/png', buffer: png } } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { logoUrl: string }).logoUrl;
}

const queue = (page: Page) => page.getByTestId('match-queue');

test.beforeEach(async ({ page, site, baseURL }) => {
  await resetSite(site);
  await signInQuickly(page, baseURL!);
});

test('staff see a dispute with its screenshot on Match Day, reopen reporting, then rule with a note both captains see; the queue empties', async ({
  page,
  site,
}) => {
  const { tournament, semi1 } = await startedCup(site);
  const [alpha, bravo] = [semi1.team1, semi1.team2];
  const map = await readyAndVeto(site, semi1.id, alpha, bravo);
  await asCaptain(site, alpha, semi1.id, 'report', { maps: [{ map, team1Rounds: 13, team2Rounds: 7 }] });
  const shot = await uploadScreenshot(site);
  await asCaptain(site, bravo, semi1.id, 'dispute', { reason: 'We won 13-11: see the scoreboard', evidence: [shot] });

  await openAdminTab(page, 'Match Day');
  await expect(queue(page).getByTestId('match-queue-status')).toHaveText('1 match waits on you.');
  await expect(page.getByTestId('match-queue-count')).toHaveText('1');
  const item = queue(page).getByTestId('match-queue-item');
  await expect(item.getByRole('heading', { level: 3 })).toHaveText('Disputed resultSemi-finals, Match 1: Alpha Wolves vs Bravo Squad');
  await expect(item.getByTestId('queue-report')).toHaveCount(1);
  await expect(item.getByTestId('queue-report')).toContainText('Alpha Wolves reported');
  await expect(item.getByTestId('queue-report')).toContainText('Winner: Alpha Wolves');
  await expect(item.getByTestId('queue-report')).toContainText(`${map}: Alpha Wolves 13 – 7 Bravo Squad`);
  await expect(item).toContainText('Disputed by Bravo Squad');
  await expect(item.getByTestId('queue-dispute-reason')).toHaveText('We won 13-11: see the scoreboard');
  const screenshot = item.getByRole('link', { name: 'Screenshot 1 from Bravo Squad (opens in a new tab)' });
  await expect(screenshot).toHaveAttribute('href', shot);
  await expect(screenshot.getByRole('img', { name: 'Screenshot 1 from Bravo Squad' })).toBeVisible();
  expect(await screenshot.getByRole('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  // Staff see the state on the match in the bracket list too.
  await expect(page.getByTestId('bracket-match').filter({ hasText: 'Alpha Wolves' }).getByTestId('match-report-state')).toHaveText('Disputed');
  await expectAccessible(page, 'the queue with a dispute');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, 'the queue with a dispute at 390 px');
  await page.setViewportSize({ width: 1280, height: 720 });

  // Reopen reporting: both reports and the dispute go; the captains report again.
  await item.getByRole('button', { name: 'Reopen reporting: Alpha Wolves vs Bravo Squad' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Reopen reporting?' });
  await expect(confirm).toContainText('Alpha Wolves vs Bravo Squad: both reports and the dispute are cleared, and the captains report the result again.');
  await confirm.getByRole('button', { name: 'Reopen Reporting' }).click();
  await expect(toast(page, 'Reporting Reopened')).toBeVisible();
  await expect(queue(page).getByTestId('match-queue-status')).toHaveText('Nothing waits on you.');
  await expect(page.getByRole('heading', { name: 'Waiting on You' })).toBeFocused();
  expect((await matchOf(site, semi1.id)).report.state).toBe('none');

  // The captains report again, differently: a dispute without a screenshot, within a poll.
  await asCaptain(site, alpha, semi1.id, 'report', { maps: [{ map, team1Rounds: 13, team2Rounds: 7 }] });
  await asCaptain(site, bravo, semi1.id, 'report', { maps: [{ map, team1Rounds: 11, team2Rounds: 13 }] });
  await expect(queue(page).getByTestId('match-queue-status')).toHaveText('1 match waits on you.', withinAPoll);
  await expect(item.getByTestId('queue-report')).toHaveCount(2);
  await expect(item.getByTestId('queue-dispute-reason')).toHaveText('The two captains reported different results');

  // Rule: the dialog starts from Bravo's report; the note is the ruling's.
  await item.getByRole('button', { name: 'Rule: Alpha Wolves vs Bravo Squad' }).click();
  const dialog = page.getByRole('dialog', { name: 'Alpha Wolves vs Bravo Squad' });
  await expect(dialog).toContainText('The captains disagree: enter the result that stands. It ends the dispute and advances the bracket.');
  await dialog.getByRole('button', { name: 'Bravo Squad’s report' }).click();
  await expect(dialog.getByLabel('Alpha Wolves rounds')).toHaveValue('11');
  await expect(dialog.getByLabel('Bravo Squad rounds')).toHaveValue('13');
  await dialog.getByLabel('Note to both captains (optional)').fill('The scoreboard screenshot shows 11-13.');
  await expect(dialog).toContainText('Both captains see it with the ruling, on their team page and the match page.');
  await dialog.getByRole('button', { name: 'Save Result' }).click();
  await expect(toast(page, 'Result Saved')).toBeVisible();
  await expect(queue(page).getByTestId('match-queue-status')).toHaveText('Nothing waits on you.');
  await expect(page.getByRole('heading', { name: 'Waiting on You' })).toBeFocused();

  const ruled = (await (await site.adminApi.get(`/api/matches/${semi1.id}`)).json()) as MatchRead & { report: { state: string; ruling: { note: string } } };
  expect(ruled.winnerTeamId).toBe(bravo.id);
  expect(ruled.report).toMatchObject({ state: 'ruled', ruling: { note: 'The scoreboard screenshot shows 11-13.' } });
  const disputes = await site.adminApi.get(`/api/tournaments/${tournament.id}/disputes`);
  expect(await disputes.json()).toEqual([]);
  await expect(page.getByTestId('bracket-match').filter({ hasText: 'Alpha Wolves' }).getByTestId('match-report-state')).toHaveCount(0);
});

test('staff refuse a forfeit claim, then approve the next with a note; a round gets one start time from Match Day, a match is cleared back to the derived time', async ({
  page,
  site,
}) => {
  const { semi2, finalId } = await startedCup(site);
  const charlie = semi2.team1;
  // Charlie is ready, Delta never shows; with no no-show allowance the claim is open at once.
  await asCaptain(site, charlie, semi2.id, 'ready');
  await asCaptain(site, charlie, semi2.id, 'claim-forfeit');

  await openAdminTab(page, 'Match Day');
  const item = queue(page).getByTestId('match-queue-item');
  await expect(item.getByRole('heading', { level: 3 })).toHaveText('Forfeit claimSemi-finals, Match 2: Charlie Five vs Delta Force');
  await expect(item).toContainText('Charlie Five claims the win by forfeit: Delta Force did not get ready.');
  await expect(item).toContainText('Claimed ');
  await expectAccessible(page, 'the queue with a forfeit claim');
  // Refused first: the claim goes; Charlie claims again, and it is back within a poll.
  await item.getByRole('button', { name: 'Refuse Claim: Charlie Five' }).click();
  await expect(toast(page, 'Forfeit Claim Refused')).toContainText('Charlie Five vs Delta Force');
  await expect(queue(page).getByTestId('match-queue-status')).toHaveText('Nothing waits on you.');
  await expect(page.getByRole('heading', { name: 'Waiting on You' })).toBeFocused();
  expect(await matchOf(site, semi2.id)).toMatchObject({ winnerTeamId: null });
  await asCaptain(site, charlie, semi2.id, 'claim-forfeit');
  await expect(queue(page).getByTestId('match-queue-status')).toHaveText('1 match waits on you.', withinAPoll);
  await item.getByLabel('Note to both captains (optional)').fill('Delta Force did not answer in Discord.');
  await item.getByRole('button', { name: 'Approve Forfeit: Charlie Five' }).click();
  await expect(toast(page, 'Forfeit Approved')).toContainText('Charlie Five vs Delta Force');
  await expect(queue(page).getByTestId('match-queue-status')).toHaveText('Nothing waits on you.');
  const decided = (await matchOf(site, semi2.id)) as MatchRead & { forfeit: boolean };
  expect(decided).toMatchObject({ winnerTeamId: charlie.id, forfeit: true });

  // The final's time for the whole round, typed in the organizer's own time zone (the browser's: UTC here).
  const roundForm = page.getByRole('form', { name: 'Round start time' });
  await expect(roundForm).toContainText('Your time zone: ');
  await roundForm.getByLabel('Round').selectOption({ label: 'Final' });
  await roundForm.getByRole('button', { name: 'Set Round Time' }).click();
  await expect(roundForm.getByRole('alert')).toHaveText('Choose a date and time');
  const at = new Date(Date.now() + 2 * 3_600_000);
  at.setSeconds(0, 0);
  const localValue = await page.evaluate((iso) => {
    const d = new Date(iso);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
  }, at.toISOString());
  await roundForm.getByLabel('Start time').fill(localValue);
  await roundForm.getByRole('button', { name: 'Set Round Time' }).click();
  await expect(toast(page, 'Round Time Saved')).toContainText('Final');
  expect((await matchOf(site, finalId)).startsAt).toBe(at.toISOString());
  const finalCard = page.getByTestId('bracket-match').filter({ hasText: 'Charlie Five' }).last();
  await expect(finalCard.getByTestId('match-time')).toHaveText(/^Starts \w{3} \d{1,2} \w{3}, \d{2}:\d{2} \S+$/);

  // One match's own time: cleared back to the derived one.
  await finalCard.getByRole('button', { name: /^Set time: / }).click();
  const timeDialog = page.getByRole('dialog', { name: /^Start time: / });
  await expect(timeDialog.getByLabel('Start time')).toHaveValue(localValue);
  await timeDialog.getByRole('button', { name: 'Use the Derived Time' }).click();
  await expect(toast(page, 'Start Time Cleared')).toBeVisible();
  expect((await matchOf(site, finalId)).startsAt).not.toBe(at.toISOString());
});
