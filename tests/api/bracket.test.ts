import { beforeAll, describe, expect, it } from 'vitest';
import type { Bracket, BracketMatch, MatchResultOutcome } from '../../src/shared/schemas/bracket.js';
import type { TournamentInput } from '../../src/shared/schemas/tournament.js';
import { confirmDemoCard, createOpenTournament, registerTeam, resumePaymentOnTeamLink, teamPayload } from '../support/factories.js';
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
  for (let i = 0; i < n; i++) teamIds.push((await registerTeam(t.app, tournament.id, { name: `Seed ${i + 1} ${tournament.id.slice(0, 4)}` })).id);
  return { tournamentId: tournament.id, teamIds };
}

/** A $25 tournament without check-in: two teams paid with the demo card, a third registered and unpaid. */
async function twoPaidOneUnpaid() {
  const tournament = await createOpenTournament(t, cookie, { entryFee: '25', checkInEnabled: false });
  const teams = [];
  for (let i = 0; i < 3; i++) {
    const team = await registerTeam(t.app, tournament.id);
    teams.push({ id: team.id, bearer: team.teamLink });
  }
  for (const team of teams.slice(0, 2)) {
    await confirmDemoCard(t.app, team, await resumePaymentOnTeamLink(t.app, team));
    expect((await t.app.inject({ method: 'PATCH', url: `/api/teams/${team.id}/payment-complete`, headers: team.bearer })).json()).toEqual({ paymentStatus: 'completed' });
  }
  return { tournament, teams };
}

