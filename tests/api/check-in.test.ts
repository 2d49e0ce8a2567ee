import { beforeAll, describe, expect, it } from 'vitest';
import { checkInMessages } from '../../src/shared/check-in.js';
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

/** Moves the fake clock; the organizer signs in again (a session ages with the clock). */
async function setClock(date: Date) {
  t.clock.set(date);
  cookie = await t.login();
}

/** Registers a team and returns its id and team link key. */
async function registerWithLink(tournamentId: string) {
  // One second apart: registration order is the order of registration times, and the fake clock stands still.
  t.clock.advance(1000);
  const response = await t.app.inject({ method: 'POST', url: '/api/teams', payload: teamPayload(tournamentId) });
  expect(response.statusCode, response.body).toBe(201);
  const { id, manageUrl } = response.json() as { id: string; manageUrl: string };
  return { id, key: new URL(manageUrl, 'http://x').searchParams.get('key')! };
}

async function freeTournament(start: Date, overrides: Partial<TournamentInput> = {}) {
  await setClock(new Date(start.getTime() - minutes(24 * 60)));
  return createOpenTournament(t, cookie, { entryFee: '0', registrationCloses: new Date(start.getTime() - minutes(120)).toISOString(), tournamentDate: start.toISOString(), ...overrides });
}

const captainCheckIn = (team: { id: string; key: string }) =>
  t.app.inject({ method: 'POST', url: `/api/manage/${team.id}/check-in`, headers: { authorization: `Bearer ${team.key}` } });
const organizerCheckIn = (teamId: string) => t.app.inject({ method: 'POST', url: `/api/teams/${teamId}/check-in`, headers: { cookie } });
const manageView = async (team: { id: string; key: string }) =>
  (await t.app.inject({ method: 'GET', url: `/api/manage/${team.id}`, headers: { authorization: `Bearer ${team.key}` } })).json();

