import { describe, expect, it } from 'vitest';
import type { AuditPage } from '../../src/shared/schemas/audit.js';
import { tournamentInput } from '../support/factories.js';
import { createTestApp } from '../support/test-app.js';

const t = await createTestApp();

async function activity(cookie: string, query = ''): Promise<AuditPage> {
  const response = await t.app.inject({ method: 'GET', url: `/api/admin/audit${query}`, headers: { cookie } });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('audit log', () => {
  it('is append-only: UPDATE and DELETE are refused by the database itself', async () => {
    await t.database.withConnection((exec) => exec(`insert into audit_log (actor, action) values ('organizer', 'auth.sign_in')`));
    await expect(t.database.withConnection((exec) => exec(`update audit_log set actor = 'someone else'`))).rejects.toThrow(/append-only/);
    await expect(t.database.withConnection((exec) => exec(`delete from audit_log`))).rejects.toThrow(/append-only/);
    const { rows } = await t.database.withConnection((exec) => exec(`select actor from audit_log`));
    expect(rows).toEqual([{ actor: 'organizer' }]);
  });

  it('is read by organizers only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/audit' })).statusCode).toBe(401);
    const cookie = await t.login();
    const bad = await t.app.inject({ method: 'GET', url: '/api/admin/audit?limit=0', headers: { cookie } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('Limit must be at least 1');
  });
});

describe('what the audit log records', () => {
  it('records a champion added and edited, with before and after, the organizer and the request id', async () => {
    const cookie = await t.login();
    const input = { placement: 1, teamName: 'Night Owls', tournamentName: 'Autumn Cup', tournamentDate: '2026-10-01T18:00:00.000Z', playerNames: ['Ace'], highlights: [], currency: 'USD' };
    const created = await t.app.inject({ method: 'POST', url: '/api/champions', headers: { cookie }, payload: input });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    const updated = await t.app.inject({ method: 'PUT', url: `/api/champions/${id}`, headers: { cookie }, payload: { ...input, teamName: 'Night Owls Academy', prizeAmount: '500' } });
    expect(updated.statusCode).toBe(200);

    const { entries } = await activity(cookie);
    const [edit, add] = entries.filter((entry) => entry.targetId === id);
    expect(add).toMatchObject({ actor: 'organizer', action: 'champion.create', targetType: 'champion', before: null, after: { placement: 1, tournamentName: 'Autumn Cup' } });
    expect(edit).toMatchObject({ action: 'champion.update', before: { prizeAmount: null }, after: { prizeAmount: '500' } });
    // Names are read at listing time, never stored in the append-only log: an erasure can remove them.
    expect(edit.targetName).toBe('Night Owls Academy');
    expect(JSON.stringify([add.after, edit.before, edit.after])).not.toMatch(/Night Owls|Ace/);
    expect(edit.requestId).toBe(updated.headers['x-request-id']);

    // A write that fails records nothing.
    const missing = await t.app.inject({ method: 'PUT', url: '/api/champions/00000000-0000-4000-8000-000000000000', headers: { cookie }, payload: input });
    expect(missing.statusCode).toBe(404);
    expect((await activity(cookie)).entries.filter((entry) => entry.action === 'champion.update')).toHaveLength(1);
  });

  it('pages newest first with a cursor', async () => {
    const cookie = await t.login();
    const first = await activity(cookie, '?limit=1');
    expect(first.entries).toHaveLength(1);
    expect(first.nextBefore).toBe(first.entries[0].id);
    const second = await activity(cookie, `?limit=1&before=${first.nextBefore}`);
    expect(second.entries[0].id).toBeLessThan(first.entries[0].id);
  });
});

describe('tournament actions', () => {
  it('records create, edit, registration switch, set live and delete, each with the tournament as target', async () => {
    const cookie = await t.login();
    const input = tournamentInput({ name: 'Audit Cup' });
    const created = await t.app.inject({ method: 'POST', url: '/api/tournaments', headers: { cookie }, payload: input });
    const id = created.json().id as string;
    await t.app.inject({ method: 'PUT', url: `/api/tournaments/${id}`, headers: { cookie }, payload: { ...input, name: 'Audit Cup Finals' } });
    await t.app.inject({ method: 'PATCH', url: `/api/tournaments/${id}/set-active`, headers: { cookie } });
    await t.app.inject({ method: 'PATCH', url: `/api/tournaments/${id}/registration`, headers: { cookie }, payload: { isOpen: true } });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/tournaments/${id}`, headers: { cookie } })).statusCode).toBe(204);

    const { entries } = await activity(cookie, `?tournamentId=${id}`);
    expect(entries.map((entry) => entry.action)).toEqual(['tournament.delete', 'tournament.registration', 'tournament.set_live', 'tournament.update', 'tournament.create']);
    expect(entries.every((entry) => entry.targetType === 'tournament' && entry.targetId === id && entry.actor === 'organizer')).toBe(true);
    const byAction = Object.fromEntries(entries.map((entry) => [entry.action, entry]));
    expect(byAction['tournament.update']).toMatchObject({ before: { name: 'Audit Cup' }, after: { name: 'Audit Cup Finals' } });
    expect(byAction['tournament.registration']).toMatchObject({ before: { registrationOpen: false }, after: { registrationOpen: true } });
    expect(byAction['tournament.set_live']).toMatchObject({ before: { status: 'inactive' }, after: { status: 'active' } });
  });
});

describe('sign-in actions', () => {
  it('records a sign-in, a wrong password for an existing account (not for a made-up name) and a sign-out', async () => {
    const wrong = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'organizer', password: 'not the password at all' } });
    expect(wrong.statusCode).toBe(401);
    await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'nobody-here', password: 'not the password at all' } });
    const cookie = await t.login();
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } })).statusCode).toBe(200);

    const reader = await t.login();
    const { entries } = await activity(reader);
    const recent = entries.slice(0, 4).map((entry) => [entry.action, entry.actor]);
    expect(recent).toEqual([
      ['auth.sign_in', 'organizer'],
      ['auth.sign_out', 'organizer'],
      ['auth.sign_in', 'organizer'],
      ['auth.sign_in_failed', 'organizer'],
    ]);
    expect(entries.find((entry) => entry.action === 'auth.sign_in_failed')?.requestId).toBe(wrong.headers['x-request-id']);
    expect(entries.some((entry) => entry.actor === 'nobody-here')).toBe(false);
  });
});
