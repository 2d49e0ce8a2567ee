import { beforeAll, describe, expect, it } from 'vitest';
import type { Bracket } from '../../src/shared/schemas/bracket.js';
import type { TeamPageData } from '../../src/shared/schemas/team-page.js';
import type { TournamentInput } from '../../src/shared/schemas/tournament.js';
import { createOpenTournament, teamPayload } from '../support/factories.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.login();
});

const minutes = (n: number) => n * 60_000;
type Linked = { id: string; key: string };

async function setClock(date: Date) {
  t.clock.set(date);
  cookie = await t.login();
}

async function registerWithLink(tournamentId: string): Promise<Linked> {
  t.clock.advance(1000);
  const response = await t.app.inject({ method: 'POST', url: '/api/teams', payload: teamPayload(tournamentId) });
  expect(response.statusCode, response.body).toBe(201);
  const { id, manageUrl } = response.json() as { id: string; manageUrl: string };
  return { id, key: new URL(manageUrl, 'http://x').searchParams.get('key')! };
}

/** A free tournament starting at `start`, its rosters open until the start, with `count` teams; the clock a day before. */
async function tournamentWithTeams(start: Date, count: number, overrides: Partial<TournamentInput> = {}) {
  await setClock(new Date(start.getTime() - minutes(24 * 60)));
  const tournament = await createOpenTournament(t, cookie, {
    entryFee: '0',
    registrationCloses: new Date(start.getTime() - minutes(120)).toISOString(),
    rosterLocksAt: start.toISOString(),
    tournamentDate: start.toISOString(),
    ...overrides,
  });
  const teams: Linked[] = [];
  for (let i = 0; i < count; i++) teams.push(await registerWithLink(tournament.id));
  return { tournament, teams };
}

const auth = (team: Linked) => ({ authorization: `Bearer ${team.key}` });
const captainCheckIn = (team: Linked) => t.app.inject({ method: 'POST', url: `/api/manage/${team.id}/check-in`, headers: auth(team) });
const organizerCheckIn = (teamId: string) => t.app.inject({ method: 'POST', url: `/api/teams/${teamId}/check-in`, headers: { cookie } });
const view = async (team: Linked) => (await t.app.inject({ method: 'GET', url: `/api/manage/${team.id}`, headers: auth(team) })).json() as TeamPageData;
const generate = (tournamentId: string) =>
  t.app.inject({ method: 'POST', url: `/api/tournaments/${tournamentId}/bracket`, headers: { cookie }, payload: { seeding: 'registration', thirdPlace: false } });
const changeRoster = (team: Linked) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/manage/${team.id}/roster`,
    headers: auth(team),
    payload: { player2RiotId: `New${team.id.slice(0, 6)}#EUW`, player3RiotId: 'Three#EUW3', player4RiotId: 'Four#EUW4', player5RiotId: 'Five#EUW5', sub1RiotId: '', sub2RiotId: '' },
  });
const withdraw = (team: Linked) => t.app.inject({ method: 'POST', url: `/api/manage/${team.id}/withdraw`, headers: auth(team) });
const report = (matchId: string, winnerTeamId: string) =>
  t.app.inject({ method: 'PUT', url: `/api/matches/${matchId}`, headers: { cookie }, payload: { winnerTeamId, score: '2-0', note: null } });

