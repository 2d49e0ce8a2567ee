import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { matches } from '../../src/server/db/schema.js';
import type { Bracket, BracketMatch, MatchResultOutcome } from '../../src/shared/schemas/bracket.js';
import { createOpenTournament, registerTeam } from '../support/factories.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * The formats through the API: each one drawn, played through and confirmed; a correction in the
 * upper bracket clearing lower-bracket results; a group stage into a playoff drawn by the
 * organizer and re-seeded by a group-stage correction; Swiss rounds paired one at a time; the
 * field-size rules refused on their fields.
 */

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.login();
});

async function tournamentWithTeams(n: number) {
  const tournament = await createOpenTournament(t, cookie, { entryFee: '0', checkInEnabled: false, maxTeams: Math.max(16, n) });
  const teamIds: string[] = [];
  for (let i = 0; i < n; i++) teamIds.push((await registerTeam(t.app, tournament.id, { name: `Seed ${i + 1} ${tournament.id.slice(0, 4)}` })).id);
  return { tournamentId: tournament.id, teamIds };
}

const generate = (tournamentId: string, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: `/api/tournaments/${tournamentId}/bracket`, headers: { cookie }, payload });
const drawPlayoff = (tournamentId: string) => t.app.inject({ method: 'POST', url: `/api/tournaments/${tournamentId}/bracket/playoff`, headers: { cookie } });
const confirm = (tournamentId: string) => t.app.inject({ method: 'POST', url: `/api/tournaments/${tournamentId}/bracket/confirm`, headers: { cookie } });
const publicBracket = async (tournamentId: string) => (await t.app.inject({ method: 'GET', url: `/api/tournaments/${tournamentId}/bracket` })).json() as Bracket;
const allOf = (bracket: Bracket): BracketMatch[] => [...bracket.rounds.flatMap((round) => round.matches), ...(bracket.thirdPlace ? [bracket.thirdPlace] : [])];
const matchOf = (bracket: Bracket, key: string) => allOf(bracket).find((m) => m.key === key)!;

