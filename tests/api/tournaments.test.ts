import { beforeAll, describe, expect, it } from 'vitest';
import { createOpenTournament, teamPayload, tournamentInput } from '../support/factories.js';
import { createTestApp, usesPostgres, type TestApp } from '../support/test-app.js';

let t: TestApp;
let cookie: string;
const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.login();
});

describe('tournaments', () => {
  it('answers null when no tournament is active', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/tournaments/active' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toBeNull();
  });

  it('creates an inactive tournament with registration closed, and lists it', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/tournaments', headers: { cookie }, payload: tournamentInput({ name: 'Listed Cup' }) });
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({ name: 'Listed Cup', status: 'inactive', registrationOpen: false, prizePool: '5000.00', entryFee: '50.00', currency: 'USD', maxTeams: 32 });
    const list = await t.app.inject({ method: 'GET', url: '/api/tournaments' });
    expect(list.json().map((x: { id: string }) => x.id)).toContain(created.id);
  });

  it('reports each validation message of the tournament form', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/tournaments',
      headers: { cookie },
      payload: { name: 'ab', format: '', prizePool: '', entryFee: '', currency: '', maxTeams: 3, registrationCloses: '', tournamentDate: '' },
    });
    expect(response.statusCode).toBe(400);
    const messages = Object.fromEntries(response.json().issues.map((i: { path: string; message: string }) => [i.path, i.message]));
    expect(messages).toEqual({
      name: 'Tournament name must be at least 3 characters',
      format: 'Format is required',
      prizePool: 'Prize pool is required',
      entryFee: 'Entry fee is required',
      currency: 'Currency is required',
      maxTeams: 'Must allow at least 4 teams',
      registrationCloses: 'Registration close date is required',
      tournamentDate: 'Tournament date is required',
    });
  });

  it('refuses a tournament date before the registration close, on creation and on update', async () => {
    const backwards = tournamentInput({ registrationCloses: inHours(48), tournamentDate: inHours(24) });
    const created = await t.app.inject({ method: 'POST', url: '/api/tournaments', headers: { cookie }, payload: backwards });
    expect(created.statusCode).toBe(400);
    const issue = { path: 'tournamentDate', message: 'The tournament date must not be before the registration close' };
    expect(created.json().issues).toEqual([issue]);
    const existing = await t.app.inject({ method: 'POST', url: '/api/tournaments', headers: { cookie }, payload: tournamentInput({ name: 'Dated Cup' }) });
    const updated = await t.app.inject({ method: 'PUT', url: `/api/tournaments/${existing.json().id}`, headers: { cookie }, payload: backwards });
    expect(updated.statusCode).toBe(400);
    expect(updated.json().issues).toEqual([issue]);
    // The same instant is allowed: registration closes as the tournament starts.
    const same = tournamentInput({ name: 'Sharp Cup', registrationCloses: inHours(24), tournamentDate: inHours(24) });
    expect((await t.app.inject({ method: 'POST', url: '/api/tournaments', headers: { cookie }, payload: same })).statusCode).toBe(201);
  });

  it('refuses a new tournament whose registration already closed, but lets an existing one keep a past close', async () => {
    const past = tournamentInput({ name: 'Yesterday Cup', registrationCloses: inHours(-1), tournamentDate: inHours(24) });
    const created = await t.app.inject({ method: 'POST', url: '/api/tournaments', headers: { cookie }, payload: past });
    expect(created.statusCode).toBe(400);
    expect(created.json()).toEqual({
      error: 'Registration must close in the future',
      issues: [{ path: 'registrationCloses', message: 'Registration must close in the future' }],
    });
    const existing = await t.app.inject({ method: 'POST', url: '/api/tournaments', headers: { cookie }, payload: tournamentInput({ name: 'Yesterday Cup' }) });
    const updated = await t.app.inject({ method: 'PUT', url: `/api/tournaments/${existing.json().id}`, headers: { cookie }, payload: past });
    expect(updated.statusCode, updated.body).toBe(200);
  });

  it('refuses an entry fee above what a card payment can charge', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/tournaments', headers: { cookie }, payload: tournamentInput({ entryFee: '1000000' }) });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toEqual([{ path: 'entryFee', message: 'Entry fee must be at most 999,999.99' }]);
  });

  it('updates, toggles registration, sets one active at a time and soft-deletes', async () => {
    const first = await createOpenTournament(t, cookie, { name: 'First Cup' });
    const second = await createOpenTournament(t, cookie, { name: 'Second Cup' });
    const active = await t.app.inject({ method: 'GET', url: '/api/tournaments/active' });
    expect(active.json().id).toBe(second.id);
    const list = (await t.app.inject({ method: 'GET', url: '/api/tournaments' })).json();
    expect(list.find((x: { id: string }) => x.id === first.id).status).toBe('inactive');

    const updated = await t.app.inject({ method: 'PUT', url: `/api/tournaments/${second.id}`, headers: { cookie }, payload: tournamentInput({ name: 'Second Cup Renamed', currency: 'EUR', maxTeams: 16 }) });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ name: 'Second Cup Renamed', currency: 'EUR', maxTeams: 16, status: 'active', registrationOpen: true });

    const closed = await t.app.inject({ method: 'PATCH', url: `/api/tournaments/${second.id}/registration`, headers: { cookie }, payload: { isOpen: false } });
    expect(closed.json().registrationOpen).toBe(false);

    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/tournaments/${second.id}`, headers: { cookie } });
    expect(deleted.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/api/tournaments/active' })).json()).toBeNull();
    const again = await t.app.inject({ method: 'DELETE', url: `/api/tournaments/${second.id}`, headers: { cookie } });
    expect(again.statusCode).toBe(404);
  });

  it('refuses to lower max teams below the spots already held, naming the count', async () => {
    const { id } = await createOpenTournament(t, cookie, { name: 'Shrinking Cup', maxTeams: 8 });
    for (let i = 0; i < 5; i++) expect((await t.app.inject({ method: 'POST', url: '/api/teams', payload: teamPayload(id) })).statusCode).toBe(201);

    const tooLow = await t.app.inject({ method: 'PUT', url: `/api/tournaments/${id}`, headers: { cookie }, payload: tournamentInput({ name: 'Shrinking Cup', maxTeams: 4 }) });
    expect(tooLow.statusCode).toBe(409);
    expect(tooLow.json()).toEqual({
      error: '5 teams already hold a spot: max teams cannot be lower than 5',
      issues: [{ path: 'maxTeams', message: '5 teams already hold a spot: max teams cannot be lower than 5' }],
    });
    expect((await t.app.inject({ method: 'GET', url: `/api/tournaments/${id}/capacity` })).json()).toMatchObject({ registered: 5, capacity: 8 });

    const exact = await t.app.inject({ method: 'PUT', url: `/api/tournaments/${id}`, headers: { cookie }, payload: tournamentInput({ name: 'Shrinking Cup', maxTeams: 5 }) });
    expect(exact.statusCode, exact.body).toBe(200);
    expect(exact.json().maxTeams).toBe(5);
  });

  it('answers 404 for unknown ids and 400 for malformed ones', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const [method, url, payload] of [
      ['PUT', `/api/tournaments/${unknown}`, tournamentInput()],
      ['PATCH', `/api/tournaments/${unknown}/registration`, { isOpen: true }],
      ['PATCH', `/api/tournaments/${unknown}/set-active`, undefined],
      ['DELETE', `/api/tournaments/${unknown}`, undefined],
      ['GET', `/api/tournaments/${unknown}/teams`, undefined],
      ['GET', `/api/tournaments/${unknown}/capacity`, undefined],
    ] as const) {
      const response = await t.app.inject({ method, url, headers: { cookie }, payload });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    const malformed = await t.app.inject({ method: 'GET', url: '/api/tournaments/not-a-uuid/teams' });
    expect(malformed.statusCode).toBe(400);
  });
});

describe.skipIf(!usesPostgres)('setting tournaments live at the same moment on PostgreSQL', () => {
  it('ends with exactly one live tournament and no error', async () => {
    const ids = await Promise.all(
      ['Race A', 'Race B', 'Race C', 'Race D'].map(async (name) => (await t.app.inject({ method: 'POST', url: '/api/tournaments', headers: { cookie }, payload: tournamentInput({ name }) })).json().id as string),
    );
    const responses = await Promise.all(ids.map((id) => t.app.inject({ method: 'PATCH', url: `/api/tournaments/${id}/set-active`, headers: { cookie } })));
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const live = (await t.app.inject({ method: 'GET', url: '/api/tournaments' })).json().filter((x: { status: string }) => x.status === 'active');
    expect(live).toHaveLength(1);
  });
});

describe.skipIf(!usesPostgres)('lowering max teams while captains register on PostgreSQL', () => {
  it('never ends with more teams holding a spot than max teams allows', async () => {
    for (let round = 0; round < 3; round++) {
      const { id } = await createOpenTournament(t, cookie, { name: `Squeeze Cup ${round}`, maxTeams: 8 });
      for (let i = 0; i < 4; i++) await t.app.inject({ method: 'POST', url: '/api/teams', payload: teamPayload(id) });
      const lower = t.app.inject({ method: 'PUT', url: `/api/tournaments/${id}`, headers: { cookie }, payload: tournamentInput({ name: `Squeeze Cup ${round}`, maxTeams: 4 }) });
      const registrations = Array.from({ length: 4 }, () => t.app.inject({ method: 'POST', url: '/api/teams', payload: teamPayload(id) }));
      const [lowered, ...registered] = await Promise.all([lower, ...registrations]);
      expect([200, 409]).toContain(lowered.statusCode);
      for (const r of registered) expect([201, 409]).toContain(r.statusCode);
      const capacity = (await t.app.inject({ method: 'GET', url: `/api/tournaments/${id}/capacity` })).json();
      expect(capacity.registered).toBeLessThanOrEqual(capacity.capacity);
    }
  });
});