describe('drawing the bracket fixes the field', () => {
  it('closes check-in: a team that had not checked in is refused, by captain and organizer alike, and reads as out of the bracket', async () => {
    const start = new Date(Date.now() + minutes(10 * 24 * 60));
    const { tournament, teams } = await tournamentWithTeams(start, 3);
    const [first, second, late] = teams;
    await setClock(new Date(start.getTime() - minutes(30)));
    for (const team of [first, second]) expect((await captainCheckIn(team)).statusCode).toBe(200);
    expect((await view(late)).checkIn).toMatchObject({ state: 'open', canCheckIn: true });

    const drawn = await generate(tournament.id);
    expect(drawn.statusCode, drawn.body).toBe(201);

    const byCaptain = await captainCheckIn(late);
    expect(byCaptain.statusCode).toBe(409);
    expect(byCaptain.json().error).toBe('Check-in has closed: the bracket has been drawn');
    const byOrganizer = await organizerCheckIn(late.id);
    expect(byOrganizer.statusCode).toBe(409);
    expect(byOrganizer.json().error).toBe('Check-in has closed: the bracket has been drawn');

    const lateView = await view(late);
    expect(lateView.checkIn).toMatchObject({ state: 'closed', checkedInAt: null, canCheckIn: false });
    expect(lateView.cup).toEqual({ phase: 'running', isDrawn: true, bracket: { result: 'not_in_bracket', placement: null, roundName: null } });
    expect((await view(first)).cup.bracket).toEqual({ result: 'playing', placement: null, roundName: null });
    // A team already checked in is still checked in: asking again changes nothing.
    expect((await captainCheckIn(first)).statusCode).toBe(200);
  });

  it('locks rosters and ends withdrawal; after the final the team page gives each team its placement', async () => {
    const start = new Date(Date.now() + minutes(20 * 24 * 60));
    const { tournament, teams } = await tournamentWithTeams(start, 4, { checkInEnabled: false });
    await setClock(new Date(start.getTime() - minutes(10)));
    // Before the draw, the roster (open until the start here) can change.
    expect((await changeRoster(teams[0])).statusCode).toBe(200);
    expect((await view(teams[1])).withdrawal.canWithdraw).toBe(true);

    const drawn = await generate(tournament.id);
    expect(drawn.statusCode, drawn.body).toBe(201);

    const roster = await changeRoster(teams[1]);
    expect(roster.statusCode).toBe(409);
    expect(roster.json().error).toBe('The roster is locked: the bracket has been drawn');
    const left = await withdraw(teams[2]);
    expect(left.statusCode).toBe(409);
    expect(left.json().error).toBe('The bracket has been drawn: teams can no longer withdraw');
    const page = await view(teams[2]);
    expect(page.roster).toMatchObject({ isLocked: true, canChange: false });
    expect(page.withdrawal.canWithdraw).toBe(false);
    expect(page.withdrawnAt).toBeNull();

    // Play it out: the better seed wins each match.
    let bracket = drawn.json() as Bracket;
    for (let round = 0; round < bracket.rounds.length; round++) {
      for (const match of bracket.rounds[round].matches) {
        if (match.isBye || match.winnerTeamId) continue;
        expect((await report(match.id, match.team1Id!)).statusCode).toBe(200);
      }
      bracket = (await t.app.inject({ method: 'GET', url: `/api/tournaments/${tournament.id}/bracket` })).json() as Bracket;
    }
    const semi = bracket.rounds[0].matches;
    const champion = bracket.rounds[1].matches[0].winnerTeamId!;
    const runnerUp = [bracket.rounds[1].matches[0].team1Id, bracket.rounds[1].matches[0].team2Id].find((id) => id !== champion)!;
    const semiLosers = semi.map((match) => (match.winnerTeamId === match.team1Id ? match.team2Id : match.team1Id));
    const standingOf = async (id: string) => (await view(teams.find((team) => team.id === id)!)).cup.bracket;
    expect(await standingOf(champion)).toEqual({ result: 'champion', placement: 1, roundName: null });
    expect(await standingOf(runnerUp)).toEqual({ result: 'placed', placement: 2, roundName: null });
    for (const id of semiLosers) expect(await standingOf(id!)).toEqual({ result: 'placed', placement: 3, roundName: null });

    // After the final nobody withdraws either (the home page would count a free spot).
    const after = await withdraw(teams.find((team) => team.id === semiLosers[0])!);
    expect(after.statusCode).toBe(409);
  });

  it('reports the round a team went out in while the cup runs', async () => {
    const start = new Date(Date.now() + minutes(30 * 24 * 60));
    const { tournament, teams } = await tournamentWithTeams(start, 4, { checkInEnabled: false });
    await setClock(new Date(start.getTime() - minutes(5)));
    const bracket = (await generate(tournament.id)).json() as Bracket;
    const match = bracket.rounds[0].matches[0];
    expect((await report(match.id, match.team1Id!)).statusCode).toBe(200);
    const loser = teams.find((team) => team.id === match.team2Id)!;
    expect((await view(loser)).cup).toEqual({ phase: 'running', isDrawn: true, bracket: { result: 'eliminated', placement: null, roundName: 'Semi-finals' } });
  });
});
