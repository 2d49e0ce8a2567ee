import { beforeAll, describe, expect, it } from 'vitest';
import { createOpenTournament, tournamentInput } from '../support/factories.js';
import { createTestApp, usesPostgres, type TestApp } from '../support/test-app.js';

let t: TestApp;
let cookie: string;

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