const generate = (tournamentId: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api/tournaments/${tournamentId}/bracket`, headers: { cookie }, payload });
const report = (matchId: string, payload: Record<string, unknown>) => t.app.inject({ method: 'PUT', url: `/api/matches/${matchId}`, headers: { cookie }, payload });
const publicBracket = async (tournamentId: string) => (await t.app.inject({ method: 'GET', url: `/api/tournaments/${tournamentId}/bracket` })).json() as Bracket | null;
const matchOf = (bracket: Bracket, key: string): BracketMatch => [...bracket.rounds.flatMap((r) => r.matches), ...(bracket.thirdPlace ? [bracket.thirdPlace] : [])].find((m) => m.key === key)!;

/** Enters a win for team 1 of the match (or team 2). */
async function win(bracket: Bracket, key: string, side: 1 | 2 = 1, score = '13-5') {
  const match = matchOf(bracket, key);
  const response = await report(match.id, { winnerTeamId: side === 1 ? match.team1Id : match.team2Id, score });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as MatchResultOutcome;
}

describe('bracket generation', () => {
  it('closes registration (and so the waitlist) with the field it sets', async () => {
    const { tournamentId } = await tournamentWithTeams(4);
    expect((await generate(tournamentId, { seeding: 'registration' })).statusCode).toBe(201);
    const tournaments = (await t.app.inject({ method: 'GET', url: '/api/tournaments', headers: { cookie } })).json() as { id: string; registrationOpen: boolean }[];
    expect(tournaments.find((tournament) => tournament.id === tournamentId)?.registrationOpen).toBe(false);
    const late = await t.app.inject({ method: 'POST', url: '/api/teams', payload: teamPayload(tournamentId) });
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe('Registration is closed for this tournament');
  });

  it('waits for a captain still paying: no one pays for a place that is not in the bracket', async () => {
    const { tournament, teams: paying } = await twoPaidOneUnpaid();
    const refused = await generate(tournament.id, { seeding: 'registration' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('1 team is still paying: generate the bracket once its hold has ended, or remove it first');

    const removed = await t.app.inject({ method: 'POST', url: `/api/teams/${paying[2].id}/remove`, headers: { cookie }, payload: { refund: 'none', reason: 'Did not pay in time' } });
    expect(removed.statusCode, removed.body).toBe(200);
    const generated = await generate(tournament.id, { seeding: 'registration' });
    expect(generated.statusCode, generated.body).toBe(201);
    expect((generated.json() as Bracket).rounds[0].matches.flatMap((m) => [m.team1Id, m.team2Id]).sort()).toEqual([paying[0].id, paying[1].id].sort());
  });

  it('is null before it is generated, then seeds 6 teams by registration order with byes for seeds 1 and 2', async () => {
    const { tournamentId, teamIds } = await tournamentWithTeams(6);
    expect(await publicBracket(tournamentId)).toBeNull();

    const response = await generate(tournamentId, { seeding: 'registration' });
    expect(response.statusCode, response.body).toBe(201);
    const bracket = response.json() as Bracket;
    expect(bracket.rounds.map((r) => [r.number, r.name, r.matches.length])).toEqual([
      [1, 'Quarter-finals', 4],
      [2, 'Semi-finals', 2],
      [3, 'Final', 1],
    ]);
    const first = bracket.rounds[0].matches;
    expect(first.map((m) => [m.team1Id, m.team2Id, m.isBye, m.winnerTeamId])).toEqual([
      [teamIds[0], null, true, teamIds[0]],
      [teamIds[3], teamIds[4], false, null],
      [teamIds[1], null, true, teamIds[1]],
      [teamIds[2], teamIds[5], false, null],
    ]);
    expect(first[1]).toMatchObject({ team1Name: expect.stringMatching(/^Seed 4 /), team2Name: expect.stringMatching(/^Seed 5 /), team1LogoUrl: null });
    expect(bracket.thirdPlace).toBeUndefined();

    // The public read is the same bracket, cached with an ETag.
    const read = await t.app.inject({ method: 'GET', url: `/api/tournaments/${tournamentId}/bracket` });
    expect(read.json()).toEqual(bracket);
    const etag = read.headers.etag as string;
    expect(etag).toBeTruthy();
    expect((await t.app.inject({ method: 'GET', url: `/api/tournaments/${tournamentId}/bracket`, headers: { 'if-none-match': etag } })).statusCode).toBe(304);
  });

  it('seeds at random (the same field) and by hand (the given order), with a third-place match', async () => {
    const { tournamentId, teamIds } = await tournamentWithTeams(4);
    const random = (await generate(tournamentId, { seeding: 'random', thirdPlace: true })).json() as Bracket;
    expect(random.seeding).toBe('random');
    const seeded = random.rounds[0].matches.flatMap((m) => [m.team1Id, m.team2Id]);
    expect([...seeded].sort()).toEqual([...teamIds].sort());
    expect(random.thirdPlace).toMatchObject({ key: 'third-place', team1Id: null, team2Id: null });

    const order = [teamIds[3], teamIds[1], teamIds[2], teamIds[0]];
    const manual = (await generate(tournamentId, { seeding: 'manual', teamIds: order })).json() as Bracket;
    expect(manual.rounds[0].matches.map((m) => [m.team1Id, m.team2Id])).toEqual([
      [order[0], order[3]],
      [order[1], order[2]],
    ]);
    expect(manual.thirdPlace).toBeUndefined();
  });

  it('refuses a hand seeding that is not the field, a third place under 4 teams, too few teams, and an unknown tournament', async () => {
    const { tournamentId, teamIds } = await tournamentWithTeams(3);
    const missing = await generate(tournamentId, { seeding: 'manual', teamIds: teamIds.slice(0, 2) });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().issues).toEqual([{ path: 'teamIds', message: 'List every team of the field once' }]);
    expect((await generate(tournamentId, { seeding: 'manual' })).json().issues).toEqual([{ path: 'teamIds', message: 'List the teams in seed order' }]);
    const third = await generate(tournamentId, { seeding: 'registration', thirdPlace: true });
    expect(third.statusCode).toBe(400);
    expect(third.json().error).toBe('A third-place match needs at least 4 teams');

    const lonely = await tournamentWithTeams(1);
    const tooFew = await generate(lonely.tournamentId, { seeding: 'registration' });
    expect(tooFew.statusCode).toBe(409);
    expect(tooFew.json().error).toBe('A bracket needs at least 2 confirmed teams');

    // With check-in on (the default), only checked-in teams play: none yet.
    const withCheckIn = await tournamentWithTeams(2, { checkInEnabled: true });
    expect((await generate(withCheckIn.tournamentId, { seeding: 'registration' })).json().error).toBe('A bracket needs at least 2 checked-in teams');

    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await generate(unknown, { seeding: 'registration' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/tournaments/${unknown}/bracket` })).statusCode).toBe(404);
  });

  it('leaves out unpaid teams', async () => {
    const tournament = await createOpenTournament(t, cookie, { entryFee: '25', checkInEnabled: false });
    const unpaid = [];
    for (let i = 0; i < 3; i++) unpaid.push(await registerTeam(t.app, tournament.id, { name: `Unpaid ${i}` }));
    expect((await generate(tournament.id, { seeding: 'registration' })).json().error).toBe('3 teams are still paying: generate the bracket once their holds have ended, or remove them first');
    for (const team of unpaid) {
      const removed = await t.app.inject({ method: 'POST', url: `/api/teams/${team.id}/remove`, headers: { cookie }, payload: { refund: 'none', reason: 'Never paid' } });
      expect(removed.statusCode, removed.body).toBe(200);
    }
    expect((await generate(tournament.id, { seeding: 'registration' })).json().error).toBe('A bracket needs at least 2 confirmed teams');
  });
});

