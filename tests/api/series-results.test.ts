import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { matches } from '../../src/server/db/schema.js';
import { loadMatchContext, vetoSetupOf } from '../../src/server/matches/match-view.js';
import { applyVetoChoice, vetoState } from '../../src/shared/match/veto.js';
import type { VetoLogEntry } from '../../src/shared/schemas/match.js';
import type { Bracket, BracketMatch, MatchResultOutcome } from '../../src/shared/schemas/bracket.js';
import { defaultMapPool, type MatchDetail } from '../../src/shared/schemas/match.js';
import type { Tournament, TournamentInput } from '../../src/shared/schemas/tournament.js';
import { createOpenTournament, registerTeam, tournamentInput } from '../support/factories.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.login();
});

/** A free tournament (teams are confirmed at once) with `n` teams, in registration order. */
async function tournamentWithTeams(n: number, overrides: Partial<TournamentInput> = {}) {
  const tournament = await createOpenTournament(t, cookie, { entryFee: '0', checkInEnabled: false, ...overrides });
  const teamIds: string[] = [];
  for (let i = 0; i < n; i++) teamIds.push((await registerTeam(t.app, tournament.id, { name: `Series ${i + 1} ${tournament.id.slice(0, 4)}` })).id);
  return { tournamentId: tournament.id, teamIds };
}

