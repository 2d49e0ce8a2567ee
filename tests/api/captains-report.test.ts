import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { organizerUnblocks, reportStates, type ReportState } from '../../src/shared/match/report-states.js';
import type { Bracket, BracketMatch } from '../../src/shared/schemas/bracket.js';
import type { MatchDetail, MatchQueueItem } from '../../src/shared/schemas/match.js';
import type { TournamentInput } from '../../src/shared/schemas/tournament.js';
import { auditLog, brackets, matches, outbox, teams as teamsTable } from '../../src/server/db/schema.js';
import { createOpenTournament, registerTeam } from '../support/factories.js';
import { multipartBody, pngImage } from '../support/upload-fixtures.js';
import { markReady, type LinkedTeam } from '../support/match-day.js';
import { createTestApp, usesPostgres, type TestApp } from '../support/test-app.js';

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.login();
});

type Response = Awaited<ReturnType<TestApp['app']['inject']>>;

/**
 * A free tournament with `n` teams (seed order = registration order) and its bracket, best of one;
 * the clock then stands at the tournament's start.
 */
async function startedCup(n: number, overrides: Partial<TournamentInput> = {}) {
  t.clock.set(new Date());
  const tournament = await createOpenTournament(t, cookie, { entryFee: '0', checkInEnabled: false, ...overrides });
  const teams: LinkedTeam[] = [];
  for (let i = 0; i < n; i++) {
    const team = await registerTeam(t.app, tournament.id, { name: `Report ${i + 1} ${tournament.id.slice(0, 4)}`, captainEmail: `captain${i + 1}@example.com` });
    teams.push({ id: team.id, link: team.teamLink });
    t.clock.advance(1000);
  }
  const generated = await t.app.inject({ method: 'POST', url: `/api/tournaments/${tournament.id}/bracket`, headers: { cookie }, payload: { seeding: 'registration' } });
  expect(generated.statusCode, generated.body).toBe(201);
  const bracket = generated.json() as Bracket;
  const startsAt = new Date(tournament.tournamentDate);
  t.clock.set(startsAt);
  cookie = await t.login();
  const matchOf = (key: string) => [...bracket.rounds.flatMap((r) => r.matches), ...(bracket.thirdPlace ? [bracket.thirdPlace] : [])].find((m) => m.key === key)!;
  const teamsOf = (match: BracketMatch) => [teams.find((team) => team.id === match.team1Id)!, teams.find((team) => team.id === match.team2Id)!] as const;
  return { tournament, teams, bracket, startsAt, matchOf, teamsOf };
}

const captainPost = (team: LinkedTeam, matchId: string, action: string, payload?: Record<string, unknown>, teamId = team.id) =>
  t.app.inject({ method: 'POST', url: `/api/manage/${teamId}/matches/${matchId}/${action}`, headers: team.link, ...(payload ? { payload } : {}) });