describe('check-in', () => {
  it('opens 60 minutes before the start by default; the captain checks in on the team link while it is open, the organizer from before it opens', async () => {
    const start = new Date(Date.now() + minutes(10 * 24 * 60));
    const tournament = await freeTournament(start);
    const early = await registerWithLink(tournament.id);
    const onTime = await registerWithLink(tournament.id);

    await setClock(new Date(start.getTime() - minutes(61)));
    expect((await manageView(early)).checkIn).toEqual({
      state: 'not_open',
      opensAt: new Date(start.getTime() - minutes(60)).toISOString(),
      closesAt: start.toISOString(),
      checkedInAt: null,
      isNoShow: false,
      canCheckIn: false,
    });
    const tooEarly = await captainCheckIn(early);
    expect(tooEarly.statusCode).toBe(409);
    expect(tooEarly.json().error).toBe('Check-in is not open yet');
    const byOrganizer = await organizerCheckIn(early.id);
    expect(byOrganizer.statusCode, byOrganizer.body).toBe(200);
    expect(byOrganizer.json()).toMatchObject({ state: 'not_open', checkedInAt: t.clock.now().toISOString(), canCheckIn: false });

    await setClock(new Date(start.getTime() - minutes(30)));
    expect((await manageView(onTime)).checkIn).toMatchObject({ state: 'open', canCheckIn: true });
    const checkedIn = await captainCheckIn(onTime);
    expect(checkedIn.statusCode, checkedIn.body).toBe(200);
    expect(checkedIn.json().checkIn).toMatchObject({ state: 'open', checkedInAt: t.clock.now().toISOString(), canCheckIn: false });
    // Twice is still checked in, at the first time.
    t.clock.advance(minutes(1));
    expect((await captainCheckIn(onTime)).json().checkIn.checkedInAt).toBe(checkedIn.json().checkIn.checkedInAt);
    // A wrong key is an unknown team.
    expect((await captainCheckIn({ id: onTime.id, key: 'wrong' })).statusCode).toBe(404);

    // The organizer sees who checked in, and by whom.
    const teams = (await t.app.inject({ method: 'GET', url: `/api/tournaments/${tournament.id}/teams`, headers: { cookie } })).json() as { id: string; checkedInBy: string | null }[];
    expect(Object.fromEntries(teams.map((team) => [team.id, team.checkedInBy]))).toEqual({ [early.id]: 'organizer', [onTime.id]: 'captain' });
  });

  it('at the close, teams that did not check in are no-shows, left out of the bracket; nobody checks in after it', async () => {
    const start = new Date(Date.now() + minutes(11 * 24 * 60));
    const tournament = await freeTournament(start);
    const teams = [await registerWithLink(tournament.id), await registerWithLink(tournament.id), await registerWithLink(tournament.id)];
    await setClock(new Date(start.getTime() - minutes(10)));
    for (const team of teams.slice(0, 2)) expect((await captainCheckIn(team)).statusCode).toBe(200);

    await setClock(new Date(start.getTime() + minutes(1)));
    // Read before any sweep ran: already a no-show.
    expect((await manageView(teams[2])).checkIn).toMatchObject({ state: 'closed', isNoShow: true, canCheckIn: false });
    expect((await manageView(teams[0])).checkIn).toMatchObject({ state: 'closed', isNoShow: false });
    const late = await captainCheckIn(teams[2]);
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe('Check-in has closed');
    expect((await organizerCheckIn(teams[2].id)).json().error).toBe('Check-in has closed');

    expect(await t.services.checkIns.sweepNoShows()).toBe(1);
    const listed = (await t.app.inject({ method: 'GET', url: `/api/tournaments/${tournament.id}/teams`, headers: { cookie } })).json() as { id: string; noShowAt: string | null; paymentStatus: string }[];
    expect(listed.filter((team) => team.noShowAt).map((team) => team.id)).toEqual([teams[2].id]);
    // No refund: the no-show stays paid (confirmed).
    expect(listed.find((team) => team.id === teams[2].id)!.paymentStatus).toBe('completed');

    const bracket = await t.app.inject({ method: 'POST', url: `/api/tournaments/${tournament.id}/bracket`, headers: { cookie }, payload: { seeding: 'registration' } });
    expect(bracket.statusCode, bracket.body).toBe(201);
    expect(bracket.json().rounds[0].matches[0]).toMatchObject({ team1Id: teams[0].id, team2Id: teams[1].id });
  });

  it('refuses teams that are not confirmed, and tournaments without check-in', async () => {
    const start = new Date(Date.now() + minutes(12 * 24 * 60));
    const paid = await freeTournament(start, { entryFee: '20' });
    const unpaid = await registerWithLink(paid.id);
    await setClock(new Date(start.getTime() - minutes(5)));
    const refused = await captainCheckIn(unpaid);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('Only confirmed teams can check in');

    const noCheckIn = await freeTournament(new Date(start.getTime() + minutes(60 * 24)), { checkInEnabled: false });
    const team = await registerWithLink(noCheckIn.id);
    expect((await manageView(team)).checkIn.state).toBe('off');
    expect((await organizerCheckIn(team.id)).json().error).toBe('This tournament has no check-in');
  });

  it('takes its window from the tournament form, which must close after it opens', async () => {
    const start = new Date(Date.now() + minutes(13 * 24 * 60));
    const opensAt = new Date(start.getTime() - minutes(180)).toISOString();
    const closesAt = new Date(start.getTime() - minutes(30)).toISOString();
    const tournament = await freeTournament(start, { checkInOpensAt: opensAt, checkInClosesAt: closesAt });
    expect(tournament).toMatchObject({ checkInEnabled: true, checkInOpensAt: opensAt, checkInClosesAt: closesAt });
    const team = await registerWithLink(tournament.id);
    await setClock(new Date(start.getTime() - minutes(120)));
    expect((await captainCheckIn(team)).statusCode).toBe(200);

    const backwards = await t.app.inject({
      method: 'POST',
      url: '/api/tournaments',
      headers: { cookie },
      payload: { name: 'Backwards Cup', format: '5v5', prizePool: '0', entryFee: '0', currency: 'USD', maxTeams: 8, registrationCloses: opensAt, tournamentDate: start.toISOString(), checkInOpensAt: closesAt, checkInClosesAt: opensAt },
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().issues).toEqual([{ path: 'checkInClosesAt', message: 'Check-in must close after it opens' }]);
  });

  it("undoes the organizer's check-in (logged), not the captain's, and no longer once the bracket is drawn", async () => {
    const start = new Date(Date.now() + minutes(20 * 24 * 60));
    const tournament = await freeTournament(start);
    const [byMistake, byCaptain, third] = [await registerWithLink(tournament.id), await registerWithLink(tournament.id), await registerWithLink(tournament.id)];
    await setClock(new Date(start.getTime() - minutes(30)));
    const undo = (teamId: string) => t.app.inject({ method: 'DELETE', url: `/api/teams/${teamId}/check-in`, headers: { cookie } });

    expect((await organizerCheckIn(byMistake.id)).statusCode).toBe(200);
    const undone = await undo(byMistake.id);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toMatchObject({ checkedInAt: null, canCheckIn: true });
    const audit = (await t.app.inject({ method: 'GET', url: `/api/admin/audit?tournamentId=${tournament.id}`, headers: { cookie } })).json() as { entries: { action: string; targetId: string }[] };
    expect(audit.entries[0]).toMatchObject({ action: 'team.check_in_undo', targetId: byMistake.id });

    expect((await captainCheckIn(byCaptain)).statusCode).toBe(200);
    const captains = await undo(byCaptain.id);
    expect(captains.statusCode).toBe(409);
    expect(captains.json().error).toBe(checkInMessages.captainCheckedIn);
    expect((await undo('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);

    for (const team of [byMistake, third]) expect((await organizerCheckIn(team.id)).statusCode).toBe(200);
    const drawn = await t.app.inject({ method: 'POST', url: `/api/tournaments/${tournament.id}/bracket`, headers: { cookie }, payload: { seeding: 'registration' } });
    expect(drawn.statusCode, drawn.body).toBe(201);
    const late = await undo(third.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe(checkInMessages.bracketDrawn);
  });
});