async function enter(match: BracketMatch, winnerTeamId: string, maps?: { map: string; team1Rounds: number; team2Rounds: number }[]) {
  const response = await t.app.inject({ method: 'PUT', url: `/api/matches/${match.id}`, headers: { cookie }, payload: maps ? { maps } : { winnerTeamId, score: '13-7' } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as MatchResultOutcome;
}

/** Plays every open match, the better seed (the lower index in `order`) winning, until none is left. */
async function playThrough(
  tournamentId: string,
  order: string[],
  winner: (match: BracketMatch) => string = (m) => (order.indexOf(m.team1Id!) < order.indexOf(m.team2Id!) ? m.team1Id! : m.team2Id!),
  { until = () => false }: { until?: (match: BracketMatch) => boolean } = {},
) {
  for (let guard = 0; guard < 200; guard++) {
    const bracket = await publicBracket(tournamentId);
    const open = allOf(bracket).find((m) => !m.isBye && m.team1Id && m.team2Id && m.winnerTeamId === null);
    if (!open || until(open)) return bracket;
    const team1Wins = winner(open) === open.team1Id;
    // A longer series is entered map by map: two maps to the winner.
    const maps = ['Ascent', 'Bind'].map((map) => ({ map, team1Rounds: team1Wins ? 13 : 7, team2Rounds: team1Wins ? 7 : 13 }));
    await enter(open, winner(open), (open.bestOf ?? 1) > 1 ? maps : undefined);
  }
  throw new Error('The event never ended');
}

describe('double elimination', () => {
  it('draws upper and lower brackets and a grand final for 6 teams, plays through with a bracket reset, and confirms 1st, 2nd and 3rd', async () => {
    const { tournamentId, teamIds } = await tournamentWithTeams(6);
    const drawn = await generate(tournamentId, { seeding: 'registration', format: 'double_elimination' });
    expect(drawn.statusCode, drawn.body).toBe(201);
    const bracket = drawn.json() as Bracket;
    expect(bracket.format).toBe('double_elimination');
    expect(bracket.stages!.map((stage) => stage.type)).toEqual(['double_elimination']);
    expect(bracket.stages![0].rounds.map((round) => `${round.bracket}:${round.name}`)).toEqual([
      'upper:Upper round 1',
      'upper:Upper round 2',
      'upper:Upper final',
      'lower:Lower round 1',
      'lower:Lower round 2',
      'lower:Lower round 3',
      'lower:Lower final',
      'grand_final:Grand final',
    ]);
    // The schedule interleaves the brackets as they can be played.
    expect(bracket.rounds.map((round) => round.name)).toEqual(['Upper round 1', 'Lower round 1', 'Upper round 2', 'Lower round 2', 'Lower round 3', 'Upper final', 'Lower final', 'Grand final']);
    expect(bracket.rounds.map((round) => round.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    // Seeds 1 and 2 have byes in upper round 1.
    expect(matchOf(bracket, 'U1-1')).toMatchObject({ isBye: true, team1Id: teamIds[0], bracket: 'upper', round: 1 });

    expect((await confirm(tournamentId)).json().error).toBe('Enter the grand final first');
    // The better seed wins everywhere but the first grand final, which the lower-bracket team takes: a reset.
    let played = await playThrough(tournamentId, teamIds, (m) => (m.key === 'GF1' ? m.team2Id! : teamIds.indexOf(m.team1Id!) < teamIds.indexOf(m.team2Id!) ? m.team1Id! : m.team2Id!));
    expect(matchOf(played, 'GF2')).toMatchObject({ team1Id: teamIds[0], team2Id: teamIds[1], winnerTeamId: teamIds[0] });
    expect(played.placements).toEqual({ first: teamIds[0], second: teamIds[1], third: [teamIds[2]] });
    expect(matchOf(played, 'GF2').bestOf).toBe(1);

    const confirmed = await confirm(tournamentId);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    played = confirmed.json() as Bracket;
    expect(played.confirmedAt).not.toBeNull();
    const champions = (await t.app.inject({ method: 'GET', url: '/api/champions' })).json() as { teamId?: string; teamName: string; placement: number }[];
    expect(champions.filter((c) => c.teamName.endsWith(tournamentId.slice(0, 4))).map((c) => `${c.placement}:${c.teamName.split(' ').slice(0, 2).join(' ')}`).sort()).toEqual(['1:Seed 1', '2:Seed 2', '3:Seed 3']);
  });

  it('a correction in the upper bracket clears the lower-bracket result whose teams changed, and lists it', async () => {
    const { tournamentId, teamIds } = await tournamentWithTeams(4);
    let bracket = (await generate(tournamentId, { seeding: 'registration', format: 'double_elimination', grandFinalReset: false })).json() as Bracket;
    // U1-1: seed 1 v seed 4, U1-2: seed 2 v seed 3.
    bracket = (await enter(matchOf(bracket, 'U1-1'), teamIds[0])).bracket;
    bracket = (await enter(matchOf(bracket, 'U1-2'), teamIds[1])).bracket;
    expect(matchOf(bracket, 'L1-1')).toMatchObject({ team1Id: teamIds[3], team2Id: teamIds[2], bracket: 'lower' });
    bracket = (await enter(matchOf(bracket, 'L1-1'), teamIds[3])).bracket;

    const corrected = await enter(matchOf(bracket, 'U1-1'), teamIds[3]);
    expect(corrected.isCorrection).toBe(true);
    expect(corrected.cleared.map((c) => ({ key: c.key, roundName: c.roundName, winnerName: c.winnerName?.split(' ').slice(0, 2).join(' ') }))).toEqual([
      { key: 'L1-1', roundName: 'Lower round 1', winnerName: 'Seed 4' },
    ]);
    expect(matchOf(corrected.bracket, 'L1-1')).toMatchObject({ team1Id: teamIds[0], team2Id: teamIds[2], winnerTeamId: null });
    expect(matchOf(await publicBracket(tournamentId), 'L1-1').winnerTeamId).toBeNull();
  });
});

describe('a match the event no longer has', () => {
  it('a corrected grand final takes the reset away with its captains\' report, named as it was; the report sweep passes over it', async () => {
    const { tournamentId, teamIds } = await tournamentWithTeams(4);
    await generate(tournamentId, { seeding: 'registration', format: 'double_elimination' });
    // The lower-bracket team takes the first grand final: the reset is played.
    const bracket = await playThrough(tournamentId, teamIds, (m) => (m.key === 'GF1' ? m.team2Id! : teamIds.indexOf(m.team1Id!) < teamIds.indexOf(m.team2Id!) ? m.team1Id! : m.team2Id!), { until: (m) => m.key === 'GF2' });
    const reset = matchOf(bracket, 'GF2');
    expect(reset.winnerTeamId).toBeNull();
    // A captain reported the reset (as the report path stores it), overdue by now.
    const report = { team1Id: reset.team1Id!, team2Id: reset.team2Id!, state: 'reported' as const, reports: [], deadline: new Date(t.clock.now().getTime() - 1000).toISOString() };
    await t.database.db.update(matches).set({ report }).where(eq(matches.id, reset.id));

    const gf1 = matchOf(bracket, 'GF1');
    const corrected = await enter(gf1, gf1.team1Id!);
    expect(corrected.cleared.map((c) => ({ key: c.key, roundName: c.roundName }))).toEqual([{ key: 'GF2', roundName: 'Grand final reset' }]);
    const [row] = await t.database.db.select({ report: matches.report }).from(matches).where(eq(matches.id, reset.id));
    expect(row!.report).toBeNull();
    // Even a report left on such a row (written before this rule) does not stop the sweep.
    await t.database.db.update(matches).set({ report }).where(eq(matches.id, reset.id));
    await expect(t.services.matchReports.confirmOverdue(t.clock.now())).resolves.toBe(0);
  });

});

describe('round-robin groups into a playoff', () => {
  it('snakes 8 teams into 2 groups, refuses the playoff until the groups are done, draws it from the standings (winners apart), and confirms its final', async () => {
    const { tournamentId, teamIds } = await tournamentWithTeams(8);
    const drawn = await generate(tournamentId, { seeding: 'registration', format: 'round_robin', groups: 2, playoff: { format: 'single_elimination', advance: 2 }, bestOf: 1, finalBestOf: 3 });
    expect(drawn.statusCode, drawn.body).toBe(201);
    let bracket = drawn.json() as Bracket;
    const groups = bracket.stages![0].groups!;
    expect(groups.map((group) => group.name)).toEqual(['Group A', 'Group B']);
    // Snake: seeds 1, 4, 5, 8 in A; 2, 3, 6, 7 in B.
    expect(groups[0].standings.map((row) => teamIds.indexOf(row.teamId) + 1).sort()).toEqual([1, 4, 5, 8]);
    expect(groups.map((group) => group.matches.length)).toEqual([6, 6]);
    expect(bracket.rounds.map((round) => `${round.name} (${round.matches.length})`)).toEqual(['Round 1 (4)', 'Round 2 (4)', 'Round 3 (4)']);
    expect(bracket.playoff).toEqual({ format: 'single_elimination', advance: 2, isDrawn: false, canDraw: false });
    expect(bracket.formatOptions).toEqual({ groups: 2, doubleRoundRobin: false, playoff: { format: 'single_elimination', advance: 2, thirdPlace: false, grandFinalReset: true } });
    expect(groups[0].matches.every((m) => m.bracket === 'group' && m.group === 'A')).toBe(true);

    expect((await drawPlayoff(tournamentId)).json().error).toBe('Enter every result of the first stage first');
    expect((await confirm(tournamentId)).json().error).toBe('Finish the first stage and draw the playoff first');

    // The groups: the better seed wins, with maps so the tiebreak columns fill.
    for (const match of allOf(bracket)) {
      const team1Wins = teamIds.indexOf(match.team1Id!) < teamIds.indexOf(match.team2Id!);
      await enter(match, '', [{ map: 'Ascent', team1Rounds: team1Wins ? 13 : 5, team2Rounds: team1Wins ? 5 : 13 }]);
    }
    bracket = await publicBracket(tournamentId);
    const groupA = bracket.stages![0].groups![0].standings;
    expect(groupA.map((row) => ({ seed: teamIds.indexOf(row.teamId) + 1, place: row.place, wins: row.wins, losses: row.losses, mapDiff: row.mapDiff, roundDiff: row.roundDiff, advances: row.advances }))).toEqual([
      { seed: 1, place: 1, wins: 3, losses: 0, mapDiff: 3, roundDiff: 24, advances: true },
      { seed: 4, place: 2, wins: 2, losses: 1, mapDiff: 1, roundDiff: 8, advances: true },
      { seed: 5, place: 3, wins: 1, losses: 2, mapDiff: -1, roundDiff: -8, advances: false },
      { seed: 8, place: 4, wins: 0, losses: 3, mapDiff: -3, roundDiff: -24, advances: false },
    ]);
    expect(bracket.playoff).toMatchObject({ isDrawn: false, canDraw: true });

    const playoff = await drawPlayoff(tournamentId);
    expect(playoff.statusCode, playoff.body).toBe(200);
    bracket = playoff.json() as Bracket;
    expect(bracket.stages!.map((stage) => `${stage.type}:${stage.name}`)).toEqual(['round_robin:Groups', 'single_elimination:Playoffs']);
    // Seeds: A1, B1, A2, B2: the group winners meet only in the final.
    const semis = bracket.stages![1].rounds[0].matches.map((m) => [teamIds.indexOf(m.team1Id!) + 1, teamIds.indexOf(m.team2Id!) + 1]);
    expect(semis).toEqual([
      [1, 3],
      [2, 4],
    ]);
    expect(bracket.rounds.map((round) => round.name).slice(-2)).toEqual(['Playoffs: Semi-finals', 'Playoffs: Final']);
    expect(matchOf(bracket, 'P-r2m1').bestOf).toBe(3);
    expect(matchOf(bracket, 'P-r1m1').bestOf).toBe(1);
    expect((await drawPlayoff(tournamentId)).json().error).toBe('The playoff is already drawn');

    bracket = await playThrough(tournamentId, teamIds);
    expect(bracket.placements).toEqual({ first: teamIds[0], second: teamIds[1], third: [teamIds[2], teamIds[3]] });
    expect((await confirm(tournamentId)).statusCode).toBe(200);
  });

  it('a group-stage correction after the draw re-seeds the playoff and clears the playoff result whose teams changed', async () => {
    const { tournamentId, teamIds } = await tournamentWithTeams(4);
    let bracket = (await generate(tournamentId, { seeding: 'registration', format: 'round_robin', groups: 1, playoff: { format: 'single_elimination', advance: 2 } })).json() as Bracket;
    bracket = await playThrough(tournamentId, teamIds);
    bracket = (await drawPlayoff(tournamentId)).json() as Bracket;
    const final = matchOf(bracket, 'P-r1m1');
    expect([final.team1Id, final.team2Id]).toEqual([teamIds[0], teamIds[1]]);
    bracket = (await enter(final, teamIds[0])).bracket;
    expect(bracket.placements?.first).toBe(teamIds[0]);

    // Seed 3 is given its matches against seeds 1 and 2: it tops the group, seed 1 is second on head-to-head... and the final changes.
    const group = bracket.stages![0].groups![0].matches;
    const between = (a: number, b: number) => group.find((m) => [m.team1Id, m.team2Id].includes(teamIds[a]) && [m.team1Id, m.team2Id].includes(teamIds[b]))!;
    await enter(between(2, 0), teamIds[2]);
    const outcome = await enter(between(2, 1), teamIds[2]);
    expect(outcome.cleared.map((c) => c.key)).toEqual(['P-r1m1']);
    const now = matchOf(outcome.bracket, 'P-r1m1');
    expect(now.winnerTeamId).toBeNull();
    expect(now.team1Id).toBe(teamIds[2]);
    expect(outcome.bracket.placements).toBeNull();
  });
});

describe('Swiss', () => {
  it('pairs 8 teams round by round (a round is paired once the one before is complete), with records, and confirms from the standings', async () => {
    const { tournamentId, teamIds } = await tournamentWithTeams(8);
    let bracket = (await generate(tournamentId, { seeding: 'registration', format: 'swiss' })).json() as Bracket;
    expect(bracket.stages![0]).toMatchObject({ type: 'swiss', name: 'Swiss stage', isComplete: false });
    expect(bracket.rounds.map((round) => round.name)).toEqual(['Round 1']);
    // Round 1 pairs by seed: 1 v 5, 2 v 6, 3 v 7, 4 v 8.
    expect(bracket.rounds[0].matches.map((m) => [teamIds.indexOf(m.team1Id!) + 1, teamIds.indexOf(m.team2Id!) + 1])).toEqual([
      [1, 5],
      [2, 6],
      [3, 7],
      [4, 8],
    ]);
    for (const match of bracket.rounds[0].matches.slice(0, 3)) bracket = (await enter(match, match.team1Id!)).bracket;
    expect(bracket.rounds).toHaveLength(1);
    bracket = (await enter(bracket.rounds[0].matches[3], bracket.rounds[0].matches[3].team1Id!)).bracket;
    // Round 2 now exists, with match rows the organizer and captains can act on.
    expect(bracket.rounds.map((round) => round.name)).toEqual(['Round 1', 'Round 2']);
    const round2 = bracket.rounds[1].matches;
    expect(round2.every((m) => m.id && m.bracket === 'swiss' && m.round === 2)).toBe(true);
    const winners = new Set(teamIds.slice(0, 4));
    // Same records meet: winners with winners.
    expect(round2.every((m) => winners.has(m.team1Id!) === winners.has(m.team2Id!))).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: `/api/matches/${round2[0].id}` })).json()).toMatchObject({ label: 'Round 2, Match 1' });

    bracket = await playThrough(tournamentId, teamIds);
    expect(bracket.rounds).toHaveLength(3);
    const standings = bracket.stages![0].standings!;
    expect(standings[0]).toMatchObject({ teamId: teamIds[0], wins: 3, losses: 0, place: 1 });
    expect(standings.every((row) => typeof row.buchholz === 'number')).toBe(true);
    expect(bracket.placements).toEqual({ first: standings[0].teamId, second: standings[1].teamId, third: [standings[2].teamId] });
    expect((await confirm(tournamentId)).statusCode).toBe(200);
  });
});

