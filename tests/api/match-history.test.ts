import { beforeAll, describe, expect, it } from 'vitest';
import type { Bracket, BracketMatch } from '../../src/shared/schemas/bracket.js';
import type { MatchDetail, MatchHistoryStep } from '../../src/shared/schemas/match.js';
import { createOpenTournament, registerTeam } from '../support/factories.js';
import { markReady, type LinkedTeam } from '../support/match-day.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.login();
});

type Response = Awaited<ReturnType<TestApp['app']['inject']>>;

/** A free cup of `n` teams with its bracket (best of one, vetoes on); the clock then stands at its start. */
async function startedCup(n: number) {
  t.clock.set(new Date());
  const tournament = await createOpenTournament(t, cookie, { entryFee: '0', checkInEnabled: false });
  const teams: LinkedTeam[] = [];
  for (let i = 0; i < n; i++) {
    const team = await registerTeam(t.app, tournament.id, {
      name: `History ${i + 1} ${tournament.id.slice(0, 4)}`,
      captainEmail: `history${i + 1}@example.com`,
    });
    teams.push({ id: team.id, link: team.teamLink });
    t.clock.advance(1000);
  }
  const generated = await t.app.inject({
    method: 'POST',
    url: `/api/tournaments/${tournament.id}/bracket`,
    headers: { cookie },
    payload: { seeding: 'registration' },
  });
  expect(generated.statusCode, generated.body).toBe(201);
  const bracket = generated.json() as Bracket;
  const startsAt = new Date(tournament.tournamentDate);
  t.clock.set(startsAt);
  cookie = await t.login();
  const matchOf = (key: string) => bracket.rounds.flatMap((r) => r.matches).find((m) => m.key === key)!;
  const teamsOf = (match: BracketMatch) => [teams.find((team) => team.id === match.team1Id)!, teams.find((team) => team.id === match.team2Id)!] as const;
  return { tournament, startsAt, matchOf, teamsOf };
}

