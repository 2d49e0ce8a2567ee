import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { takenRiotIdMessage } from '../../src/server/teams/roster-conflicts.js';
import { brackets } from '../../src/server/db/schema.js';
import { finishedRegistrationMessage } from '../../src/server/tournaments/phase.js';
import type { OpenTournament, Tournament, TournamentInput } from '../../src/shared/schemas/tournament.js';
import { createOpenTournament, registerTeam, teamPayload, tournamentInput } from '../support/factories.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * Issue 31, several tournaments at once: more than one cup takes registrations (or runs) at the
 * same time, each with its own capacity and holds; being featured (set-active) only says which one
 * the home page, /register and GET /api/tournaments/active put forward.
 */
let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp({ PENDING_HOLD_MINUTES: '30' });
  cookie = await t.login();
});

// Whatever a test did, each tournament's counter of held spots equals its teams holding one.
afterEach(async () => expect(await t.services.teams.checkHeldSpots()).toEqual([]));

const inject = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, headers: Record<string, string> = { cookie }) =>
  t.app.inject({ method, url, headers, payload });

/** A cup whose registration is switched on without featuring it. */
async function openCupNotFeatured(overrides: Partial<TournamentInput>): Promise<Tournament> {
  const created = await inject('POST', '/api/tournaments', tournamentInput(overrides));
  expect(created.statusCode, created.body).toBe(201);
  const opened = await inject('PATCH', `/api/tournaments/${created.json().id}/registration`, { isOpen: true });
  expect(opened.statusCode, opened.body).toBe(200);
  return opened.json() as Tournament;
}

const register = (tournamentId: string, overrides: Parameters<typeof teamPayload>[1] = {}) => inject('POST', '/api/teams', teamPayload(tournamentId, overrides), {});
const capacityOf = async (id: string) => (await inject('GET', `/api/tournaments/${id}/capacity`, undefined, {})).json();
const openCups = async () => (await inject('GET', '/api/tournaments/open', undefined, {})).json() as OpenTournament[];