describe('a Swiss round already played', () => {
  it('is paired again by a correction only when the organizer agrees to clear its results, which are named', async () => {
    const { tournamentId, teamIds } = await tournamentWithTeams(8);
    await generate(tournamentId, { seeding: 'registration', format: 'swiss' });
    const bracket = await playThrough(tournamentId, teamIds, undefined, { until: (m) => m.key.startsWith('S3-') });
    expect(bracket.rounds.map((round) => round.name)).toEqual(['Round 1', 'Round 2', 'Round 3']);
    // S1-4 was seed 4 over seed 8; seed 8 now wins: round 2 would be paired again.
    const s14 = matchOf(bracket, 'S1-4');
    const correction = (extra: Record<string, unknown> = {}) =>
      t.app.inject({ method: 'PUT', url: `/api/matches/${s14.id}`, headers: { cookie }, payload: { winnerTeamId: teamIds[7], score: '13-9', ...extra } });
    const refused = await correction();
    expect(refused.statusCode).toBe(409);
    const message = 'This correction pairs a later Swiss round again: Round 2, Match 2, Round 2, Match 4 would be cleared';
    expect(refused.json()).toEqual({ error: message, issues: [{ path: 'clearResults', message }] });
    // Nothing changed.
    expect(matchOf(await publicBracket(tournamentId), 'S1-4').winnerTeamId).toBe(teamIds[3]);

    const agreed = await correction({ clearResults: true });
    expect(agreed.statusCode, agreed.body).toBe(200);
    expect((agreed.json() as MatchResultOutcome).cleared.map((c) => c.key)).toEqual(['S2-2', 'S2-4']);
    // A map score corrected re-pairs nothing: no agreement needed.
    const s11 = matchOf(bracket, 'S1-1');
    expect((await t.app.inject({ method: 'PUT', url: `/api/matches/${s11.id}`, headers: { cookie }, payload: { winnerTeamId: s11.team1Id, score: '13-11' } })).statusCode).toBe(200);
  });
});