describe('any tournament, not only the live one (the Match Day picker)', () => {
  it('reads the bracket and the teams of a tournament that is no longer live, takes its results, and 404s an unknown one', async () => {
    const { tournamentId } = await tournamentWithTeams(4);
    expect((await generate(tournamentId, { seeding: 'registration' })).statusCode).toBe(201);
    await createOpenTournament(t, cookie, { name: 'The Next Live One' });

    const bracket = await publicBracket(tournamentId);
    expect(bracket?.tournamentId).toBe(tournamentId);
    await win(bracket!, 'r1m1');
    const teams = await t.app.inject({ method: 'GET', url: `/api/tournaments/${tournamentId}/teams`, headers: { cookie } });
    expect((teams.json() as unknown[]).length).toBe(4);

    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await t.app.inject({ method: 'GET', url: `/api/tournaments/${unknown}/bracket` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/tournaments/${unknown}/teams`, headers: { cookie } })).statusCode).toBe(404);
  });
});

describe('results', () => {
  it('reports results, refuses byes, unready matches and outsiders, and then refuses to regenerate', async () => {
    const { tournamentId, teamIds } = await tournamentWithTeams(6);
    const bracket = (await generate(tournamentId, { seeding: 'registration' })).json() as Bracket;

    const bye = await report(matchOf(bracket, 'r1m1').id, { winnerTeamId: teamIds[0] });
    expect(bye.statusCode).toBe(409);
    expect(bye.json().error).toBe('A bye has no result');
    const unready = await report(matchOf(bracket, 'r2m1').id, { winnerTeamId: teamIds[0] });
    expect(unready.json().error).toBe('This match does not have both teams yet');
    const outsider = await report(matchOf(bracket, 'r1m2').id, { winnerTeamId: teamIds[0] });
    expect(outsider.statusCode).toBe(400);
    expect(outsider.json().issues).toEqual([{ path: 'winnerTeamId', message: 'The winner must be one of the two teams' }]);
    expect((await report('00000000-0000-4000-8000-000000000000', { winnerTeamId: teamIds[0] })).statusCode).toBe(404);

    const outcome = await win(bracket, 'r1m2', 2, '13-11');
    expect(outcome.cleared).toEqual([]);
    expect(matchOf(outcome.bracket, 'r1m2')).toMatchObject({ winnerTeamId: teamIds[4], score: '13-11' });
    expect(matchOf(outcome.bracket, 'r2m1')).toMatchObject({ team1Id: teamIds[0], team2Id: teamIds[4] });
    // The public read shows the result at once (the write dropped the cached bracket).
    expect(matchOf((await publicBracket(tournamentId))!, 'r2m1').team2Id).toBe(teamIds[4]);

    const again = await generate(tournamentId, { seeding: 'random' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('Results have been entered: the bracket can no longer be regenerated');
  });

  it('correcting a round-1 result clears the later results whose teams changed, lists them, and keeps the others', async () => {
    const { tournamentId, teamIds } = await tournamentWithTeams(8);
    let bracket = (await generate(tournamentId, { seeding: 'registration' })).json() as Bracket;
    for (const key of ['r1m1', 'r1m2', 'r1m3', 'r1m4']) bracket = (await win(bracket, key)).bracket;
    for (const key of ['r2m1', 'r2m2']) bracket = (await win(bracket, key)).bracket;
    // r1m2 was t4 v t5, won by t4; r2m1 t1 v t4 won by t1; r2m2 t2 v t3 won by t2.
    expect(matchOf(bracket, 'r3m1')).toMatchObject({ team1Id: teamIds[0], team2Id: teamIds[1] });

    const corrected = await report(matchOf(bracket, 'r1m2').id, { winnerTeamId: teamIds[4], score: '9-13', note: 'Wrong team entered' });
    expect(corrected.statusCode).toBe(200);
    const { bracket: after, cleared } = corrected.json() as MatchResultOutcome;
    expect(cleared).toEqual([
      { matchId: matchOf(bracket, 'r2m1').id, key: 'r2m1', roundName: 'Semi-finals', team1Name: expect.stringMatching(/^Seed 1 /), team2Name: expect.stringMatching(/^Seed 4 /), winnerName: expect.stringMatching(/^Seed 1 /) },
    ]);
    expect(matchOf(after, 'r2m1')).toMatchObject({ team1Id: teamIds[0], team2Id: teamIds[4], winnerTeamId: null, score: null });
    expect(matchOf(after, 'r2m2')).toMatchObject({ winnerTeamId: teamIds[1] });
    expect(matchOf(after, 'r3m1')).toMatchObject({ team1Id: null, team2Id: teamIds[1] });
    // The cleared result is gone from storage too: the public read agrees.
    expect(matchOf((await publicBracket(tournamentId))!, 'r2m1').winnerTeamId).toBeNull();
  });
});

describe('the activity log of a result', () => {
  it('names the match, the winner, the loser, the score and, on a correction, the previous result', async () => {
    const { tournamentId } = await tournamentWithTeams(4);
    const bracket = (await generate(tournamentId, { seeding: 'registration' })).json() as Bracket;
    const match = matchOf(bracket, 'r1m1');
    const [winnerName, loserName] = [match.team1Name, match.team2Name];
    await win(bracket, 'r1m1', 1, '13-9');
    await win(bracket, 'r1m1', 1, '13-7');
    const page = (await t.app.inject({ method: 'GET', url: `/api/admin/audit?tournamentId=${tournamentId}`, headers: { cookie } })).json() as {
      entries: { action: string; before: unknown; after: unknown }[];
    };
    const [correction, first] = page.entries.filter((entry) => entry.action === 'match.result');
    expect(first).toMatchObject({ before: null, after: { match: 'r1m1', matchLabel: 'Semi-finals, Match 1', winnerName, loserName, score: '13-9' } });
    expect(correction).toMatchObject({
      before: { matchLabel: 'Semi-finals, Match 1', winnerName, score: '13-9' },
      after: { matchLabel: 'Semi-finals, Match 1', winnerTeamId: match.team1Id, winnerName, loserName, score: '13-7' },
    });
  });
});

describe('champions from the bracket', () => {
  it('confirms the final once: 1st, 2nd and both semi-final losers 3rd, with logo, Riot IDs and date; the hall of fame shows them at once', async () => {
    const { tournamentId, teamIds } = await tournamentWithTeams(4);
    let bracket = (await generate(tournamentId, { seeding: 'registration' })).json() as Bracket;
    const confirm = () => t.app.inject({ method: 'POST', url: `/api/tournaments/${tournamentId}/bracket/confirm`, headers: { cookie } });
    bracket = (await win(bracket, 'r1m1')).bracket;
    bracket = (await win(bracket, 'r1m2')).bracket;
    const early = await confirm();
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe('Enter the final first');
    await t.app.inject({ method: 'GET', url: '/api/champions' }); // warm the cache
    bracket = (await win(bracket, 'r2m1', 2)).bracket;
    expect(bracket).toMatchObject({ isComplete: true, championTeamId: teamIds[1], confirmedAt: null });

    const confirmed = await confirm();
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().confirmedAt).toBeTruthy();
    const hall = (await t.app.inject({ method: 'GET', url: '/api/champions' })).json() as { tournamentId: string; teamId: string; placement: number; playerNames: string[]; prizeAmount: string | null; tournamentDate: string }[];
    // Two third places share a placement: ordered by team id here, since the hall lists them in either order.
    const ours = hall.filter((c) => c.tournamentId === tournamentId).sort((a, b) => a.placement - b.placement || a.teamId.localeCompare(b.teamId));
    expect(ours.map((c) => [c.placement, c.teamId])).toEqual([[1, teamIds[1]], [2, teamIds[0]], ...[teamIds[2], teamIds[3]].sort().map((id) => [3, id])]);
    expect(ours[0].playerNames).toHaveLength(6);
    expect(ours[0].playerNames[0]).toMatch(/^Captain\d+#EUW$/);
    expect(ours[0].prizeAmount).toBeNull();

    const twice = await confirm();
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe('The champions are already recorded');
    const late = await report(matchOf(bracket, 'r2m1').id, { winnerTeamId: teamIds[0] });
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe('The champions are recorded: results can no longer change');
    expect((await t.app.inject({ method: 'GET', url: '/api/champions' })).json().filter((c: { tournamentId: string }) => c.tournamentId === tournamentId)).toHaveLength(4);
  });

  it('records the champions once when the final is confirmed twice at the same time, and applies results entered at once one after the other', async () => {
    const { tournamentId } = await tournamentWithTeams(4);
    const bracket = (await generate(tournamentId, { seeding: 'registration' })).json() as Bracket;
    const [a, b] = [matchOf(bracket, 'r1m1'), matchOf(bracket, 'r1m2')];
    const both = await Promise.all([report(a.id, { winnerTeamId: a.team1Id }), report(b.id, { winnerTeamId: b.team2Id })]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    const semisDone = (await publicBracket(tournamentId))!;
    expect(matchOf(semisDone, 'r2m1')).toMatchObject({ team1Id: a.team1Id, team2Id: b.team2Id });
    await win(semisDone, 'r2m1');

    const confirm = () => t.app.inject({ method: 'POST', url: `/api/tournaments/${tournamentId}/bracket/confirm`, headers: { cookie } });
    const answers = await Promise.all([confirm(), confirm(), confirm()]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const hall = (await t.app.inject({ method: 'GET', url: '/api/champions' })).json() as { tournamentId: string }[];
    expect(hall.filter((c) => c.tournamentId === tournamentId)).toHaveLength(4);
  });

  it('with a third-place match, waits for it and places its winner third', async () => {
    const { tournamentId, teamIds } = await tournamentWithTeams(4);
    let bracket = (await generate(tournamentId, { seeding: 'registration', thirdPlace: true })).json() as Bracket;
    for (const key of ['r1m1', 'r1m2', 'r2m1']) bracket = (await win(bracket, key)).bracket;
    const confirm = () => t.app.inject({ method: 'POST', url: `/api/tournaments/${tournamentId}/bracket/confirm`, headers: { cookie } });
    expect((await confirm()).json().error).toBe('Enter the final and the third-place match first');
    bracket = (await win(bracket, 'third-place', 2)).bracket;
    expect((await confirm()).statusCode).toBe(200);
    const hall = (await t.app.inject({ method: 'GET', url: '/api/champions' })).json() as { tournamentId: string; teamId: string; placement: number }[];
    expect(hall.filter((c) => c.tournamentId === tournamentId).map((c) => [c.placement, c.teamId]).sort()).toEqual([
      [1, teamIds[0]],
      [2, teamIds[1]],
      [3, teamIds[2]],
    ]);
  });

  it('answers 401 without a session and 403 from another site on every bracket write', async () => {
    const { tournamentId } = await tournamentWithTeams(2);
    const someId = '00000000-0000-4000-8000-000000000000';
    for (const [method, url] of [
      ['POST', `/api/tournaments/${tournamentId}/bracket`],
      ['PUT', `/api/matches/${someId}`],
      ['POST', `/api/tournaments/${tournamentId}/bracket/confirm`],
    ] as const) {
      expect((await t.app.inject({ method, url, payload: {} })).statusCode, `${method} ${url}`).toBe(401);
      expect((await t.app.inject({ method, url, headers: { cookie, origin: 'https://evil.example' }, payload: {} })).statusCode, `${method} ${url}`).toBe(403);
    }
  });
});

describe('a payment that arrives after the bracket', () => {
  // Last in the file: the fake clock jumps past a hold and stays there.
  it('buys no place: a late payment once the bracket is drawn is refunded, never admitted outside it', async () => {
    const { tournament, teams: teamsOf } = await twoPaidOneUnpaid();
    // The third captain opened the payment but its hold ran out before paying.
    const late = teamsOf[2];
    const clientSecret = await resumePaymentOnTeamLink(t.app, late);
    t.clock.advance(31 * 60_000);
    expect((await generate(tournament.id, { seeding: 'registration' })).statusCode).toBe(201);

    await confirmDemoCard(t.app, late, clientSecret);
    const completed = await t.app.inject({ method: 'PATCH', url: `/api/teams/${late.id}/payment-complete`, headers: late.bearer });
    expect(completed.json()).toEqual({ paymentStatus: 'refunded' });
  });
});