const reportAs = (team: LinkedTeam, matchId: string, maps: unknown[]) => captainPost(team, matchId, 'report', { maps });
const publicMatch = async (matchId: string) => (await t.app.inject({ method: 'GET', url: `/api/matches/${matchId}` })).json() as MatchDetail;
const publicBracket = async (tournamentId: string) => (await t.app.inject({ method: 'GET', url: `/api/tournaments/${tournamentId}/bracket` })).json() as Bracket;
const staffResult = (matchId: string, payload: Record<string, unknown>) => t.app.inject({ method: 'PUT', url: `/api/matches/${matchId}`, headers: { cookie }, payload });
const reopen = (matchId: string) => t.app.inject({ method: 'DELETE', url: `/api/matches/${matchId}/report`, headers: { cookie } });
const queueOf = async (tournamentId: string) => {
  const response = await t.app.inject({ method: 'GET', url: `/api/tournaments/${tournamentId}/disputes`, headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as MatchQueueItem[];
};

async function ok(response: Response): Promise<MatchDetail> {
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as MatchDetail;
}
const refused = (response: Response) => ({ status: response.statusCode, error: (response.json() as { error: string }).error });

/** Both captains say ready, then play the veto through (each turn: start first, the first map left, attack); returns the map to play. */
async function readyAndVeto(matchId: string, a: LinkedTeam, b: LinkedTeam): Promise<string> {
  await markReady(t, matchId, a, b);
  for (let detail = await publicMatch(matchId); detail.veto?.next; detail = await publicMatch(matchId)) {
    const { action, teamId } = detail.veto.next;
    const team = teamId === a.id ? a : b;
    const choice = action === 'order' ? { order: 'first' } : action === 'side' ? { side: 'attack' } : { map: detail.veto.remaining[0] };
    await ok(await captainPost(team, matchId, 'veto', choice));
  }
  const detail = await publicMatch(matchId);
  expect(detail.veto?.done).toBe(true);
  return detail.veto!.maps[0]!.map;
}

/** A started 2-team cup whose final is ready to report: both ready, veto done. */
async function readyFinal(overrides: Partial<TournamentInput> = {}) {
  const cup = await startedCup(2, overrides);
  const final = cup.matchOf('r1m1');
  const [a, b] = cup.teamsOf(final);
  const map = await readyAndVeto(final.id, a, b);
  return { ...cup, final, a, b, map, win: [{ map, team1Rounds: 13, team2Rounds: 7 }], loss: [{ map, team1Rounds: 5, team2Rounds: 13 }] };
}

/** The subjects of the match news in a team captain's outbox. */
const matchMail = async (teamId: string) =>
  (await t.database.db.select({ subject: outbox.subject, body: outbox.body }).from(outbox).where(eq(outbox.teamId, teamId))).filter((m) => !m.subject.startsWith('Registration'));
const teamName = async (teamId: string) => (await t.database.db.select({ name: teamsTable.name }).from(teamsTable).where(eq(teamsTable.id, teamId)))[0]!.name;

const resultEntries = async (tournamentId: string) => (await t.database.db.select().from(auditLog).where(and(eq(auditLog.tournamentId, tournamentId), eq(auditLog.action, 'match.result')))).length;

describe('match times', () => {
  it('derives round 1 at the start and a later round when its teams are known; the organizer sets and clears a time', async () => {
    const { tournament, matchOf, startsAt, teamsOf } = await startedCup(4);
    const semi = matchOf('r1m1');
    const final = matchOf('r2m1');
    expect((await publicMatch(semi.id)).startsAt).toBe(startsAt.toISOString());
    expect((await publicMatch(final.id)).startsAt).toBeNull();
    expect(matchOf('r1m1').startsAt).toBe(startsAt.toISOString());

    t.clock.set(new Date(startsAt.getTime() + 30 * 60_000));
    await ok(await staffResult(semi.id, { winnerTeamId: semi.team1Id, forfeit: true }));
    t.clock.set(new Date(startsAt.getTime() + 50 * 60_000));
    const semi2 = matchOf('r1m2');
    await ok(await staffResult(semi2.id, { winnerTeamId: semi2.team1Id, forfeit: true }));
    // Both semi-finals decided: the final is played from the later result.
    expect((await publicMatch(final.id)).startsAt).toBe(new Date(startsAt.getTime() + 50 * 60_000).toISOString());

    const at = new Date(startsAt.getTime() + 2 * 3_600_000).toISOString();
    const set = await ok(await t.app.inject({ method: 'PATCH', url: `/api/matches/${final.id}`, headers: { cookie }, payload: { startsAt: at } }));
    expect(set.startsAt).toBe(at);
    expect(set.ready.opensAt).toBe(new Date(Date.parse(at) - 15 * 60_000).toISOString());
    const onBracket = (await publicBracket(tournament.id)).rounds[1]!.matches[0]!;
    expect(onBracket.startsAt).toBe(at);

    // The ready check opens 15 minutes before.
    const [s1, s3] = [teamsOf(semi)[0], teamsOf(semi2)[0]];
    expect(refused(await captainPost(s1, final.id, 'ready'))).toEqual({ status: 409, error: 'The ready check opens 15 minutes before the match' });
    t.clock.set(new Date(Date.parse(at) - 15 * 60_000));
    const ready = await ok(await captainPost(s1, final.id, 'ready'));
    expect(ready.ready).toMatchObject({ team1: true, team2: false });
    expect(ready.status).toBe('waiting');
    const both = await ok(await captainPost(s3, final.id, 'ready'));
    expect(both.status).toBe('veto');
    // The veto opens at the moment both were ready.
    expect(both.veto?.next?.deadline).toBe(new Date(t.clock.now().getTime() + 90_000).toISOString());

    const cleared = await ok(await t.app.inject({ method: 'PATCH', url: `/api/matches/${final.id}`, headers: { cookie }, payload: { startsAt: null } }));
    expect(cleared.startsAt).toBe(new Date(startsAt.getTime() + 50 * 60_000).toISOString());
    const bad = await t.app.inject({ method: 'PATCH', url: `/api/matches/${final.id}`, headers: { cookie }, payload: { startsAt: 'soon' } });
    expect(bad.statusCode).toBe(400);
    const audited = await t.database.db.select().from(auditLog).where(and(eq(auditLog.tournamentId, tournament.id), eq(auditLog.action, 'match.starts_at')));
    expect(audited).toHaveLength(2);
  });

  it('takes the captains-report settings on the tournament, with their defaults', async () => {
    const { tournament } = await startedCup(2);
    expect(tournament).toMatchObject({ selfReporting: true, reportConfirmMinutes: 10, noShowMinutes: 10 });
    t.clock.set(new Date());
    const other = await createOpenTournament(t, cookie, { entryFee: '0', selfReporting: false, reportConfirmMinutes: 30, noShowMinutes: 5 });
    expect(other).toMatchObject({ selfReporting: false, reportConfirmMinutes: 30, noShowMinutes: 5 });
    const tooLong = await t.app.inject({ method: 'POST', url: '/api/tournaments', headers: { cookie }, payload: { ...other, reportConfirmMinutes: 2000 } });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error).toBe('The confirmation deadline must be at most 1440 minutes');
  });
});

describe('reporting a result', () => {
  it('report then confirm: the result goes through the organizer path and the bracket advances', async () => {
    const { tournament, matchOf, teamsOf } = await startedCup(4);
    const semi = matchOf('r1m1');
    const [a, b] = teamsOf(semi);
    const map = await readyAndVeto(semi.id, a, b);
    const reported = await ok(await reportAs(a, semi.id, [{ map: map.toLowerCase(), team1Rounds: 13, team2Rounds: 9 }]));
    expect(reported.report).toMatchObject({ state: 'reported', reports: [{ teamId: a.id, winnerTeamId: a.id, maps: [{ map, team1Rounds: 13, team2Rounds: 9 }] }] });
    expect(reported.report.deadline).toBe(new Date(t.clock.now().getTime() + 10 * 60_000).toISOString());
    expect(reported.winnerTeamId).toBeNull();
    expect(refused(await captainPost(a, semi.id, 'confirm'))).toEqual({ status: 409, error: 'You cannot confirm your own report' });
    expect(refused(await captainPost(a, semi.id, 'dispute', { reason: 'no' }))).toEqual({ status: 409, error: 'You cannot dispute your own report' });
    expect(refused(await reportAs(a, semi.id, [{ map, team1Rounds: 13, team2Rounds: 9 }]))).toEqual({ status: 409, error: 'Your team has already reported this match' });

    // Discord hears of a confirmed result like an organizer's entry, after the commit.
    const discord = vi.spyOn(t.services.news, 'resultEntered');
    const confirmed = await ok(await captainPost(b, semi.id, 'confirm'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(discord).toHaveBeenCalledWith(semi.id, expect.objectContaining({ isCorrection: false }), false);
    discord.mockRestore();
    expect(confirmed).toMatchObject({ status: 'finished', winnerTeamId: a.id, report: { state: 'confirmed' } });
    expect((await publicBracket(tournament.id)).rounds[1]!.matches[0]!.team1Id).toBe(a.id);
    expect(await resultEntries(tournament.id)).toBe(1);
    expect(refused(await reportAs(b, semi.id, [{ map, team1Rounds: 13, team2Rounds: 9 }]))).toEqual({ status: 409, error: 'This match has a result' });
    const actions = (await t.database.db.select().from(auditLog).where(eq(auditLog.tournamentId, tournament.id))).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['match.ready', 'match.report', 'match.report_confirm', 'match.result']));
  });

  it('report then deadline: it counts as confirmed by the clock, and the sweep enters it', async () => {
    const { tournament, final, a, b, win } = await readyFinal();
    await ok(await reportAs(b, final.id, win));
    t.clock.advance(10 * 60_000 - 1000);
    expect(await t.services.matchReports.confirmOverdue(t.clock.now())).toBe(0);
    t.clock.advance(1000);
    // Read by the clock before the sweep wrote it.
    expect((await publicMatch(final.id)).report.state).toBe('confirmed');
    expect(refused(await captainPost(a, final.id, 'dispute', { reason: 'Too late' }))).toEqual({ status: 409, error: 'The confirmation deadline has passed: the report counts as confirmed' });
    const discord = vi.spyOn(t.services.news, 'resultEntered');
    expect(await t.services.matchReports.confirmOverdue(t.clock.now())).toBe(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(discord).toHaveBeenCalledTimes(1);
    discord.mockRestore();
    expect(await publicMatch(final.id)).toMatchObject({ winnerTeamId: a.id, status: 'finished', report: { state: 'confirmed' } });
    expect(await t.services.matchReports.confirmOverdue(t.clock.now())).toBe(0);
    expect(await resultEntries(tournament.id)).toBe(1);
  });

  it('report then dispute with screenshots: the queue, then the staff ruling with a note both captains see', async () => {
    const { tournament, final, a, b, win } = await readyFinal();
    const discord = vi.spyOn(t.services.news, 'resultEntered');
    await ok(await reportAs(a, final.id, win));
    expect(refused(await captainPost(b, final.id, 'dispute', { reason: 'Wrong', evidence: ['https://elsewhere.example/x.png'] }))).toEqual({
      status: 400,
      error: 'Evidence must be an image uploaded on this site',
    });
    expect(refused(await captainPost(b, final.id, 'dispute', { reason: 'Wrong', evidence: ['/objects/logos/a.png', '/objects/logos/b.png', '/objects/logos/c.png', '/objects/logos/d.png', '/objects/logos/e.png'] }))).toEqual({
      status: 400,
      error: 'At most 4 screenshots',
    });
    expect(refused(await captainPost(b, final.id, 'dispute', { reason: ' ' }))).toEqual({ status: 400, error: 'Say why the result is wrong' });
    // A screenshot goes through the logo's upload (sniffed, re-encoded); an object that was never uploaded is refused.
    const { payload, headers } = await multipartBody('logo', await pngImage());
    const uploaded = await t.app.inject({ method: 'POST', url: '/api/upload-logo', payload, headers });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const shot = (uploaded.json() as { logoUrl: string }).logoUrl;
    const missing = await captainPost(b, final.id, 'dispute', { reason: 'Wrong', evidence: [shot, '/objects/logos/0123456789abcdef0123456789abcdef.webp'] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ error: 'Evidence must be an image uploaded on this site', issues: [{ path: 'evidence.1', message: 'Evidence must be an image uploaded on this site' }] });
    const disputed = await ok(await captainPost(b, final.id, 'dispute', { reason: 'We won the map 13-11', evidence: [shot] }));
    expect(disputed.report).toMatchObject({ state: 'disputed', dispute: { teamId: b.id, reason: 'We won the map 13-11', evidence: [shot] } });
    // The reason and the screenshots are for the two captains (their own read) and staff, not for the public match page.
    const captainRead = async (team: LinkedTeam) => ok(await t.app.inject({ method: 'GET', url: `/api/manage/${team.id}/matches/${final.id}`, headers: team.link }));
    for (const team of [a, b]) expect((await captainRead(team)).report.dispute).toMatchObject({ teamId: b.id, reason: 'We won the map 13-11', evidence: [shot] });
    expect((await publicMatch(final.id)).report.dispute).toEqual({ teamId: b.id, reason: null, evidence: [], at: disputed.report.dispute!.at });
    expect(JSON.stringify(await publicMatch(final.id))).not.toContain('We won the map');
    expect(refused(await captainPost(a, final.id, 'confirm'))).toEqual({ status: 409, error: "This match's result is disputed: staff will rule" });
    // Discord posts confirmed results only, never a report or a dispute.
    await new Promise((resolve) => setImmediate(resolve));
    expect(discord).not.toHaveBeenCalled();
    discord.mockRestore();
    // A dispute is not settled by the clock.
    t.clock.advance(60 * 60_000);
    expect(await t.services.matchReports.confirmOverdue(t.clock.now())).toBe(0);

    const queue = await queueOf(tournament.id);
    expect(queue).toEqual([expect.objectContaining({ kind: 'dispute', matchId: final.id, team1Id: a.id, team2Id: b.id, report: expect.objectContaining({ state: 'disputed' }) })]);
    // Match Day's bracket list shows an open report's state on the match; a decided match has none.
    expect((await publicBracket(tournament.id)).rounds[0]!.matches[0]!.reportState).toBe('disputed');
    const ruling = await staffResult(final.id, { maps: [{ map: win[0]!.map, team1Rounds: 11, team2Rounds: 13 }], note: 'Screenshot shows 13-11 for the defenders' });
    expect(ruling.statusCode, ruling.body).toBe(200);
    expect(await publicMatch(final.id)).toMatchObject({ winnerTeamId: b.id, report: { state: 'ruled', ruling: { note: 'Screenshot shows 13-11 for the defenders' } } });
    expect(await queueOf(tournament.id)).toEqual([]);
    expect((await publicBracket(tournament.id)).rounds[0]!.matches[0]!).not.toHaveProperty('reportState');
    // Mail: the opponent heard of the report (with its deadline), both captains of the ruling and its note.
    const [aMail, bMail] = [await matchMail(a.id), await matchMail(b.id)];
    // The outbox keeps no order among mail queued in the same instant: compared as a set.
    const reportedSubject = `${await teamName(a.id)} reported your match in ${tournament.name}`;
    expect(bMail.map((m) => m.subject).sort()).toEqual([reportedSubject, `Staff ruled on your match in ${tournament.name}`].sort());
    expect(bMail.find((m) => m.subject === reportedSubject)!.body).toContain('confirm it or dispute it before');
    expect(aMail.map((m) => m.subject)).toEqual([`Staff ruled on your match in ${tournament.name}`]);
    expect(aMail[0]!.body).toContain('Their note: Screenshot shows 13-11 for the defenders');
    const actions = (await t.database.db.select().from(auditLog).where(eq(auditLog.tournamentId, tournament.id))).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['match.report', 'match.report_dispute', 'match.result']));
    // The log keeps that the team disputed, not its words or images (it is append-only; erasure cannot reach it).
    const logged = (await t.database.db.select().from(auditLog).where(eq(auditLog.tournamentId, tournament.id))).find((e) => e.action === 'match.report_dispute');
    expect(logged?.after).toMatchObject({ teamId: b.id, screenshots: 1 });
    expect(JSON.stringify(logged?.after)).not.toContain('We won the map');
    expect(logged?.after).not.toHaveProperty('evidence');

    // Erasing the disputing team takes its reason and screenshot away; that it disputed stays.
    expect((await t.app.inject({ method: 'GET', url: shot })).statusCode).toBe(200);
    t.clock.advance(400 * 24 * 60 * 60_000);
    cookie = await t.login();
    const erased = await t.app.inject({ method: 'POST', url: `/api/admin/teams/${b.id}/erase`, headers: { cookie } });
    expect(erased.statusCode, erased.body).toBe(204);
    const [row] = await t.database.db.select({ report: matches.report }).from(matches).where(eq(matches.id, final.id));
    expect(row!.report!.dispute).toMatchObject({ teamId: b.id, reason: 'Removed', evidence: [] });
    expect((await t.app.inject({ method: 'GET', url: shot })).statusCode).toBe(404);
  });

  it("erasing a team that cited another team's logo as a screenshot leaves that logo alone", async () => {
    const { final, a, b, win } = await readyFinal();
    const { payload, headers } = await multipartBody('logo', await pngImage());
    const logo = ((await t.app.inject({ method: 'POST', url: '/api/upload-logo', payload, headers })).json() as { logoUrl: string }).logoUrl;
    await t.database.db.update(teamsTable).set({ logoUrl: logo }).where(eq(teamsTable.id, a.id));
    await ok(await reportAs(a, final.id, win));
    await ok(await captainPost(b, final.id, 'dispute', { reason: 'See their logo', evidence: [logo] }));
    t.clock.advance(400 * 24 * 60 * 60_000);
    cookie = await t.login();
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/teams/${b.id}/erase`, headers: { cookie } })).statusCode).toBe(204);
    const [row] = await t.database.db.select({ report: matches.report }).from(matches).where(eq(matches.id, final.id));
    expect(row!.report!.dispute).toMatchObject({ reason: 'Removed', evidence: [] });
    expect((await t.app.inject({ method: 'GET', url: logo })).statusCode).toBe(200);
  });

  it('both captains report the same result: confirmed; different: a dispute', async () => {
    const same = await readyFinal();
    await ok(await reportAs(same.a, same.final.id, same.win));
    expect((await publicBracket(same.tournament.id)).rounds[0]!.matches[0]!.reportState).toBe('reported');
    expect(await ok(await reportAs(same.b, same.final.id, same.win))).toMatchObject({ winnerTeamId: same.a.id, report: { state: 'confirmed' } });

    const different = await readyFinal();
    await ok(await reportAs(different.a, different.final.id, different.win));
    const disputed = await ok(await reportAs(different.b, different.final.id, different.loss));
    expect(disputed).toMatchObject({ winnerTeamId: null, report: { state: 'disputed', dispute: { teamId: different.b.id, reason: 'The two captains reported different results' } } });
    expect(disputed.report.reports).toHaveLength(2);
    expect((await queueOf(different.tournament.id)).map((item) => item.kind)).toEqual(['dispute']);
  });

  it("refuses the wrong team's key (404), a team not in the match (403), a match not ready or already final, and reports the rules refuse", async () => {
    const { matchOf, teamsOf } = await startedCup(4);
    const semi = matchOf('r1m1');
    const [a, b] = teamsOf(semi);
    const [c] = teamsOf(matchOf('r1m2'));
    const maps = [{ map: 'Ascent', team1Rounds: 13, team2Rounds: 7 }];
    expect(refused(await reportAs(c, semi.id, maps))).toEqual({ status: 403, error: 'Your team does not play this match' });
    expect(refused(await captainPost(c, semi.id, 'report', { maps }, a.id))).toEqual({ status: 404, error: 'Team not found' });
    const captainRead = (team: LinkedTeam, teamId = team.id) => t.app.inject({ method: 'GET', url: `/api/manage/${teamId}/matches/${semi.id}`, headers: team.link });
    expect(refused(await captainRead(c))).toEqual({ status: 403, error: 'Your team does not play this match' });
    expect(refused(await captainRead(c, a.id))).toEqual({ status: 404, error: 'Team not found' });
    const read = await captainRead(a);
    expect(read.statusCode).toBe(200);
    expect(read.headers['cache-control']).toBe('private, no-store');
    expect(refused(await reportAs(a, semi.id, maps))).toEqual({ status: 409, error: 'Both teams must be ready before a result is reported' });
    await markReady(t, semi.id, a, b);
    expect(refused(await reportAs(a, semi.id, maps))).toEqual({ status: 409, error: 'The map veto is not finished yet' });
    expect(refused(await reportAs(a, matchOf('r2m1').id, maps))).toEqual({ status: 409, error: 'This match does not have both teams yet' });

    const map = await readyAndVeto(semi.id, a, b);
    const other = map === 'Ascent' ? 'Bind' : 'Ascent';
    expect(refused(await reportAs(a, semi.id, [{ map: other, team1Rounds: 13, team2Rounds: 7 }]))).toEqual({ status: 400, error: `The veto settled ${map} as map 1` });
    expect(refused(await reportAs(a, semi.id, [{ map, team1Rounds: 13, team2Rounds: 12 }]))).toEqual({
      status: 400,
      error: '13–12 is not a final score: a map is won 13 to at most 11, or by two in overtime',
    });
    expect(refused(await reportAs(a, semi.id, []))).toEqual({ status: 400, error: "Enter each map's rounds" });

    await ok(await staffResult(semi.id, { maps: [{ map, team1Rounds: 13, team2Rounds: 2 }] }));
    expect(refused(await reportAs(a, semi.id, [{ map, team1Rounds: 13, team2Rounds: 2 }]))).toEqual({ status: 409, error: 'This match has a result' });
  });

  it('a bracket drawn before the site ran vetoes: no veto, the captains report once both are ready', async () => {
    const { tournament, matchOf, teamsOf } = await startedCup(2);
    await t.database.db.update(brackets).set({ mapVeto: false }).where(eq(brackets.tournamentId, tournament.id));
    const final = matchOf('r1m1');
    const [a, b] = teamsOf(final);
    const maps = [{ map: 'Ascent', team1Rounds: 13, team2Rounds: 4 }];
    expect(refused(await reportAs(a, final.id, maps))).toEqual({ status: 409, error: 'Both teams must be ready before a result is reported' });
    await markReady(t, final.id, a, b);
    const detail = await publicMatch(final.id);
    expect(detail).toMatchObject({ status: 'live', veto: null });
    await ok(await reportAs(a, final.id, maps));
    expect(await ok(await captainPost(b, final.id, 'confirm'))).toMatchObject({ winnerTeamId: a.id, status: 'finished' });
  });

  it('self-reporting off refuses reports: results by staff only', async () => {
    const { final, a, win } = await readyFinal({ selfReporting: false });
    expect(refused(await reportAs(a, final.id, win))).toEqual({ status: 409, error: 'Results for this tournament are entered by staff only' });
    expect((await publicMatch(final.id)).selfReporting).toBe(false);
  });

  it.skipIf(!usesPostgres)('two simultaneous reports, and a simultaneous report and confirmation, give one consistent outcome', async () => {
    const twoReports = await readyFinal();
    const both = await Promise.all([reportAs(twoReports.a, twoReports.final.id, twoReports.win), reportAs(twoReports.b, twoReports.final.id, twoReports.loss)]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    const after = await publicMatch(twoReports.final.id);
    expect(after.report.state).toBe('disputed');
    expect(after.report.reports.map((r) => r.teamId).sort()).toEqual([twoReports.a.id, twoReports.b.id].sort());

    const sameReports = await readyFinal();
    const same = await Promise.all([reportAs(sameReports.a, sameReports.final.id, sameReports.win), reportAs(sameReports.b, sameReports.final.id, sameReports.win)]);
    expect(same.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await publicMatch(sameReports.final.id)).toMatchObject({ winnerTeamId: sameReports.a.id, report: { state: 'confirmed' } });
    expect(await resultEntries(sameReports.tournament.id)).toBe(1);

    const race = await readyFinal();
    await ok(await reportAs(race.a, race.final.id, race.win));
    const raced = await Promise.all([captainPost(race.b, race.final.id, 'confirm'), reportAs(race.b, race.final.id, race.win)]);
    expect(raced.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(raced.find((r) => r.statusCode === 409)!.json().error).toBe('This match has a result');
    expect(await resultEntries(race.tournament.id)).toBe(1);
  });
});

describe('the match calendar file', () => {
  /** The file's content lines, unfolded (RFC 5545 §3.1: CRLF then a space continues a line). */
  const unfolded = (body: string) => body.replace(/\r\n /g, '').split('\r\n');

  it('answers one VEVENT in UTC, lasting an hour a map of the best-of, escaped and folded; 409 without a time, 404 for an unknown match', async () => {
    const { matchOf, startsAt } = await startedCup(4, { name: 'North, South; Back\\slash Open Championship of the Season' });
    const semi = matchOf('r1m1');
    const response = await t.app.inject({ method: 'GET', url: `/api/matches/${semi.id}/calendar.ics` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="report-1-[a-z0-9-]+-vs-report-4-[a-z0-9-]+\.ics"$/);
    const body = response.body;
    // Every line ends with CRLF, none is longer than 75 octets.
    expect(body.endsWith('\r\n')).toBe(true);
    expect(body.replace(/\r\n/g, '').includes('\n')).toBe(false);
    for (const line of body.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    const lines = unfolded(body);
    const field = (name: string) => lines.find((line) => line.startsWith(`${name}:`))?.slice(name.length + 1);
    const [team1, team2] = [await teamName(semi.team1Id!), await teamName(semi.team2Id!)];
    const stamp = (date: Date) => date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z');
    expect(lines.slice(0, 6)).toEqual(['BEGIN:VCALENDAR', 'VERSION:2.0', expect.stringMatching(/^PRODID:-\/\/.+\/\/Match calendar\/\/EN$/), 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH', 'BEGIN:VEVENT']);
    expect(field('UID')).toMatch(new RegExp(`^match-${semi.id}@[^\\s]+$`));
    expect(field('DTSTAMP')).toBe(stamp(t.clock.now()));
    expect(field('DTSTART')).toBe(stamp(startsAt));
    // Best of one: an hour.
    expect(field('DTEND')).toBe(stamp(new Date(startsAt.getTime() + 60 * 60_000)));
    expect(field('SUMMARY')).toBe(`${team1} vs ${team2} — North\\, South\\; Back\\\\slash Open Championship of the Season`);
    expect(field('URL')).toMatch(new RegExp(`^https?://[^/]+/matches/${semi.id}$`));
    expect(field('DESCRIPTION')).toBe(`Semi-finals\\, Match 1\\, best of 1.\\n${field('URL')}`);
    expect(lines.slice(-3)).toEqual(['END:VEVENT', 'END:VCALENDAR', '']);

    // A best of 3 lasts three hours.
    const changed = await t.app.inject({ method: 'PATCH', url: `/api/matches/${semi.id}`, headers: { cookie }, payload: { bestOf: 3 } });
    expect(changed.statusCode, changed.body).toBe(200);
    const bo3 = unfolded((await t.app.inject({ method: 'GET', url: `/api/matches/${semi.id}/calendar.ics` })).body);
    expect(bo3.find((line) => line.startsWith('DTEND:'))).toBe(`DTEND:${stamp(new Date(startsAt.getTime() + 3 * 60 * 60_000))}`);

    // The final has no time while its teams are not known.
    const final = await t.app.inject({ method: 'GET', url: `/api/matches/${matchOf('r2m1').id}/calendar.ics` });
    expect(refused(final)).toEqual({ status: 409, error: 'This match has no time yet: its teams are not known' });
    const unknown = await t.app.inject({ method: 'GET', url: '/api/matches/00000000-0000-4000-8000-000000000000/calendar.ics' });
    expect(refused(unknown)).toEqual({ status: 404, error: 'Match not found' });
  });
});

