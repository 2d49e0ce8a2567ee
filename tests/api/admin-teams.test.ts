import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTeamsCsv } from '../../src/shared/csv-export.js';
import type { Team } from '../../src/shared/schemas/team.js';
import { createOpenTournament, registerTeam, tournamentInput } from '../support/factories.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.login();
});

// Whatever a test did, each tournament's counter of held spots equals its teams holding one.
afterEach(async () => expect(await t.services.teams.checkHeldSpots()).toEqual([]));

const read = (query: string, headers: Record<string, string> = { cookie }) => t.app.inject({ method: 'GET', url: `/api/admin/teams${query}`, headers });

describe('GET /api/admin/teams (the Teams tab of any tournament)', () => {
  it("without an id answers [] when nothing is live, then the live tournament's teams", async () => {
    const none = await read('');
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual([]);

    const live = await createOpenTournament(t, cookie, { name: 'Live Cup' });
    await registerTeam(t.app, live.id, { name: 'Live Squad' });
    const teams = (await read('')).json() as Team[];
    expect(teams.map((team) => team.name)).toEqual(['Live Squad']);
  });

  it("reads a tournament that is not live, with the organizer's private fields, never cached", async () => {
    const earlier = await createOpenTournament(t, cookie, { name: 'Earlier Cup' });
    await registerTeam(t.app, earlier.id, { name: 'Earlier Squad', captainEmail: 'captain@example.com' });
    await createOpenTournament(t, cookie, { name: 'Later Cup' }); // now the live one
    const response = await read(`?tournamentId=${earlier.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const teams = response.json() as Team[];
    expect(teams.map((team) => team.name)).toEqual(['Earlier Squad']);
    expect(teams[0]).toMatchObject({ tournamentId: earlier.id, paymentStatus: 'pending', captainEmail: 'captain@example.com' });
    expect(teams[0].captainDiscord).toMatch(/^captain/);

    // The export the Teams tab builds from this read: that tournament's teams only, e-mail included.
    const lines = buildTeamsCsv(teams).trimEnd().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^Earlier Squad,captain\d+,/);
    expect(lines[1]).toContain('captain@example.com');
  });

  it('lists teams of an inactive tournament too', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/tournaments', headers: { cookie }, payload: tournamentInput({ name: 'Draft Cup' }) });
    const response = await read(`?tournamentId=${created.json().id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it('refuses an id that is not one (400) and answers 404 for an unknown or deleted tournament', async () => {
    const bad = await read('?tournamentId=not-an-id');
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('Not a valid id');

    const unknown = await read('?tournamentId=00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toMatch(/Tournament/);

    const created = await t.app.inject({ method: 'POST', url: '/api/tournaments', headers: { cookie }, payload: tournamentInput({ name: 'Gone Cup' }) });
    const id = created.json().id as string;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/tournaments/${id}`, headers: { cookie } })).statusCode).toBe(204);
    expect((await read(`?tournamentId=${id}`)).statusCode).toBe(404);
  });

  it('answers 401 without a session, with a made-up one and after signing out', async () => {
    const live = await createOpenTournament(t, cookie, { name: 'Private Cup' });
    expect((await read(`?tournamentId=${live.id}`, {})).statusCode).toBe(401);
    expect((await read('', {})).statusCode).toBe(401);
    expect((await read(`?tournamentId=${live.id}`, { cookie: 'sid=made-up' })).statusCode).toBe(401);

    const session = await t.login();
    expect((await read('', { cookie: session })).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: session } });
    expect((await read('', { cookie: session })).statusCode).toBe(401);
  });
});
