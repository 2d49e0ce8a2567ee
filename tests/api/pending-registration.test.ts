import { beforeAll, describe, expect, it } from 'vitest';
import { createOpenTournament, registerTeam, teamPayload } from '../support/factories.js';
import { createPaymentsTestApp, type PaymentsTestApp } from '../support/payments-app.js';
import type { TestApp } from '../support/test-app.js';

let t: PaymentsTestApp;
let cookie: string;

const HOLD_MS = 30 * 60_000;

beforeAll(async () => {
  t = await createPaymentsTestApp();
  cookie = await t.login();
});

const open = (name: string, overrides = {}) => createOpenTournament(t as unknown as TestApp, cookie, { name, ...overrides });
const pendingOf = async (tournamentId: string, headers: Record<string, string> = {}) => {
  const response = await t.app.inject({ method: 'GET', url: `/api/pending-registration?tournamentId=${tournamentId}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['cache-control']).toBe('private, no-store');
  return response.json().registration;
};
const release = (teamId: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url: `/api/pending-registration/${teamId}/release`, headers });

describe('the registration this browser started', () => {
  it('answers the unpaid team of its owner cookie with its hold, and the payment step once a payment started', async () => {
    const tournament = await open('Reload Cup');
    const created = await t.app.inject({ method: 'POST', url: '/api/teams', payload: teamPayload(tournament.id, { name: 'Night Owls', captainEmail: 'owl@example.com' }) });
    const { id, holdExpiresAt } = created.json();
    const owner = created.cookies.find((c) => c.name === `team_${id}`)!;
    const headers = { cookie: `${owner.name}=${owner.value}` };

    const registration = await pendingOf(tournament.id, headers);
    expect(registration).toMatchObject({ id, tournamentId: tournament.id, name: 'Night Owls', holdExpiresAt, hasPayment: false, captainEmail: 'owl@example.com' });
    expect(registration.players).toHaveLength(4);
    expect(registration.substitutes).toHaveLength(1);
    expect(registration.captainRiotId).toMatch(/#EUW$/);

    const intent = await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers, payload: { tournamentId: tournament.id, teamId: id } });
    expect(intent.statusCode).toBe(200);
    expect(await pendingOf(tournament.id, headers)).toMatchObject({ id, hasPayment: true, holdExpiresAt });
  });

  it('answers nothing without the cookie, with a wrong token, for another tournament, or once the hold expired', async () => {
    // One tournament is live at a time: the other one first.
    const other = await open('Other Cup');
    const tournament = await open('Strangers Cup');
    const team = await registerTeam(t.app, tournament.id);
    expect(await pendingOf(tournament.id)).toBeNull();
    expect(await pendingOf(tournament.id, { cookie: `team_${team.id}=not-the-token` })).toBeNull();
    expect(await pendingOf(other.id, { cookie: team.owner })).toBeNull();
    expect((await pendingOf(tournament.id, { cookie: team.owner })).id).toBe(team.id);
    t.clock.advance(HOLD_MS + 1000);
    expect(await pendingOf(tournament.id, { cookie: team.owner })).toBeNull();
  });

  it('answers nothing for a team that needs no payment', async () => {
    const tournament = await open('Free Reload Cup', { entryFee: '0' });
    const team = await registerTeam(t.app, tournament.id);
    expect(await pendingOf(tournament.id, { cookie: team.owner })).toBeNull();
    expect((await release(team.id, { cookie: team.owner })).statusCode).toBe(409);
  });
});

describe('starting over', () => {
  it("releases the owner's hold, so the same name and Riot IDs register again; nobody else can", async () => {
    const tournament = await open('Start Over Cup', { maxTeams: 4 });
    const payload = teamPayload(tournament.id, { name: 'Second Thoughts' });
    const first = await t.app.inject({ method: 'POST', url: '/api/teams', payload });
    const { id } = first.json();
    const owner = first.cookies.find((c) => c.name === `team_${id}`)!;
    // Re-submitting the same team is what a reload did before: its own name is taken.
    expect((await t.app.inject({ method: 'POST', url: '/api/teams', payload })).statusCode).toBe(409);

    expect((await release(id)).statusCode).toBe(403);
    expect((await release(id, { cookie: `team_${id}=forged` })).statusCode).toBe(403);
    expect((await release('00000000-0000-4000-8000-000000000000', { cookie: `${owner.name}=${owner.value}` })).statusCode).toBe(404);

    const released = await release(id, { cookie: `${owner.name}=${owner.value}` });
    expect(released.statusCode).toBe(204);
    // The browser forgets the cookie of a team that is gone.
    expect(released.cookies.find((c) => c.name === `team_${id}`)?.maxAge ?? released.cookies.find((c) => c.name === `team_${id}`)?.expires).toBeDefined();
    expect(await pendingOf(tournament.id, { cookie: `${owner.name}=${owner.value}` })).toBeNull();
    const capacity = (await t.app.inject({ method: 'GET', url: `/api/tournaments/${tournament.id}/capacity` })).json();
    expect(capacity.registered).toBe(0);

    const again = await t.app.inject({ method: 'POST', url: '/api/teams', payload });
    expect(again.statusCode, again.body).toBe(201);
    expect((await release(id, { cookie: `${owner.name}=${owner.value}` })).statusCode).toBe(409);
  });
});