const generate = (tournamentId: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api/tournaments/${tournamentId}/bracket`, headers: { cookie }, payload });
const report = (matchId: string, payload: Record<string, unknown>) => t.app.inject({ method: 'PUT', url: `/api/matches/${matchId}`, headers: { cookie }, payload });
const setBestOf = (matchId: string, bestOf: number) => t.app.inject({ method: 'PATCH', url: `/api/matches/${matchId}`, headers: { cookie }, payload: { bestOf } });
const setPool = (tournamentId: string, maps: string[]) => t.app.inject({ method: 'PUT', url: `/api/tournaments/${tournamentId}/map-pool`, headers: { cookie }, payload: { maps } });
const publicBracket = async (tournamentId: string) => (await t.app.inject({ method: 'GET', url: `/api/tournaments/${tournamentId}/bracket` })).json() as Bracket;
const publicMatch = async (matchId: string) => (await t.app.inject({ method: 'GET', url: `/api/matches/${matchId}` })).json() as MatchDetail;
const matchOf = (bracket: Bracket, key: string): BracketMatch => [...bracket.rounds.flatMap((r) => r.matches), ...(bracket.thirdPlace ? [bracket.thirdPlace] : [])].find((m) => m.key === key)!;
const map = (name: string, team1Rounds: number, team2Rounds: number) => ({ map: name, team1Rounds, team2Rounds });

/** A 4-team bracket (semi-finals r1m1, r1m2 and the final r2m1), every match best of `bestOf`. */
async function drawn(bestOf = 3, overrides: Partial<TournamentInput> = {}) {
  const { tournamentId, teamIds } = await tournamentWithTeams(4, overrides);
  const response = await generate(tournamentId, { seeding: 'registration', bestOf, finalBestOf: bestOf });
  expect(response.statusCode, response.body).toBe(201);
  return { tournamentId, teamIds, bracket: response.json() as Bracket };
}

async function entered(matchId: string, payload: Record<string, unknown>) {
  const response = await report(matchId, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as MatchResultOutcome;
}

const notFinal = (a: number, b: number) => `${a}–${b} is not a final score: a map is won 13 to at most 11, or by two in overtime`;

describe('bracket generation with a best-of', () => {
  it('stores bestOf on every match and finalBestOf on the final; the third-place match plays bestOf', async () => {
    const { tournamentId } = await tournamentWithTeams(4);
    const response = await generate(tournamentId, { seeding: 'registration', thirdPlace: true, bestOf: 3, finalBestOf: 5 });
    expect(response.statusCode, response.body).toBe(201);
    const bracket = await publicBracket(tournamentId);
    expect(bracket).toMatchObject({ bestOf: 3, finalBestOf: 5 });
    expect(['r1m1', 'r1m2', 'r2m1', 'third-place'].map((key) => matchOf(bracket, key).bestOf)).toEqual([3, 3, 5, 3]);
    // The first round's teams are known; the veto opens when both captains say ready (captains-report.test.ts).
    expect(['r1m1', 'r2m1'].map((key) => matchOf(bracket, key).status)).toEqual(['waiting', 'waiting']);
    expect(matchOf(bracket, 'r1m1')).toMatchObject({ team1Maps: null, team2Maps: null, forfeit: false });
  });

  it('defaults to best of one, and refuses a best-of the map pool cannot veto', async () => {
    const { tournamentId } = await tournamentWithTeams(2);
    expect((await setPool(tournamentId, ['Ascent', 'Bind', 'Haven', 'Lotus'])).statusCode).toBe(200);
    const refused = await generate(tournamentId, { seeding: 'registration', finalBestOf: 5 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      error: 'The map pool has 4 maps: a best of 5 needs at least 6',
      issues: [{ path: 'finalBestOf', message: 'The map pool has 4 maps: a best of 5 needs at least 6' }],
    });
    const badValue = await generate(tournamentId, { seeding: 'registration', bestOf: 2 });
    expect(badValue.statusCode).toBe(400);
    expect(badValue.json().error).toBe('Best of must be 1, 3 or 5');
    const response = await generate(tournamentId, { seeding: 'registration' });
    expect(response.statusCode, response.body).toBe(201);
    expect((response.json() as Bracket).rounds[0].matches[0].bestOf).toBe(1);
  });
});

describe('per-map results', () => {
  it('records a series map by map: the live score, then the winner, on the bracket and the match read (with its ETag)', async () => {
    const { bracket } = await drawn(3);
    const semi = matchOf(bracket, 'r1m1');

    const first = await entered(semi.id, { maps: [map('Ascent', 13, 7)] });
    expect(matchOf(first.bracket, 'r1m1')).toMatchObject({ winnerTeamId: null, team1Maps: 1, team2Maps: 0, status: 'live', bestOf: 3 });

    const read = await t.app.inject({ method: 'GET', url: `/api/matches/${semi.id}` });
    expect(read.statusCode).toBe(200);
    const etag = read.headers.etag as string;
    expect(etag).toBeTruthy();
    expect(read.json()).toMatchObject({
      id: semi.id,
      key: 'r1m1',
      label: 'Semi-finals, Match 1',
      round: 1,
      bestOf: 3,
      team1Id: semi.team1Id,
      team1Name: semi.team1Name,
      team2Id: semi.team2Id,
      status: 'live',
      maps: [{ map: 'Ascent', team1Rounds: 13, team2Rounds: 7, winnerTeamId: semi.team1Id }],
      seriesScore: { team1: 1, team2: 0 },
      forfeit: false,
      winnerTeamId: null,
      scoringRule: 'valorant',
    });
    const again = await t.app.inject({ method: 'GET', url: `/api/matches/${semi.id}`, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);

    const done = await entered(semi.id, { maps: [map('Ascent', 13, 7), map('Bind', 11, 13), map('lotus', 13, 9)] });
    expect(matchOf(done.bracket, 'r1m1')).toMatchObject({ winnerTeamId: semi.team1Id, team1Maps: 2, team2Maps: 1, status: 'finished' });
    expect(matchOf(done.bracket, 'r2m1').team1Id).toBe(semi.team1Id);
    // The write is seen at once: the cached read was dropped.
    const after = await t.app.inject({ method: 'GET', url: `/api/matches/${semi.id}`, headers: { 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({
      status: 'finished',
      winnerTeamId: semi.team1Id,
      seriesScore: { team1: 2, team2: 1 },
      // The pool's spelling is stored.
      maps: [
        { map: 'Ascent', winnerTeamId: semi.team1Id },
        { map: 'Bind', winnerTeamId: semi.team2Id },
        { map: 'Lotus', winnerTeamId: semi.team1Id },
      ],
    });
    expect(matchOf(await publicBracket(done.bracket.tournamentId), 'r1m1')).toMatchObject({ team1Maps: 2, team2Maps: 1, status: 'finished' });
  });

  it('says which map breaks the scoring rule, the pool or the series, on its field', async () => {
    const { bracket } = await drawn(3);
    const semi = matchOf(bracket, 'r1m1');
    const notAFinalScore = await report(semi.id, { maps: [map('Ascent', 13, 7), map('Bind', 13, 12)] });
    expect(notAFinalScore.statusCode).toBe(400);
    expect(notAFinalScore.json()).toEqual({ error: notFinal(13, 12), issues: [{ path: 'maps.1.team1Rounds', message: notFinal(13, 12) }] });

    const short = await report(semi.id, { maps: [map('Ascent', 12, 10)] });
    expect(short.json().issues).toEqual([{ path: 'maps.0.team1Rounds', message: notFinal(12, 10) }]);
    const draw = await report(semi.id, { maps: [map('Ascent', 12, 12)] });
    expect(draw.json().issues).toEqual([{ path: 'maps.0.team1Rounds', message: 'A map cannot end in a draw' }]);

    for (const ok of [[13, 11], [14, 12], [15, 13]]) {
      const accepted = await report(semi.id, { maps: [map('Ascent', ok[0], ok[1])] });
      expect(accepted.statusCode, accepted.body).toBe(200);
    }

    const outsidePool = await report(semi.id, { maps: [map('Dust2', 13, 7)] });
    expect(outsidePool.statusCode).toBe(400);
    expect(outsidePool.json().issues).toEqual([{ path: 'maps.0.map', message: 'Dust2 is not in the map pool' }]);
    const twice = await report(semi.id, { maps: [map('Ascent', 13, 7), map('ascent', 7, 13)] });
    expect(twice.json().issues).toEqual([{ path: 'maps.1.map', message: 'ascent was already played in this series' }]);

    const extra = await report(semi.id, { maps: [map('Ascent', 13, 7), map('Bind', 13, 9), map('Lotus', 2, 13)] });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().issues).toEqual([{ path: 'maps.2', message: 'The series was already won: remove the maps after it' }]);

    const wrongWinner = await report(semi.id, { winnerTeamId: semi.team2Id, maps: [map('Ascent', 13, 7), map('Bind', 13, 9)] });
    expect(wrongWinner.json().issues).toEqual([{ path: 'winnerTeamId', message: 'The maps give the series to the other team' }]);
  });

  it("follows the tournament's scoring rule: free takes any whole numbers but a draw", async () => {
    const { tournamentId, bracket } = await drawn(3, { scoringRule: 'free' });
    const tournament = (await t.app.inject({ method: 'GET', url: `/api/tournaments`, headers: { cookie } })).json().find((x: Tournament) => x.id === tournamentId) as Tournament;
    expect(tournament).toMatchObject({ scoringRule: 'free', vetoTurnSeconds: 90 });
    const semi = matchOf(bracket, 'r1m1');
    const outcome = await entered(semi.id, { maps: [map('Ascent', 13, 12), map('Bind', 2, 1)] });
    expect(matchOf(outcome.bracket, 'r1m1')).toMatchObject({ winnerTeamId: semi.team1Id, team1Maps: 2, team2Maps: 0 });
    expect((await report(semi.id, { maps: [map('Ascent', 5, 5)] })).json().issues).toEqual([{ path: 'maps.0.team1Rounds', message: 'A map cannot end in a draw' }]);
  });

  it('records a forfeit with no maps', async () => {
    const { bracket } = await drawn(3);
    const semi = matchOf(bracket, 'r1m2');
    const withMaps = await report(semi.id, { winnerTeamId: semi.team2Id, forfeit: true, maps: [map('Ascent', 13, 7)] });
    expect(withMaps.statusCode).toBe(400);
    expect(withMaps.json().issues).toEqual([{ path: 'maps', message: 'A forfeit has no maps' }]);
    const noWinner = await report(semi.id, { forfeit: true });
    expect(noWinner.json().issues).toEqual([{ path: 'winnerTeamId', message: 'Choose the team that wins by forfeit' }]);

    const outcome = await entered(semi.id, { winnerTeamId: semi.team2Id, forfeit: true });
    expect(matchOf(outcome.bracket, 'r1m2')).toMatchObject({ winnerTeamId: semi.team2Id, forfeit: true, team1Maps: null, team2Maps: null, status: 'finished' });
    expect(await publicMatch(semi.id)).toMatchObject({ forfeit: true, maps: [], winnerTeamId: semi.team2Id, status: 'finished', seriesScore: { team1: 0, team2: 0 } });
  });

  it("keeps a best of one's winner with a free-text score; a best of three needs the maps", async () => {
    const { bracket } = await drawn(1);
    const semi = matchOf(bracket, 'r1m1');
    const outcome = await entered(semi.id, { winnerTeamId: semi.team1Id, score: '13-7' });
    expect(matchOf(outcome.bracket, 'r1m1')).toMatchObject({ winnerTeamId: semi.team1Id, score: '13-7', team1Maps: null, status: 'finished' });
    expect(await publicMatch(semi.id)).toMatchObject({ score: '13-7', maps: [], winnerTeamId: semi.team1Id });
    // A best of one's map with rounds decides it too.
    const byMap = await entered(semi.id, { maps: [map('Haven', 9, 13)] });
    expect(matchOf(byMap.bracket, 'r1m1')).toMatchObject({ winnerTeamId: semi.team2Id, score: null, team1Maps: 0, team2Maps: 1 });

    const bo3 = matchOf((await drawn(3)).bracket, 'r1m1');
    const refused = await report(bo3.id, { winnerTeamId: bo3.team1Id, score: '2-0' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: "Enter each map's rounds for a best of 3", issues: [{ path: 'maps', message: "Enter each map's rounds for a best of 3" }] });
  });

  it('a correction that changes the series winner clears the later results with their maps, and lists them', async () => {
    const { bracket } = await drawn(3);
    const [semi1, semi2] = [matchOf(bracket, 'r1m1'), matchOf(bracket, 'r1m2')];
    await entered(semi1.id, { maps: [map('Ascent', 13, 7), map('Bind', 13, 9)] });
    const afterSemis = await entered(semi2.id, { maps: [map('Ascent', 13, 7), map('Bind', 13, 9)] });
    const final = matchOf(afterSemis.bracket, 'r2m1');
    await entered(final.id, { maps: [map('Haven', 13, 3)] });

    // The same winner with other rounds keeps the final.
    const sameWinner = await entered(semi1.id, { maps: [map('Ascent', 13, 11), map('Bind', 14, 12)] });
    expect(sameWinner.cleared).toEqual([]);
    expect(matchOf(sameWinner.bracket, 'r2m1')).toMatchObject({ team1Maps: 1, status: 'live' });

    const corrected = await entered(semi1.id, { maps: [map('Ascent', 13, 11), map('Bind', 12, 14), map('Lotus', 5, 13)] });
    expect(corrected.isCorrection).toBe(true);
    expect(corrected.cleared).toEqual([
      { matchId: final.id, key: 'r2m1', roundName: 'Final', team1Name: semi1.team1Name, team2Name: semi2.team1Name, winnerName: null },
    ]);
    expect(matchOf(corrected.bracket, 'r2m1')).toMatchObject({ team1Id: semi1.team2Id, team2Id: semi2.team1Id, team1Maps: null, status: 'waiting' });
    expect(await publicMatch(final.id)).toMatchObject({ team1Id: semi1.team2Id, maps: [], seriesScore: { team1: 0, team2: 0 }, status: 'waiting' });

    // A decided final is cleared the same way.
    await entered(final.id, { maps: [map('Haven', 13, 3), map('Icebox', 13, 5)] });
    const back = await entered(semi1.id, { maps: [map('Ascent', 13, 7), map('Bind', 13, 9)] });
    expect(back.cleared).toEqual([
      { matchId: final.id, key: 'r2m1', roundName: 'Final', team1Name: semi1.team2Name, team2Name: semi2.team1Name, winnerName: semi1.team2Name },
    ]);
    expect(await publicMatch(final.id)).toMatchObject({ team1Id: semi1.team1Id, maps: [], winnerTeamId: null, forfeit: false });

    // A correction that leaves the semi-final undecided (one map so far) takes the final's teams away, and its maps.
    await entered(final.id, { winnerTeamId: semi1.team1Id, forfeit: true });
    const undecided = await entered(semi1.id, { maps: [map('Ascent', 13, 7)] });
    expect(undecided.cleared.map((c) => [c.key, c.winnerName])).toEqual([['r2m1', semi1.team1Name]]);
    expect(matchOf(undecided.bracket, 'r1m1')).toMatchObject({ winnerTeamId: null, team1Maps: 1, status: 'live' });
    expect(await publicMatch(final.id)).toMatchObject({ team1Id: null, team2Id: semi2.team1Id, forfeit: false, winnerTeamId: null, status: 'waiting', veto: null });
  });
});

describe('results after the veto', () => {
  it("once the veto is done, the maps are the veto's, in its order", async () => {
    const { bracket } = await drawn(3);
    const semi = matchOf(bracket, 'r1m1');
    // Both captains said ready: the veto is open.
    const readyAt = new Date().toISOString();
    await t.database.db.update(matches).set({ ready: [{ teamId: semi.team1Id!, at: readyAt }, { teamId: semi.team2Id!, at: readyAt }] }).where(eq(matches.id, semi.id));
    const setup = vetoSetupOf(await loadMatchContext(t.database.db, semi.id))!;
    // Played through with the module itself: whatever the turns are, each is taken in time.
    let log: VetoLogEntry[] = [];
    for (let state = vetoState(setup, log); state.next; state = vetoState(setup, log)) {
      const { action, teamId, deadline } = state.next;
      const choice = action === 'order' ? { order: 'first' as const } : action === 'side' ? { side: 'attack' as const } : { map: state.remaining[0] };
      const applied = applyVetoChoice(setup, log, teamId, choice, new Date(deadline.getTime() - 1000));
      if (!('log' in applied)) throw new Error(applied.message);
      log = applied.log;
    }
    const settled = vetoState(setup, log).maps.map((m) => m.map);
    expect(settled).toHaveLength(3);
    await t.database.db.update(matches).set({ veto: { team1Id: setup.team1Id, team2Id: setup.team2Id, log } }).where(eq(matches.id, semi.id));

    const swapped = await report(semi.id, { maps: [map(settled[1], 13, 7), map(settled[0], 13, 9)] });
    expect(swapped.statusCode).toBe(400);
    expect(swapped.json().issues).toEqual([
      { path: 'maps.0.map', message: `The veto settled ${settled[0]} as map 1` },
      { path: 'maps.1.map', message: `The veto settled ${settled[1]} as map 2` },
    ]);
    const outcome = await entered(semi.id, { maps: [map(settled[0], 13, 7), map(settled[1], 13, 9)] });
    expect(matchOf(outcome.bracket, 'r1m1')).toMatchObject({ winnerTeamId: semi.team1Id, status: 'finished' });
  });
});

describe('once a veto has begun', () => {
  /** A veto's first action, as the veto routes store it. */
  const begin = async (matchId: string, team1Id: string, team2Id: string) => {
    const log: VetoLogEntry[] = [{ action: 'order', teamId: team1Id, order: 'first', auto: false, at: new Date().toISOString() }];
    await t.database.db.update(matches).set({ veto: { team1Id, team2Id, log } }).where(eq(matches.id, matchId));
  };
  const storedVeto = async (matchId: string) => (await t.database.db.select({ veto: matches.veto }).from(matches).where(eq(matches.id, matchId)))[0].veto;

  it("the match's best-of and the tournament's map pool no longer change", async () => {
    const { tournamentId, bracket } = await drawn(3);
    const semi = matchOf(bracket, 'r1m1');
    await begin(semi.id, semi.team1Id!, semi.team2Id!);
    const bestOf = await setBestOf(semi.id, 5);
    expect(bestOf.statusCode).toBe(409);
    expect(bestOf.json().error).toBe('The match has started: its best-of can no longer change');
    const pool = await setPool(tournamentId, ['Ascent', 'Bind', 'Haven', 'Lotus']);
    expect(pool.statusCode).toBe(409);
    expect(pool.json().error).toBe('A map veto has begun: the map pool can no longer change');
  });

  it('a correction that takes the teams away clears the later match’s veto', async () => {
    const { bracket } = await drawn(3);
    const [semi1, semi2] = [matchOf(bracket, 'r1m1'), matchOf(bracket, 'r1m2')];
    await entered(semi1.id, { maps: [map('Ascent', 13, 7), map('Bind', 13, 9)] });
    await entered(semi2.id, { maps: [map('Ascent', 13, 7), map('Bind', 13, 9)] });
    const final = matchOf(bracket, 'r2m1');
    await entered(final.id, { maps: [map('Haven', 13, 3)] });
    await begin(final.id, semi1.team1Id!, semi2.team1Id!);
    const corrected = await entered(semi1.id, { maps: [map('Ascent', 7, 13), map('Bind', 9, 13)] });
    expect(corrected.cleared.map((c) => c.key)).toEqual(['r2m1']);
    expect(await storedVeto(final.id)).toBeNull();
  });
});

describe("a match's best-of", () => {
  it('changes before the match starts, and is refused after', async () => {
    const { bracket } = await drawn(1);
    const semi = matchOf(bracket, 'r1m1');
    const changed = await setBestOf(semi.id, 3);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ id: semi.id, bestOf: 3, status: 'waiting' });
    expect(matchOf(await publicBracket(bracket.tournamentId), 'r1m1').bestOf).toBe(3);
    // The final has no teams yet: it can still change.
    expect((await setBestOf(matchOf(bracket, 'r2m1').id, 5)).statusCode).toBe(200);

    await entered(semi.id, { maps: [map('Ascent', 13, 7)] });
    const refused = await setBestOf(semi.id, 5);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('The match has started: its best-of can no longer change');

    const decided = matchOf(bracket, 'r1m2');
    await entered(decided.id, { winnerTeamId: decided.team1Id, score: '13-2' });
    expect((await setBestOf(decided.id, 3)).statusCode).toBe(409);

    expect((await setBestOf(semi.id, 2)).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'PATCH', url: `/api/matches/${semi.id}`, headers: { cookie }, payload: {} })).json().error).toBe('Nothing to change');
  });

  it("needs a pool of best-of + 1 maps", async () => {
    const { tournamentId, bracket } = await drawn(1);
    expect((await setPool(tournamentId, ['Ascent', 'Bind', 'Haven', 'Lotus'])).statusCode).toBe(200);
    const refused = await setBestOf(matchOf(bracket, 'r1m1').id, 5);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().issues).toEqual([{ path: 'bestOf', message: 'The map pool has 4 maps: a best of 5 needs at least 6' }]);
  });

  it('404s an unknown match (the public read too)', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await setBestOf(unknown, 3)).statusCode).toBe(404);
    const read = await t.app.inject({ method: 'GET', url: `/api/matches/${unknown}` });
    expect(read.statusCode).toBe(404);
    expect(read.json().error).toBe('Match not found');
    expect((await t.app.inject({ method: 'GET', url: '/api/matches/not-an-id' })).statusCode).toBe(400);
  });
});

describe("a tournament's map pool", () => {
  it('is set, checked against results, and reset to the default', async () => {
    const { tournamentId, bracket } = await drawn(3);
    const own = ['Ascent', 'Bind', 'Haven', 'Pearl'];
    const set = await setPool(tournamentId, own);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ id: tournamentId, mapPool: own, hasOwnMapPool: true });

    const semi = matchOf(bracket, 'r1m1');
    expect((await report(semi.id, { maps: [map('Lotus', 13, 7)] })).json().issues).toEqual([{ path: 'maps.0.map', message: 'Lotus is not in the map pool' }]);
    expect((await report(semi.id, { maps: [map('Pearl', 13, 7)] })).statusCode).toBe(200);

    const reset = await setPool(tournamentId, []);
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toMatchObject({ mapPool: [...defaultMapPool], hasOwnMapPool: false });
  });

  it('is refused too small for the largest best-of of its bracket, with a map listed twice, or fewer than 2 maps', async () => {
    const { tournamentId } = await tournamentWithTeams(4);
    expect((await generate(tournamentId, { seeding: 'registration', bestOf: 3, finalBestOf: 5 })).statusCode).toBe(201);
    const tooSmall = await setPool(tournamentId, ['Ascent', 'Bind', 'Haven', 'Lotus', 'Pearl']);
    expect(tooSmall.statusCode).toBe(400);
    expect(tooSmall.json()).toEqual({ error: 'The map pool has 5 maps: a best of 5 needs at least 6', issues: [{ path: 'maps', message: 'The map pool has 5 maps: a best of 5 needs at least 6' }] });
    const twice = await setPool(tournamentId, ['Ascent', 'ascent', 'Bind', 'Haven', 'Lotus', 'Pearl']);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error).toBe('Each map may be listed only once');
    const one = await setPool(tournamentId, ['Ascent']);
    expect(one.json().error).toBe('A map pool needs at least 2 maps');
    expect((await setPool('00000000-0000-4000-8000-000000000000', ['Ascent', 'Bind'])).statusCode).toBe(404);
  });
});

describe('the series settings of a tournament', () => {
  it('takes a scoring rule and a veto turn time (15 to 900 s), and keeps them when an edit leaves them out', async () => {
    const { tournamentId } = await tournamentWithTeams(0, { scoringRule: 'free', vetoTurnSeconds: 120 });
    const list = async () => ((await t.app.inject({ method: 'GET', url: '/api/tournaments', headers: { cookie } })).json() as Tournament[]).find((x) => x.id === tournamentId)!;
    expect(await list()).toMatchObject({ scoringRule: 'free', vetoTurnSeconds: 120, mapPool: [...defaultMapPool], hasOwnMapPool: false });
    const tooShort = await t.app.inject({ method: 'POST', url: '/api/tournaments', headers: { cookie }, payload: tournamentInput({ vetoTurnSeconds: 10 }) });
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json().issues).toContainEqual({ path: 'vetoTurnSeconds', message: 'Veto turn time must be at least 15 seconds' });
  });

  it("uses the site's default pool, which the owner sets in the settings", async () => {
    const { tournamentId } = await tournamentWithTeams(0);
    const current = (await t.app.inject({ method: 'GET', url: '/api/admin/settings', headers: { cookie } })).json().values;
    expect(current.mapPool).toEqual([...defaultMapPool]);
    const pool = ['Ascent', 'Bind', 'Breeze', 'Fracture'];
    const saved = await t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: { cookie }, payload: { ...current, mapPool: pool } });
    expect(saved.statusCode, saved.body).toBe(200);
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/site' })).json().mapPool).toEqual(pool);
      const tournament = ((await t.app.inject({ method: 'GET', url: '/api/tournaments', headers: { cookie } })).json() as Tournament[]).find((x) => x.id === tournamentId);
      expect(tournament?.mapPool).toEqual(pool);
      // A form without the pool keeps it.
      const { mapPool: _pool, ...withoutPool } = current;
      expect((await t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: { cookie }, payload: withoutPool })).json().values.mapPool).toEqual(pool);
    } finally {
      await t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: { cookie }, payload: current });
    }
  });
});