describe('several cups open at once', () => {
  it('takes registrations on a cup that is not featured, each cup with its own capacity and holds', async () => {
    const featured = await createOpenTournament(t, cookie, { name: 'Weekly Open', maxTeams: 8 });
    const other = await openCupNotFeatured({ name: 'Monthly Invitational', maxTeams: 4 });
    expect(other).toMatchObject({ status: 'inactive', registrationOpen: true });

    for (let i = 0; i < 4; i++) expect((await register(other.id)).statusCode).toBe(201);
    const full = await register(other.id);
    expect(full.statusCode).toBe(409);
    expect(full.json().error).toBe('This tournament is full');

    // The other cup being full (its holds pending payment) takes nothing from the featured one.
    expect((await register(featured.id)).statusCode).toBe(201);
    expect(await capacityOf(other.id)).toMatchObject({ registered: 4, capacity: 4, spotsLeft: 0, pending: 4 });
    expect(await capacityOf(featured.id)).toMatchObject({ registered: 1, capacity: 8, spotsLeft: 7, pending: 1 });

    const open = await openCups();
    expect(open.find((cup) => cup.id === featured.id)).toMatchObject({ name: 'Weekly Open', status: 'active', spotsLeft: 7 });
    expect(open.find((cup) => cup.id === other.id)).toMatchObject({ name: 'Monthly Invitational', status: 'inactive', spotsLeft: 0 });
  });

  it('lets a player, a captain and a team name play in two cups, but not twice in one', async () => {
    const first = await createOpenTournament(t, cookie, { name: 'First Open' });
    const second = await openCupNotFeatured({ name: 'Second Open' });
    const roster = teamPayload(first.id, { name: 'Returning Wolves' });
    const { tournamentId: _first, ...sameTeam } = roster;

    expect((await inject('POST', '/api/teams', roster, {})).statusCode).toBe(201);
    const again = await inject('POST', '/api/teams', { ...sameTeam, tournamentId: second.id }, {});
    expect(again.statusCode, again.body).toBe(201);

    // Within one cup one player plays for one team: the same Riot IDs under another name are refused.
    const twice = await inject('POST', '/api/teams', { ...sameTeam, name: 'Wolves Again', tournamentId: second.id }, {});
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe(takenRiotIdMessage(sameTeam.captainRiotId));
  });

  it('features one cup on /api/tournaments/active; set-active leaves the others open and taking registrations', async () => {
    const earlier = await createOpenTournament(t, cookie, { name: 'Earlier Cup' });
    const later = await openCupNotFeatured({ name: 'Later Cup' });
    expect((await inject('GET', '/api/tournaments/active', undefined, {})).json().id).toBe(earlier.id);

    const featured = await inject('PATCH', `/api/tournaments/${later.id}/set-active`);
    expect(featured.statusCode).toBe(200);
    expect(featured.json()).toMatchObject({ id: later.id, status: 'active', registrationOpen: true });
    expect((await inject('GET', '/api/tournaments/active', undefined, {})).json()).toMatchObject({ id: later.id, phase: 'registration_open' });

    const list = (await inject('GET', '/api/tournaments')).json() as Tournament[];
    expect(list.find((cup) => cup.id === earlier.id)).toMatchObject({ status: 'inactive', registrationOpen: true });
    expect((await register(earlier.id)).statusCode).toBe(201);
    const open = await openCups();
    expect(open.map((cup) => cup.id)).toEqual(expect.arrayContaining([earlier.id, later.id]));
  });

  it('opens registration on any cup but a cancelled, deleted or finished one, and lists only those taking registrations', async () => {
    const draft = (await inject('POST', '/api/tournaments', tournamentInput({ name: 'Draft Cup' }))).json() as Tournament;
    expect((await openCups()).map((cup) => cup.id)).not.toContain(draft.id);

    const finished = await openCupNotFeatured({ name: 'Finished Cup', entryFee: '0' });
    const teamIds = [(await registerTeam(t.app, finished.id)).id, (await registerTeam(t.app, finished.id)).id];
    await inject('PATCH', `/api/tournaments/${finished.id}/registration`, { isOpen: false });
    await t.database.db.insert(brackets).values({ tournamentId: finished.id, teamIds, seedingMethod: 'registration', thirdPlace: false, confirmedAt: new Date() });
    const reopened = await inject('PATCH', `/api/tournaments/${finished.id}/registration`, { isOpen: true });
    expect(reopened.statusCode).toBe(409);
    expect(reopened.json().error).toBe(finishedRegistrationMessage);

    const cancelled = await openCupNotFeatured({ name: 'Cancelled Cup', entryFee: '0' });
    expect((await inject('POST', `/api/tournaments/${cancelled.id}/cancel`, { reason: 'Venue lost' })).statusCode).toBe(200);
    expect((await inject('PATCH', `/api/tournaments/${cancelled.id}/registration`, { isOpen: true })).statusCode).toBe(409);
    expect((await openCups()).map((cup) => cup.id)).not.toContain(cancelled.id);

    const deleted = (await inject('POST', '/api/tournaments', tournamentInput({ name: 'Deleted Cup' }))).json() as Tournament;
    await t.app.inject({ method: 'DELETE', url: `/api/tournaments/${deleted.id}`, headers: { cookie } });
    expect((await inject('PATCH', `/api/tournaments/${deleted.id}/registration`, { isOpen: true })).statusCode).toBe(404);
  });
});

describe('staff on the day of several cups', () => {
  it('check teams in on a cup in check-in that is not featured, not on one still registering', async () => {
    const start = new Date(Date.now() + 3 * 86_400_000);
    t.clock.set(new Date(start.getTime() - 86_400_000));
    cookie = await t.login();
    const onTheDay = await openCupNotFeatured({ name: 'Saturday Cup', entryFee: '0', registrationCloses: new Date(start.getTime() - 7_200_000).toISOString(), tournamentDate: start.toISOString() });
    const registering = await openCupNotFeatured({ name: 'Next Month Cup', entryFee: '0', registrationCloses: new Date(start.getTime() + 20 * 86_400_000).toISOString(), tournamentDate: new Date(start.getTime() + 30 * 86_400_000).toISOString() });
    const featured = await createOpenTournament(t, cookie, { name: 'Featured Cup', entryFee: '0', registrationCloses: new Date(start.getTime() + 86_400_000).toISOString(), tournamentDate: new Date(start.getTime() + 2 * 86_400_000).toISOString() });
    const dayTeam = (await registerTeam(t.app, onTheDay.id)).id;
    const laterTeam = (await registerTeam(t.app, registering.id)).id;
    const featuredTeam = (await registerTeam(t.app, featured.id)).id;

    // Half an hour before the start: the Saturday cup's check-in window is open.
    t.clock.set(new Date(start.getTime() - 1_800_000));
    const staffNow = await t.loginAs('staff');
    const checkIn = (teamId: string) => inject('POST', `/api/teams/${teamId}/check-in`, {}, { cookie: staffNow });
    const day = await checkIn(dayTeam);
    expect(day.statusCode, day.body).toBe(200);
    expect((await checkIn(laterTeam)).statusCode).toBe(403);
    // The featured cup stays the staff's, whatever its phase (as before several cups).
    expect((await checkIn(featuredTeam)).statusCode).not.toBe(403);
  });
});