describe('format rules', () => {
  it('refuses what the field cannot play, on the field that asks it', async () => {
    const { tournamentId } = await tournamentWithTeams(8);
    const issuesOf = async (payload: Record<string, unknown>) => {
      const response = await generate(tournamentId, { seeding: 'registration', ...payload });
      expect(response.statusCode, response.body).toBe(400);
      return (response.json() as { issues: { path: string; message: string }[] }).issues;
    };
    expect(await issuesOf({ format: 'round_robin', groups: 5 })).toEqual([{ path: 'groups', message: '5 groups need at least 10 teams' }]);
    expect(await issuesOf({ format: 'round_robin', groups: 2 })).toEqual([{ path: 'playoff', message: 'Several groups need a playoff to decide the champion' }]);
    expect(await issuesOf({ format: 'round_robin', groups: 2, playoff: { format: 'single_elimination', advance: 5 } })).toEqual([{ path: 'playoff.advance', message: 'A group has 4 teams: at most 4 go through' }]);
    expect(await issuesOf({ format: 'swiss', rounds: 6 })).toEqual([{ path: 'rounds', message: '8 teams play at most 5 Swiss rounds' }]);
    expect(await issuesOf({ format: 'swiss', playoff: { format: 'double_elimination', advance: 2 } })).toEqual([{ path: 'playoff.advance', message: 'The playoff needs at least 3 teams' }]);
    expect((await issuesOf({ format: 'double_elimination', thirdPlace: true })).map((issue) => issue.message)).toEqual(['A third-place match is for single elimination']);
    expect((await issuesOf({ format: 'single_elimination', playoff: { format: 'single_elimination', advance: 2 } })).map((issue) => issue.message)).toEqual(['A playoff follows a round-robin or Swiss stage']);
    expect((await issuesOf({ format: 'knockout' })).map((issue) => issue.message)).toEqual(['Choose a format']);
    // Every pair of a group meets: a group is capped.
    const { tournamentId: big } = await tournamentWithTeams(34);
    const tooBig = await generate(big, { seeding: 'registration', format: 'round_robin', groups: 1 });
    expect(tooBig.json().issues).toEqual([{ path: 'groups', message: 'A group has at most 32 teams: 34 teams need at least 2 groups' }]);
    // Nothing was drawn.
    expect(await publicBracket(tournamentId)).toBeNull();
    expect((await drawPlayoff(tournamentId)).statusCode).toBe(404);
  });

  it('a single elimination keeps its shape: no stages, no per-match format fields', async () => {
    const { tournamentId } = await tournamentWithTeams(4);
    const bracket = (await generate(tournamentId, { seeding: 'registration' })).json() as Bracket;
    expect(bracket.format).toBe('single_elimination');
    expect(bracket.stages).toBeUndefined();
    expect(bracket.playoff).toBeUndefined();
    expect(Object.keys(bracket.rounds[0].matches[0])).not.toContain('bracket');
    expect(Object.keys(bracket.rounds[0].matches[0])).not.toContain('round');
    expect((await drawPlayoff(tournamentId)).json().error).toBe('This bracket has no playoff');
  });
});

// Last: it moves the clock past the tournaments' dates.
describe('start times', () => {
  it('a Swiss round starts when the round before is complete, not at its own teams\' last result', async () => {
    const { tournamentId } = await tournamentWithTeams(8);
    let bracket = (await generate(tournamentId, { seeding: 'registration', format: 'swiss' })).json() as Bracket;
    const starts = Date.parse(bracket.rounds[0].matches[0].startsAt!);
    if (starts > t.clock.now().getTime()) t.clock.advance(starts - t.clock.now().getTime() + 60_000);
    cookie = await t.login();
    for (const match of bracket.rounds[0].matches.slice(0, 2)) bracket = (await enter(match, match.team1Id!)).bracket;
    t.clock.advance(60 * 60_000);
    cookie = await t.login();
    const completedAt = t.clock.now().toISOString();
    for (const match of bracket.rounds[0].matches.slice(2)) bracket = (await enter(match, match.team1Id!)).bracket;
    expect(bracket.rounds[1].matches.map((m) => m.startsAt)).toEqual(bracket.rounds[1].matches.map(() => completedAt));
  });
});
