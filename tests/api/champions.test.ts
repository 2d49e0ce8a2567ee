import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/server/db/schema.js';
import { championInput } from '../support/factories.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.login();
});

const champion = (overrides: Record<string, unknown> = {}) => championInput({ tournamentId: '', teamId: '', ...overrides });

describe('champions', () => {
  it('adds, lists newest first, updates and deletes a champion; empty ids are stored as absent', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/champions', headers: { cookie }, payload: champion() });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ teamName: 'Night Owls', currency: 'EUR', tournamentId: null, teamId: null, playerNames: ['Ace#EUW', 'Blaze#EUW'] });
    const older = await t.app.inject({ method: 'POST', url: '/api/champions', headers: { cookie }, payload: champion({ teamName: 'Old Guard', tournamentDate: '2025-01-01T00:00:00.000Z', placement: 2 }) });
    expect(older.statusCode).toBe(201);

    const list = (await t.app.inject({ method: 'GET', url: '/api/champions' })).json();
    expect(list.map((c: { teamName: string }) => c.teamName)).toEqual(['Night Owls', 'Old Guard']);

    const id = created.json().id;
    const updated = await t.app.inject({ method: 'PUT', url: `/api/champions/${id}`, headers: { cookie }, payload: champion({ teamName: 'Night Owls Esports', highlights: [] }) });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ teamName: 'Night Owls Esports', highlights: [] });

    expect((await t.app.inject({ method: 'DELETE', url: `/api/champions/${id}`, headers: { cookie } })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'PUT', url: `/api/champions/${id}`, headers: { cookie }, payload: champion() })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/champions/${id}`, headers: { cookie } })).statusCode).toBe(404);
  });

  it('deletes only for a signed-in organizer, refuses an id that is not one, and the public list drops it at once', async () => {
    const { id } = (await t.app.inject({ method: 'POST', url: '/api/champions', headers: { cookie }, payload: champion({ teamName: 'Short Lived' }) })).json();
    // Read once, so the cached public list holds it.
    expect((await t.app.inject({ method: 'GET', url: '/api/champions' })).json().map((c: { id: string }) => c.id)).toContain(id);

    expect((await t.app.inject({ method: 'DELETE', url: `/api/champions/${id}` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/champions/${id}`, headers: { cookie: 'sid=made-up' } })).statusCode).toBe(401);
    const bad = await t.app.inject({ method: 'DELETE', url: '/api/champions/not-an-id', headers: { cookie } });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Not a valid id');

    expect((await t.app.inject({ method: 'DELETE', url: `/api/champions/${id}`, headers: { cookie } })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/api/champions' })).json().map((c: { id: string }) => c.id)).not.toContain(id);
    // The Activity tab says who deleted it and what it was.
    const [entry] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'champion.delete'), eq(auditLog.targetId, id)));
    expect(entry).toMatchObject({ actor: 'organizer', targetType: 'champion', targetId: id, before: { id } });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/champions/${id}`, headers: { cookie } })).statusCode).toBe(404);
  });

  it('reports each validation message of the champion form', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/champions',
      headers: { cookie },
      payload: { placement: 0, teamName: '', tournamentName: '', tournamentDate: '', playerNames: [] , highlights: [{ title: '', url: 'not a url', type: 'youtube' }] },
    });
    expect(response.statusCode).toBe(400);
    const messages = Object.fromEntries(response.json().issues.map((i: { path: string; message: string }) => [i.path, i.message]));
    expect(messages).toEqual({
      placement: 'Placement must be at least 1',
      teamName: 'Team name is required',
      tournamentName: 'Tournament name is required',
      tournamentDate: 'Tournament date is required',
      playerNames: 'At least one player is required',
      'highlights.0.title': 'Highlight title is required',
      'highlights.0.url': 'Must be a valid URL',
    });
    const unknownTournament = await t.app.inject({ method: 'POST', url: '/api/champions', headers: { cookie }, payload: champion({ tournamentId: '00000000-0000-4000-8000-000000000000' }) });
    expect(unknownTournament.statusCode).toBe(400);
    expect(unknownTournament.json().error).toBe('Unknown tournament or team');
    const emptyPlayer = await t.app.inject({ method: 'POST', url: '/api/champions', headers: { cookie }, payload: champion({ playerNames: ['Ace', ' '] }) });
    expect(emptyPlayer.json().issues).toEqual([{ path: 'playerNames.1', message: 'Player name cannot be empty' }]);
  });
});