describe('no-shows', () => {
  it('a ready team claims the forfeit only after the allowance and while the other is not ready; the organizer approves or refuses', async () => {
    const { tournament, matchOf, teamsOf, startsAt } = await startedCup(4);
    const semi = matchOf('r1m1');
    const [a, b] = teamsOf(semi);
    expect(refused(await captainPost(a, semi.id, 'claim-forfeit'))).toEqual({ status: 409, error: 'Mark your team ready before claiming a forfeit' });
    const readied = await ok(await captainPost(a, semi.id, 'ready'));
    // The allowance (10 minutes by default) after the match's time: when the button may be offered.
    expect(readied.ready.claimForfeitAt).toBe(new Date(startsAt.getTime() + 10 * 60_000).toISOString());
    expect(refused(await captainPost(a, semi.id, 'claim-forfeit'))).toEqual({ status: 409, error: 'The no-show allowance has not passed yet' });
    t.clock.set(new Date(startsAt.getTime() + 10 * 60_000));
    const claimed = await ok(await captainPost(a, semi.id, 'claim-forfeit'));
    expect(claimed.forfeitClaim).toMatchObject({ teamId: a.id });
    expect(refused(await captainPost(b, semi.id, 'claim-forfeit'))).toEqual({ status: 409, error: 'Mark your team ready before claiming a forfeit' });
    expect(refused(await captainPost(a, semi.id, 'claim-forfeit'))).toEqual({ status: 409, error: 'A forfeit claim is already waiting for the organizer' });
    expect((await queueOf(tournament.id)).map((item) => [item.kind, item.matchId])).toEqual([['forfeitClaim', semi.id]]);
    const decide = (matchId: string, approve: boolean) => t.app.inject({ method: 'POST', url: `/api/matches/${matchId}/forfeit-claim`, headers: { cookie }, payload: { approve } });
    const approved = await ok(await decide(semi.id, true));
    expect(approved).toMatchObject({ winnerTeamId: a.id, forfeit: true, status: 'finished', forfeitClaim: null });
    expect(refused(await decide(semi.id, true))).toEqual({ status: 409, error: 'There is no forfeit claim on this match' });
    const claimerName = await teamName(a.id);
    for (const team of [a, b]) expect((await matchMail(team.id)).map((m) => m.subject)).toEqual([`${claimerName} wins Semi-finals, Match 1 by forfeit`]);

    // The other semi-final: the opponent got ready in time, so no claim; then a refused claim.
    const semi2 = matchOf('r1m2');
    const [c, d] = teamsOf(semi2);
    await markReady(t, semi2.id, c);
    await ok(await captainPost(c, semi2.id, 'claim-forfeit'));
    const refusedClaim = await t.app.inject({ method: 'POST', url: `/api/matches/${semi2.id}/forfeit-claim`, headers: { cookie }, payload: { approve: false, note: 'Their captain wrote to us: stuck in traffic' } });
    // Refused: no longer waiting (not in the queue), and both captains see the decision with its note.
    expect(await ok(refusedClaim)).toMatchObject({ winnerTeamId: null, forfeitClaim: null, forfeitRefused: { teamId: c.id, note: 'Their captain wrote to us: stuck in traffic' } });
    expect((await publicMatch(semi2.id)).forfeitRefused).toMatchObject({ teamId: c.id });
    expect(await queueOf(tournament.id)).toEqual([]);
    expect(refused(await decide(semi2.id, false))).toEqual({ status: 409, error: 'There is no forfeit claim on this match' });
    await markReady(t, semi2.id, d);
    expect(refused(await captainPost(c, semi2.id, 'claim-forfeit'))).toEqual({ status: 409, error: 'The other team is ready: the match is on' });
    const decisions = await t.database.db.select().from(auditLog).where(and(eq(auditLog.tournamentId, tournament.id), eq(auditLog.action, 'match.forfeit_claim_decision')));
    expect(decisions.map((e) => (e.after as { approve: boolean }).approve).sort()).toEqual([false, true]);
  });
});

