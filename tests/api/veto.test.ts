import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Bracket } from '../../src/shared/schemas/bracket.js';
import type { MatchDetail } from '../../src/shared/schemas/match.js';
import { auditLog, brackets, matches } from '../../src/server/db/schema.js';
import { createOpenTournament, registerTeam } from '../support/factories.js';
import { holdLock, urlOf } from '../support/db-faults.js';
import { createTestApp, usesPostgres, type TestApp } from '../support/test-app.js';
import { markReady } from '../support/match-day.js';

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.login();
});

type Team = { id: string; link: { authorization: string } };

/**
 * A free tournament with `n` teams (seed order = registration order) and its bracket, each match a
 * best of `bestOf`; the clock then stands one minute after the tournament's start, when both
 * captains of each first-round match say ready (the veto opens then).
 */
async function startedCup(n: number, bestOf: 1 | 3 | 5 = 3) {
  t.clock.set(new Date());
  const tournament = await createOpenTournament(t, cookie, { entryFee: '0', checkInEnabled: false });
  const teams: Team[] = [];
  for (let i = 0; i < n; i++) {
    const team = await registerTeam(t.app, tournament.id, { name: `Veto ${i + 1} ${tournament.id.slice(0, 4)}` });
    teams.push({ id: team.id, link: team.teamLink });
    // Seeding by registration order: each team registers a second after the previous one.
    t.clock.advance(1000);
  }
  const generated = await t.app.inject({ method: 'POST', url: `/api/tournaments/${tournament.id}/bracket`, headers: { cookie }, payload: { seeding: 'registration' } });
  expect(generated.statusCode, generated.body).toBe(201);
  const bracket = generated.json() as Bracket;
  await t.database.db.update(matches).set({ bestOf }).where(eq(matches.tournamentId, tournament.id));
  const startsAt = new Date(tournament.tournamentDate);
  t.clock.set(new Date(startsAt.getTime() + 60_000));
  // Ten days on, the session has expired: sign in again.
  cookie = await t.login();
  const matchId = (key: string) => [...bracket.rounds.flatMap((r) => r.matches), ...(bracket.thirdPlace ? [bracket.thirdPlace] : [])].find((m) => m.key === key)!.id;
  for (const match of bracket.rounds[0]!.matches) {
    const playing = teams.filter((team) => team.id === match.team1Id || team.id === match.team2Id);
    if (playing.length === 2) await markReady(t, match.id, ...playing);
  }
  return { tournament, teams, bracket, startsAt, matchId };
}

const captain = (team: Team, matchId: string, payload: Record<string, unknown>, teamId = team.id) =>
  t.app.inject({ method: 'POST', url: `/api/manage/${teamId}/matches/${matchId}/veto`, headers: team.link, payload });
const staffAct = (session: string, matchId: string, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: `/api/matches/${matchId}/veto`, headers: { cookie: session }, payload });
const staffReset = (session: string, matchId: string) => t.app.inject({ method: 'DELETE', url: `/api/matches/${matchId}/veto`, headers: { cookie: session } });

async function ok(response: Awaited<ReturnType<typeof captain>>): Promise<MatchDetail> {
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as MatchDetail;
}
const refused = (response: Awaited<ReturnType<typeof captain>>) => ({ status: response.statusCode, error: (response.json() as { error: string }).error });

