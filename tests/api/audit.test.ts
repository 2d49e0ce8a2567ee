import { describe, expect, it } from 'vitest';
import { createTestApp } from '../support/test-app.js';

const t = await createTestApp();

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