describe('no match can stay blocked', () => {
  /** Brings a fresh ready final to a report state (none, reported, disputed, confirmed, ruled). */
  async function inState(state: ReportState) {
    const cup = await readyFinal();
    const { final, a, b, win, loss } = cup;
    if (state !== 'none') await ok(await reportAs(a, final.id, win));
    if (state === 'disputed' || state === 'ruled') await ok(await reportAs(b, final.id, loss));
    if (state === 'confirmed') await ok(await captainPost(b, final.id, 'confirm'));
    if (state === 'ruled') await ok(await staffResult(final.id, { maps: win, note: 'Ruled' }));
    expect((await publicMatch(final.id)).report.state).toBe(state);
    return cup;
  }

  it.each(reportStates.map((state) => [state]))('in state %s the organizer has an action that moves the match on', async (state) => {
    const actions = organizerUnblocks[state];
    expect(actions.length).toBeGreaterThan(0);
    for (const action of actions) {
      const { final, a, loss } = await inState(state);
      if (action === 'enterResult') {
        const entered = await staffResult(final.id, { maps: loss, note: 'Staff decision' });
        expect(entered.statusCode, entered.body).toBe(200);
        expect((await publicMatch(final.id)).winnerTeamId).not.toBeNull();
      } else {
        const reopened = await ok(await reopen(final.id));
        expect(reopened.report.state).toBe('none');
        // The captains can report again.
        expect((await reportAs(a, final.id, loss)).statusCode).toBe(200);
      }
    }
    // Reopening a match without an open report says so.
    if (!actions.includes('reopen')) expect(refused(await reopen((await inState(state)).final.id))).toEqual({ status: 409, error: 'There is no open report to reopen' });
  });

  it('every match state of the bracket has an organizer action: a stored row check', async () => {
    // The table covers every state the report can be in.
    expect(Object.keys(organizerUnblocks).sort()).toEqual([...reportStates].sort());
    const rows = await t.database.db.select({ report: matches.report }).from(matches);
    for (const row of rows) if (row.report) expect(organizerUnblocks[row.report.state].length).toBeGreaterThan(0);
  });
});