describe('the map veto, by the captains', () => {
  it('plays a Bo3 veto through with both team links', async () => {
    const { teams, matchId, startsAt } = await startedCup(2);
    const [a, b] = teams as [Team, Team];
    const final = matchId('r1m1');

    // Each action tells the polled public reads to refresh.
    let changes = 0;
    t.services.events.afterCommit('publicDataChanged', () => void (changes += 1));
    const first = await ok(await captain(a, final, { order: 'first' }));
    expect(changes).toBe(1);
    expect(first.status).toBe('veto');
    expect(first.veto?.next).toEqual({ action: 'ban', teamId: a.id, deadline: new Date(startsAt.getTime() + 60_000 + 90_000).toISOString() });
    await ok(await captain(a, final, { map: 'Abyss' }));
    await ok(await captain(b, final, { map: 'Ascent' }));
    await ok(await captain(a, final, { map: 'Bind' }));
    const sideTurn = await ok(await captain(b, final, { side: 'defense' }));
    expect(sideTurn.veto?.next).toMatchObject({ action: 'pick', teamId: b.id });
    await ok(await captain(b, final, { map: 'Haven' }));
    await ok(await captain(a, final, { side: 'attack' }));
    await ok(await captain(a, final, { map: 'Icebox' }));
    const decider = await ok(await captain(b, final, { map: 'Lotus' }));
    expect(decider.veto?.next).toMatchObject({ action: 'side', teamId: b.id, map: 'Sunset' });
    const done = await ok(await captain(b, final, { side: 'attack' }));

    expect(done.status).toBe('live');
    expect(done.veto?.done).toBe(true);
    expect(done.veto?.next).toBeNull();
    expect(done.veto?.log.map((e) => [e.action, e.teamId === a.id ? 'A' : e.teamId === b.id ? 'B' : null, e.map ?? e.side ?? e.order, e.auto])).toEqual([
      ['order', 'A', 'first', false],
      ['ban', 'A', 'Abyss', false],
      ['ban', 'B', 'Ascent', false],
      ['pick', 'A', 'Bind', false],
      ['side', 'B', 'Bind', false],
      ['pick', 'B', 'Haven', false],
      ['side', 'A', 'Haven', false],
      ['ban', 'A', 'Icebox', false],
      ['ban', 'B', 'Lotus', false],
      ['decider', null, 'Sunset', false],
      ['side', 'B', 'Sunset', false],
    ]);
    expect(done.veto?.maps).toEqual([
      { map: 'Bind', pickedByTeamId: a.id, side: { teamId: b.id, side: 'defense' } },
      { map: 'Haven', pickedByTeamId: b.id, side: { teamId: a.id, side: 'attack' } },
      { map: 'Sunset', pickedByTeamId: null, side: { teamId: b.id, side: 'attack' } },
    ]);
    // The finished veto takes nothing more.
    expect(refused(await captain(a, final, { map: 'Abyss' }))).toEqual({ status: 409, error: 'The veto is over' });
  });

  it('refuses out of turn, unknown and used maps, the wrong kind of choice, with messages that say which', async () => {
    const { teams, matchId } = await startedCup(2);
    const [a, b] = teams as [Team, Team];
    const final = matchId('r1m1');
    expect(refused(await captain(b, final, { order: 'first' }))).toEqual({ status: 409, error: 'It is not your turn in the veto' });
    expect(refused(await captain(a, final, { map: 'Bind' }))).toEqual({ status: 400, error: 'Choose whether to start the veto now, not a map' });
    await ok(await captain(a, final, { order: 'second' }));
    expect(refused(await captain(a, final, { map: 'Bind' }))).toEqual({ status: 409, error: 'It is not your turn in the veto' });
    expect(refused(await captain(b, final, { side: 'attack' }))).toEqual({ status: 400, error: 'Ban a map now, not a side' });
    expect(refused(await captain(b, final, { map: 'Dust2' }))).toEqual({ status: 400, error: 'That map is not in the map pool' });
    expect(refused(await captain(b, final, { map: 'Bind', side: 'attack' }))).toEqual({ status: 400, error: 'Give a map, a side or an order' });
    await ok(await captain(b, final, { map: 'Bind' }));
    expect(refused(await captain(a, final, { map: 'bind' }))).toEqual({ status: 409, error: 'That map has already been banned or picked' });
  });

  it("refuses another team's key (404), a team not in the match (403), a match without both teams, before the start, and after a result", async () => {
    const { teams, matchId, startsAt, bracket } = await startedCup(4);
    const [s1, s2, s3, s4] = teams as [Team, Team, Team, Team];
    const semi1 = matchId('r1m1'); // seed 1 v seed 4
    // Seed 4's key on seed 1's link: the link does not open.
    expect(refused(await captain(s4, semi1, { order: 'first' }, s1.id))).toEqual({ status: 404, error: 'Team not found' });
    // Seed 2 plays the other semi-final.
    expect(refused(await captain(s2, semi1, { order: 'first' }))).toEqual({ status: 403, error: 'Your team does not play this match' });
    expect(refused(await captain(s1, matchId('r2m1'), { order: 'first' }))).toEqual({ status: 409, error: 'This match does not have both teams yet' });
    expect(refused(await captain(s1, '00000000-0000-4000-8000-000000000000', { order: 'first' }))).toEqual({ status: 404, error: 'Match not found' });

    t.clock.set(new Date(startsAt.getTime() - 60_000));
    expect(refused(await captain(s1, semi1, { order: 'first' }))).toEqual({ status: 409, error: 'The tournament has not started yet: the veto opens at its start' });
    t.clock.set(new Date(startsAt.getTime() + 60_000));

    const semi2 = bracket.rounds[0]!.matches[1]!;
    const result = await t.app.inject({ method: 'PUT', url: `/api/matches/${semi2.id}`, headers: { cookie }, payload: { winnerTeamId: semi2.team1Id, forfeit: true } });
    expect(result.statusCode, result.body).toBe(200);
    expect(refused(await captain(s3, semi2.id, { order: 'first' }))).toEqual({ status: 409, error: 'This match has a result: its veto is over' });
  });

  it('applies exactly one of two actions sent at once for one turn', async () => {
    const { teams, matchId } = await startedCup(2);
    const [a] = teams as [Team, Team];
    const final = matchId('r1m1');
    await ok(await captain(a, final, { order: 'first' }));
    const both = await Promise.all([captain(a, final, { map: 'Abyss' }), captain(a, final, { map: 'Bind' })]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(refused(both.find((r) => r.statusCode === 409)!).error).toBe('It is not your turn in the veto');
    const [row] = await t.database.db.select({ veto: matches.veto }).from(matches).where(eq(matches.id, final));
    expect(row!.veto!.log.filter((e) => e.action === 'ban')).toHaveLength(1);
  });
});

describe('the turn deadline', () => {
  it('acts for the team at random when its turn runs out, dated at the deadline and marked auto', async () => {
    const { teams, matchId, startsAt } = await startedCup(2);
    const [a, b] = teams as [Team, Team];
    const final = matchId('r1m1');
    // The veto opened when both captains said ready, a minute after the start.
    const deadline = new Date(startsAt.getTime() + 60_000 + 90_000);

    const vetoOf = async () => (await t.database.db.select({ veto: matches.veto }).from(matches).where(eq(matches.id, final)))[0]!.veto;
    t.clock.set(new Date(deadline.getTime() - 1000));
    await t.services.veto.actOnTimeouts(t.clock.now());
    expect(await vetoOf()).toBeNull();
    t.clock.set(new Date(deadline.getTime() + 2000));
    expect(await t.services.veto.actOnTimeouts(t.clock.now())).toBeGreaterThanOrEqual(1);
    const row = { veto: await vetoOf() };
    expect(row!.veto!.log).toEqual([{ action: 'order', teamId: a.id, order: expect.stringMatching(/^(first|second)$/), auto: true, at: deadline.toISOString() }]);
    // The next turn runs from the site's action: its team still acts in time.
    const starter = row!.veto!.log[0]!.order === 'first' ? a : b;
    const next = await ok(await captain(starter, final, { map: 'Abyss' }));
    expect(next.veto?.log.at(-1)).toMatchObject({ action: 'ban', teamId: starter.id, map: 'Abyss', auto: false });

    // Long overdue: the sweep catches up every turn, one deadline after the other, to the end.
    t.clock.set(new Date(t.clock.now().getTime() + 60 * 60_000));
    await t.services.veto.actOnTimeouts(t.clock.now());
    const log = (await vetoOf())!.log;
    expect(log.at(-2)?.action).toBe('decider');
    expect(log.at(-1)).toMatchObject({ action: 'side', teamId: starter.id === a.id ? b.id : a.id, auto: true });
    expect(log.slice(2).filter((e) => e.action !== 'decider').every((e) => e.auto)).toBe(true);
    expect(refused(await captain(a, final, { side: 'attack' }))).toEqual({ status: 409, error: 'The veto is over' });
  });
  it.skipIf(!usesPostgres)('skips a match another process holds, without waiting for it (several processes sweep at once)', async () => {
    const { matchId, startsAt } = await startedCup(2);
    const final = matchId('r1m1');
    const vetoOf = async () => (await t.database.db.select({ veto: matches.veto }).from(matches).where(eq(matches.id, final)))[0]!.veto;
    t.clock.set(new Date(startsAt.getTime() + 60_000 + 95_000));
    const held = await holdLock(await urlOf(t.database), 'select id from matches where id = $1 for update', [final]);
    try {
      await t.services.veto.actOnTimeouts(t.clock.now());
      expect(await vetoOf()).toBeNull();
    } finally {
      await held.release();
    }
    await t.services.veto.actOnTimeouts(t.clock.now());
    expect((await vetoOf())?.log).toEqual([expect.objectContaining({ action: 'order', auto: true })]);
  });
});

describe('a pool edited during a veto', () => {
  it('leaves the begun veto on the pool it began with', async () => {
    const { teams, matchId } = await startedCup(2);
    const [a, b] = teams as [Team, Team];
    const final = matchId('r1m1');
    const begun = await ok(await captain(a, final, { order: 'first' }));
    expect(begun.veto?.remaining).toEqual(['Abyss', 'Ascent', 'Bind', 'Haven', 'Icebox', 'Lotus', 'Sunset']);
    // The owner changes the site's default pool (this cup has none of its own) in the middle of the veto.
    const settings = await t.app.inject({ method: 'GET', url: '/api/admin/settings', headers: { cookie } });
    const values = (settings.json() as { values: Record<string, unknown> }).values;
    const saved = await t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: { cookie }, payload: { ...values, mapPool: ['Pearl', 'Fracture', 'Breeze', 'Split'] } });
    expect(saved.statusCode, saved.body).toBe(200);
    const banned = await ok(await captain(a, final, { map: 'Abyss' }));
    expect(banned.veto?.remaining).toEqual(['Ascent', 'Bind', 'Haven', 'Icebox', 'Lotus', 'Sunset']);
    expect(refused(await captain(b, final, { map: 'Pearl' }))).toEqual({ status: 400, error: 'That map is not in the map pool' });
    // The other tests of this file play on the game's pool.
    const restored = await t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: { cookie }, payload: values });
    expect(restored.statusCode, restored.body).toBe(200);
  });
});