const captainPost = (team: LinkedTeam, matchId: string, action: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api/manage/${team.id}/matches/${matchId}/${action}`, headers: team.link, ...(payload ? { payload } : {}) });
const publicMatch = async (matchId: string) => (await t.app.inject({ method: 'GET', url: `/api/matches/${matchId}` })).json() as MatchDetail;
const staff = (method: 'PUT' | 'DELETE' | 'POST', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

async function ok(response: Response): Promise<MatchDetail> {
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as MatchDetail;
}

/** Each step as [kind, team, note, time]: the times are the test clock's, so they are asserted exactly. */
const stepsOf = (history: MatchHistoryStep[]) => history.map((s) => [s.kind, s.teamId, s.note, s.at]);

/** The clock moves a minute; returns the new time as the API writes it. */
const nextMinute = () => {
  t.clock.advance(60_000);
  return t.clock.now().toISOString();
};

/** Both captains ready a minute apart, then the veto played through (start first, first map left, attack). */
async function readyAndVeto(matchId: string, a: LinkedTeam, b: LinkedTeam) {
  const readyA = nextMinute();
  await markReady(t, matchId, a);
  const readyB = nextMinute();
  await markReady(t, matchId, b);
  const vetoAt = nextMinute();
  for (let detail = await publicMatch(matchId); detail.veto?.next; detail = await publicMatch(matchId)) {
    const { action, teamId } = detail.veto.next;
    const choice = action === 'order' ? { order: 'first' } : action === 'side' ? { side: 'attack' } : { map: detail.veto.remaining[0] };
    await ok(await captainPost(teamId === a.id ? a : b, matchId, 'veto', choice));
  }
  const detail = await publicMatch(matchId);
  expect(detail.veto?.done).toBe(true);
  return { readyA, readyB, vetoAt, map: detail.veto!.maps[0]!.map };
}

describe("a match's public history", () => {
  it('tells ready, veto, report, dispute, reopening, different reports, the ruling with its note and a correction, oldest first, without the dispute’s reason', async () => {
    const { matchOf, teamsOf } = await startedCup(2);
    const final = matchOf('r1m1');
    const [a, b] = teamsOf(final);
    expect((await publicMatch(final.id)).history).toEqual([]);
    const { readyA, readyB, vetoAt, map } = await readyAndVeto(final.id, a, b);
    const win = [{ map, team1Rounds: 13, team2Rounds: 7 }];
    const loss = [{ map, team1Rounds: 5, team2Rounds: 13 }];

    const reportedAt = nextMinute();
    await ok(await captainPost(a, final.id, 'report', { maps: win }));
    const disputedAt = nextMinute();
    await ok(await captainPost(b, final.id, 'dispute', { reason: 'They used a banned agent' }));
    const reopenedAt = nextMinute();
    await ok(await staff('DELETE', `/api/matches/${final.id}/report`));
    const reportedAgainAt = nextMinute();
    await ok(await captainPost(a, final.id, 'report', { maps: win }));
    const differAt = nextMinute();
    await ok(await captainPost(b, final.id, 'report', { maps: loss }));
    const ruledAt = nextMinute();
    const ruled = await staff('PUT', `/api/matches/${final.id}`, { maps: win, note: 'The demo shows 13-7' });
    expect(ruled.statusCode, ruled.body).toBe(200);
    const correctedAt = nextMinute();
    const corrected = await staff('PUT', `/api/matches/${final.id}`, { maps: loss });
    expect(corrected.statusCode, corrected.body).toBe(200);

    const detail = await publicMatch(final.id);
    expect(stepsOf(detail.history)).toEqual([
      ['ready', a.id, null, readyA],
      ['ready', b.id, null, readyB],
      ['vetoDone', null, null, vetoAt],
      ['reported', a.id, null, reportedAt],
      ['disputed', b.id, null, disputedAt],
      ['reopened', null, null, reopenedAt],
      ['reported', a.id, null, reportedAgainAt],
      ['reportsDiffer', b.id, null, differAt],
      ['ruled', a.id, 'The demo shows 13-7', ruledAt],
      ['resultCorrected', b.id, null, correctedAt],
    ]);
    expect(JSON.stringify(detail.history)).not.toContain('banned agent');
  });

  it('a confirmation by the opponent is one step (the result it enters is not told twice)', async () => {
    const { matchOf, teamsOf } = await startedCup(2);
    const final = matchOf('r1m1');
    const [a, b] = teamsOf(final);
    const { map } = await readyAndVeto(final.id, a, b);
    const reportedAt = nextMinute();
    await ok(await captainPost(b, final.id, 'report', { maps: [{ map, team1Rounds: 13, team2Rounds: 9 }] }));
    const confirmedAt = nextMinute();
    const confirmed = await ok(await captainPost(a, final.id, 'confirm'));
    expect(stepsOf(confirmed.history).slice(3)).toEqual([
      ['reported', b.id, null, reportedAt],
      ['confirmed', a.id, null, confirmedAt],
    ]);
  });

  it('a report left unanswered is confirmed at its deadline: by the clock before the sweep, the same step after it', async () => {
    const { matchOf, teamsOf } = await startedCup(2);
    const final = matchOf('r1m1');
    const [a, b] = teamsOf(final);
    const { map } = await readyAndVeto(final.id, a, b);
    nextMinute();
    await ok(await captainPost(a, final.id, 'report', { maps: [{ map, team1Rounds: 13, team2Rounds: 3 }] }));
    const deadline = new Date(t.clock.now().getTime() + 10 * 60_000).toISOString();
    t.clock.advance(15 * 60_000);
    const byClock = await publicMatch(final.id);
    expect(stepsOf(byClock.history).slice(-2)).toEqual([
      ['reported', a.id, null, new Date(Date.parse(deadline) - 10 * 60_000).toISOString()],
      ['confirmedByDeadline', null, null, deadline],
    ]);
    expect(await t.services.matchReports.confirmOverdue(t.clock.now())).toBe(1);
    expect((await publicMatch(final.id)).history).toEqual(byClock.history);
  });

  it('tells forfeit claims and their decisions, and results staff enter or mark as a forfeit', async () => {
    const { matchOf, teamsOf, startsAt } = await startedCup(4);
    const semi1 = matchOf('r1m1');
    const semi2 = matchOf('r1m2');
    const [a] = teamsOf(semi1);
    const [c, d] = teamsOf(semi2);
    await markReady(t, semi1.id, a);
    await markReady(t, semi2.id, c);
    const readyAt = t.clock.now().toISOString();
    t.clock.set(new Date(startsAt.getTime() + 10 * 60_000));
    const claimedAt = nextMinute();
    await ok(await captainPost(c, semi2.id, 'claim-forfeit'));
    const refusedAt = nextMinute();
    await ok(await staff('POST', `/api/matches/${semi2.id}/forfeit-claim`, { approve: false }));
    const claimedAgainAt = nextMinute();
    await ok(await captainPost(c, semi2.id, 'claim-forfeit'));
    const approvedAt = nextMinute();
    const approved = await ok(await staff('POST', `/api/matches/${semi2.id}/forfeit-claim`, { approve: true, note: 'No show' }));
    expect(approved).toMatchObject({ winnerTeamId: c.id, forfeit: true });
    expect(stepsOf(approved.history)).toEqual([
      ['ready', c.id, null, readyAt],
      ['forfeitClaimed', c.id, null, claimedAt],
      ['forfeitRefused', c.id, null, refusedAt],
      ['forfeitClaimed', c.id, null, claimedAgainAt],
      ['forfeitApproved', c.id, null, approvedAt],
    ]);
    expect(d.id).not.toBe(c.id);

    // Staff mark a forfeit directly on the other semi-final, then the final is entered without reports.
    const markedAt = nextMinute();
    const marked = await staff('PUT', `/api/matches/${semi1.id}`, { winnerTeamId: a.id, forfeit: true });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(stepsOf((await publicMatch(semi1.id)).history)).toEqual([
      ['ready', a.id, null, readyAt],
      ['forfeitMarked', a.id, null, markedAt],
    ]);
    const final = (marked.json() as { bracket: Bracket }).bracket.rounds[1].matches[0];
    const enteredAt = nextMinute();
    const entered = await staff('PUT', `/api/matches/${final.id}`, { winnerTeamId: c.id, score: '13-11' });
    expect(entered.statusCode, entered.body).toBe(200);
    expect(stepsOf((await publicMatch(final.id)).history)).toEqual([['resultEntered', c.id, null, enteredAt]]);
  });

  it('leaves out the steps of a team the match no longer has (an earlier result corrected)', async () => {
    const { matchOf, teamsOf } = await startedCup(4);
    const semi1 = matchOf('r1m1');
    const semi2 = matchOf('r1m2');
    const [a, b] = teamsOf(semi1);
    const [c] = teamsOf(semi2);
    expect((await staff('PUT', `/api/matches/${semi1.id}`, { winnerTeamId: a.id })).statusCode).toBe(200);
    const outcome = (await staff('PUT', `/api/matches/${semi2.id}`, { winnerTeamId: c.id })).json() as { bracket: Bracket };
    const final = outcome.bracket.rounds[1].matches[0];
    const readyAt = nextMinute();
    await markReady(t, final.id, a, c);
    expect((await publicMatch(final.id)).history.map((s) => [s.kind, s.teamId])).toEqual([
      ['ready', a.id],
      ['ready', c.id],
    ]);
    nextMinute();
    expect((await staff('PUT', `/api/matches/${semi1.id}`, { winnerTeamId: b.id })).statusCode).toBe(200);
    expect(stepsOf((await publicMatch(final.id)).history)).toEqual([['ready', c.id, null, readyAt]]);
  });

  it('stays fresh behind the read cache: a step answers a new ETag at once', async () => {
    const { matchOf, teamsOf } = await startedCup(2);
    const final = matchOf('r1m1');
    const [a] = teamsOf(final);
    const first = await t.app.inject({ method: 'GET', url: `/api/matches/${final.id}` });
    const etag = String(first.headers.etag);
    expect((await t.app.inject({ method: 'GET', url: `/api/matches/${final.id}`, headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    await markReady(t, final.id, a);
    const after = await t.app.inject({ method: 'GET', url: `/api/matches/${final.id}`, headers: { 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    expect((after.json() as MatchDetail).history.map((s) => [s.kind, s.teamId])).toEqual([['ready', a.id]]);
  });
});

describe("a match's stream", () => {
  it('is on the match read once set, and gone once cleared', async () => {
    const { matchOf } = await startedCup(2);
    const final = matchOf('r1m1');
    expect((await publicMatch(final.id)).streamUrl).toBeNull();
    const set = await staff('PUT', `/api/matches/${final.id}/stream`, { streamUrl: 'https://twitch.tv/FinalCaster' });
    expect(set.statusCode, set.body).toBe(200);
    expect((await publicMatch(final.id)).streamUrl).toBe('https://www.twitch.tv/finalcaster');
    await staff('PUT', `/api/matches/${final.id}/stream`, { streamUrl: '' });
    expect((await publicMatch(final.id)).streamUrl).toBeNull();
  });
});
