import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Bracket } from '../../src/shared/schemas/bracket.js';
import type { MatchDetail } from '../../src/shared/schemas/match.js';
import { auditLog } from '../../src/server/db/schema.js';
import { createOpenTournament, registerTeam } from '../support/factories.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.login();
});

/** A free cup of `n` teams with its bracket drawn (seed order = registration order); the clock at its start. */
async function drawnCup(n: number) {
  t.clock.set(new Date());
  const tournament = await createOpenTournament(t, cookie, { entryFee: '0', checkInEnabled: false });
  for (let i = 0; i < n; i++) {
    await registerTeam(t.app, tournament.id, { name: `Round ${i + 1} ${tournament.id.slice(0, 4)}`, captainEmail: `round${i + 1}@example.com` });
    t.clock.advance(1000);
  }
  const generated = await t.app.inject({
    method: 'POST',
    url: `/api/tournaments/${tournament.id}/bracket`,
    headers: { cookie },
    payload: { seeding: 'registration' },
  });
  expect(generated.statusCode, generated.body).toBe(201);
  const startsAt = new Date(tournament.tournamentDate);
  t.clock.set(startsAt);
  cookie = await t.login();
  return { tournament, bracket: generated.json() as Bracket, startsAt };
}

const setRound = (tournamentId: string, round: number | string, startsAt: unknown, headers: Record<string, string> = { cookie }) =>
  t.app.inject({ method: 'PUT', url: `/api/tournaments/${tournamentId}/bracket/rounds/${round}/starts-at`, headers, payload: { startsAt } });
const publicMatch = async (matchId: string) => (await t.app.inject({ method: 'GET', url: `/api/matches/${matchId}` })).json() as MatchDetail;
const refused = (response: Awaited<ReturnType<typeof setRound>>) => ({ status: response.statusCode, error: (response.json() as { error: string }).error });
const roundAudits = async (tournamentId: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.tournamentId, tournamentId), eq(auditLog.action, 'match.round_starts_at')));

describe("a round's start time", () => {
  it('sets every match of the round still to play at once (a decided one keeps its time), audited once, and clears back to the derived times', async () => {
    const { tournament, bracket, startsAt } = await drawnCup(6);
    const [r1, r2] = bracket.rounds;
    // Six teams in a bracket of eight: the first two seeds have a bye in round 1.
    expect(r1!.matches.filter((m) => m.isBye)).toHaveLength(2);
    const played = r1!.matches.find((m) => !m.isBye)!;
    const decided = await t.app.inject({
      method: 'PUT',
      url: `/api/matches/${played.id}`,
      headers: { cookie },
      payload: { winnerTeamId: played.team1Id, forfeit: true },
    });
    expect(decided.statusCode, decided.body).toBe(200);

    const at = new Date(startsAt.getTime() + 3 * 3_600_000).toISOString();
    const response = await setRound(tournament.id, 1, at);
    expect(response.statusCode, response.body).toBe(200);
    const answered = response.json() as Bracket;
    const round1 = answered.rounds[0]!.matches;
    const stillToPlay = round1.filter((m) => !m.isBye && m.id !== played.id);
    expect(stillToPlay).toHaveLength(1);
    expect(stillToPlay.map((m) => m.startsAt)).toEqual([at]);
    // The decided match and the byes keep theirs.
    expect(round1.find((m) => m.id === played.id)!.startsAt).toBe(startsAt.toISOString());
    expect(round1.filter((m) => m.isBye).map((m) => m.startsAt)).toEqual([null, null]);
    expect((await publicMatch(stillToPlay[0]!.id)).startsAt).toBe(at);

    // Round 2 has no teams known for every match yet: its times are set ahead.
    const later = new Date(startsAt.getTime() + 5 * 3_600_000).toISOString();
    const round2 = (await setRound(tournament.id, 2, later)).json() as Bracket;
    expect(round2.rounds[1]!.matches.map((m) => m.startsAt)).toEqual(r2!.matches.map(() => later));

    // The same time again changes nothing and writes nothing.
    expect((await setRound(tournament.id, 1, at)).statusCode).toBe(200);
    const audits = await roundAudits(tournament.id);
    expect(audits.map((a) => a.after)).toEqual([
      { round: 1, startsAt: at, matches: [stillToPlay[0]!.key] },
      { round: 2, startsAt: later, matches: r2!.matches.map((m) => m.key) },
    ]);

    const cleared = (await setRound(tournament.id, 1, null)).json() as Bracket;
    expect(cleared.rounds[0]!.matches.find((m) => m.id === stillToPlay[0]!.id)!.startsAt).toBe(startsAt.toISOString());
    expect(await roundAudits(tournament.id)).toHaveLength(3);
  });

  it('refuses an unknown round, a bad time, a round without a match to play, a cancelled tournament, confirmed champions, and staff without the bracket permission', async () => {
    const { tournament, bracket } = await drawnCup(2);
    const at = new Date(t.clock.now().getTime() + 3_600_000).toISOString();
    expect(refused(await setRound(tournament.id, 2, at))).toEqual({ status: 404, error: 'The bracket has 1 round' });
    expect(refused(await setRound(tournament.id, 'x', at))).toEqual({ status: 400, error: 'Round must be a whole number from 1' });
    expect(refused(await setRound(tournament.id, 1, 'tonight'))).toEqual({ status: 400, error: 'Not a valid date' });
    expect((await setRound(tournament.id, 1, at, {})).statusCode).toBe(401);
    expect((await setRound(tournament.id, 1, at, { cookie: await t.loginAs('staff') })).statusCode).toBe(403);
    expect((await setRound(tournament.id, 1, at, { cookie: await t.loginAs('organizer') })).statusCode).toBe(200);

    const final = bracket.rounds[0]!.matches[0]!;
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/matches/${final.id}`, headers: { cookie }, payload: { winnerTeamId: final.team1Id, forfeit: true } }))
        .statusCode,
    ).toBe(200);
    expect(refused(await setRound(tournament.id, 1, at))).toEqual({ status: 409, error: 'Every match of this round has a result' });
    expect((await t.app.inject({ method: 'POST', url: `/api/tournaments/${tournament.id}/bracket/confirm`, headers: { cookie } })).statusCode).toBe(200);
    expect(refused(await setRound(tournament.id, 1, at))).toEqual({ status: 409, error: 'The champions are recorded: match times can no longer change' });

    t.clock.set(new Date());
    const undrawn = await createOpenTournament(t, cookie, { entryFee: '0', checkInEnabled: false });
    expect(refused(await setRound(undrawn.id, 1, at))).toEqual({ status: 409, error: 'This tournament has no bracket yet' });
    expect(refused(await setRound('00000000-0000-4000-8000-000000000000', 1, at))).toEqual({ status: 404, error: 'Tournament not found' });

    const { tournament: other } = await drawnCup(2);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/tournaments/${other.id}/cancel`,
      headers: { cookie },
      payload: { reason: 'Server outage' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(refused(await setRound(other.id, 1, at))).toEqual({ status: 409, error: 'The tournament is cancelled' });
  });
});