describe('a bracket drawn before the site ran vetoes', () => {
  it('has no veto: the match is live, captains are refused and the sweep leaves it alone', async () => {
    const { tournament, teams, matchId, startsAt } = await startedCup(2);
    await t.database.db.update(brackets).set({ mapVeto: false }).where(eq(brackets.tournamentId, tournament.id));
    const final = matchId('r1m1');
    t.clock.set(new Date(startsAt.getTime() + 60 * 60_000));
    await t.services.veto.actOnTimeouts(t.clock.now());
    expect((await t.database.db.select({ veto: matches.veto }).from(matches).where(eq(matches.id, final)))[0]!.veto).toBeNull();
    const read = (await t.app.inject({ method: 'GET', url: `/api/matches/${final}` })).json() as MatchDetail;
    expect(read).toMatchObject({ status: 'live', veto: null });
    expect(refused(await captain(teams[0]!, final, { order: 'first' }))).toEqual({
      status: 409,
      error: 'This bracket was drawn before the site ran map vetoes: settle the maps as before',
    });
  });
});

describe('staff on Match Day', () => {
  it('act for either team and reset the veto, both in the activity log; the clock restarts on reset', async () => {
    const { tournament, teams, matchId } = await startedCup(2);
    const [a, b] = teams as [Team, Team];
    const final = matchId('r1m1');
    const staff = await t.loginAs('staff');

    expect(refused(await staffAct(staff, final, { team: b.id, order: 'first' }))).toEqual({ status: 409, error: "It is not that team's turn in the veto" });
    const outsider = (await startedCup(2)).teams[0]!;
    // Staff act on every cup on its day, featured or not (the event-day scope's own tests cover the rest).
    const live = await t.app.inject({ method: 'PATCH', url: `/api/tournaments/${tournament.id}/set-active`, headers: { cookie } });
    expect(live.statusCode, live.body).toBe(200);
    expect(refused(await staffAct(staff, final, { team: outsider.id, order: 'first' }))).toEqual({ status: 400, error: 'That team does not play this match' });

    await ok(await staffAct(staff, final, { team: a.id, order: 'first' }));
    const acted = await ok(await staffAct(staff, final, { team: a.id, map: 'Lotus' }));
    expect(acted.veto?.log.map((e) => e.action)).toEqual(['order', 'ban']);
    expect(acted.veto?.next).toMatchObject({ action: 'ban', teamId: b.id });

    t.clock.set(new Date(t.clock.now().getTime() + 10 * 60_000));
    const reset = await ok(await staffReset(staff, final));
    expect(reset.veto?.log).toEqual([]);
    expect(reset.veto?.next).toEqual({ action: 'order', teamId: a.id, deadline: new Date(t.clock.now().getTime() + 90_000).toISOString() });
    // Nothing is overdue right after the reset: the sweep leaves it alone.
    await t.services.veto.actOnTimeouts(t.clock.now());
    await ok(await captain(a, final, { order: 'second' }));

    const entries = await t.database.db.select().from(auditLog).where(and(eq(auditLog.tournamentId, tournament.id), eq(auditLog.actor, 'staff-account')));
    expect(entries.map((e) => e.action).sort()).toEqual(['match.veto', 'match.veto', 'match.veto_reset']);
    expect(entries.find((e) => e.action === 'match.veto_reset')?.before).toMatchObject({ matchId: final, log: [{ action: 'order' }, { action: 'ban', map: 'Lotus' }] });
  });

  it('refuses the veto routes to a visitor without a session', async () => {
    const { matchId, teams } = await startedCup(2);
    const response = await t.app.inject({ method: 'POST', url: `/api/matches/${matchId('r1m1')}/veto`, payload: { team: teams[0]!.id, order: 'first' } });
    expect(response.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/matches/${matchId('r1m1')}/veto` })).statusCode).toBe(401);
  });
});
