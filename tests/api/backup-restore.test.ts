import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createSecretBox } from '../../src/server/auth/secret-box.js';
import { createTwoFactorService } from '../../src/server/auth/two-factor.js';
import { systemActor } from '../../src/server/audit/log.js';
import { createChampionService } from '../../src/server/champions/service.js';
import { openPglite, queryRows, type Database } from '../../src/server/db/client.js';
import { createEventHub } from '../../src/server/events/hub.js';
import { backupToFile, holdsData, RestoreError, restoreFromFile } from '../../src/server/ops/backup.js';
import { seedDemoSeason } from '../../src/server/seed/demo-season.js';
import { createTeamService } from '../../src/server/teams/service.js';
import { createTournamentService } from '../../src/server/tournaments/service.js';
import { createOpenTournament, registerTeam } from '../support/factories.js';
import { createTestApp, createTestDatabase, testSecretsKey, usesPostgres, type TestApp } from '../support/test-app.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-test-'));
const opened: Database[] = [];
let t: TestApp;
let backupFile: string;

/** What a visitor and an organizer can see, read through the services, plus every row of every table. */
async function snapshot(database: Database) {
  const now = () => new Date('2026-01-01T00:00:00Z');
  const tournaments = createTournamentService(database.db, now, createEventHub());
  const teams = createTeamService(database.db, now, 30, createEventHub());
  const list = await tournaments.list();
  const teamsByTournament = Object.fromEntries(
    await Promise.all(list.map(async (tournament) => [tournament.id, await teams.list(tournament.id, { isAdmin: true })])),
  );
  const tables = await queryRows<{ name: string }>(
    database.db,
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not in ('schema_migrations', 'rate_limits') order by table_name`,
  );
  const rows: Record<string, unknown[]> = {};
  for (const { name } of tables) {
    rows[name] = await queryRows(database.db, sql`select to_jsonb(t)::jsonb as row from ${sql.identifier(name)} t order by to_jsonb(t)::text`);
  }
  return { tournaments: list, teams: teamsByTournament, champions: await createChampionService(database.db, () => new Date(), createEventHub()).list(), rows };
}

async function freshPglite(): Promise<Database> {
  const client = await PGlite.create({ loadDataDir: new Blob([fs.readFileSync(inject('pgliteTemplate'))]) });
  const database = openPglite(client);
  opened.push(database);
  return database;
}

async function freshDatabase(): Promise<Database> {
  const database = await createTestDatabase();
  opened.push(database);
  return database;
}

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoSeason(t.database.db, t.services);
  await t.services.contact.submit({
    name: 'Jamie Rivera',
    email: 'jamie@example.com',
    subject: 'Refund question',
    message: 'Can we still swap our substitute after paying?',
  });
  await t.database.withConnection((exec) => exec(`insert into audit_log (actor, action) values ('organizer', 'auth.sign_in'), ('organizer', 'tournament.create')`));
  backupFile = path.join(dir, 'season.ndjson.gz');
  await backupToFile(t.database, backupFile);
});

afterAll(async () => {
  for (const database of opened) await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('backup and restore', () => {
  it('gives back every tournament, team with its members, champion and message in a fresh database', async () => {
    const original = await snapshot(t.database);
    expect(original.tournaments).toHaveLength(1);
    expect(Object.values(original.teams)[0]).toHaveLength(12);
    expect(original.champions.length).toBeGreaterThanOrEqual(4);
    expect(original.rows.team_members.length).toBeGreaterThanOrEqual(60);
    expect(original.rows.contact_messages).toHaveLength(1);
    expect(original.rows.admin_users).toHaveLength(1);

    const target = await freshDatabase();
    const summary = await restoreFromFile(target, backupFile);
    expect(summary.tables.teams).toBe(12);
    expect(await snapshot(target)).toEqual(original);
    // Serial ids go on after the restored ones: the next audit entry does not collide.
    const { rows } = await target.withConnection((exec) => exec(`insert into audit_log (actor, action) values ('organizer', 'auth.sign_out') returning id`));
    expect(Number(rows[0].id)).toBe(Math.max(...original.rows.audit_log.map((entry) => Number((entry as { row: { id: number } }).row.id))) + 1);
  });

  it('writes the same rows again from the restored database', async () => {
    const target = await freshDatabase();
    await restoreFromFile(target, backupFile);
    const again = path.join(dir, 'again.ndjson.gz');
    await backupToFile(target, again);
    const body = (file: string) => zlib.gunzipSync(fs.readFileSync(file)).toString('utf8').split('\n').slice(1);
    expect(body(again)).toEqual(body(backupFile));
  });

  it('refuses a database that holds data unless forced, and then replaces all of it', async () => {
    const target = await freshDatabase();
    await createTournamentService(target.db, () => new Date(), createEventHub()).create({
      name: 'Leftover Cup',
      description: null,
      format: '5v5',
      prizePool: '10.00',
      entryFee: '1.00',
      currency: 'USD',
      maxTeams: 8,
      registrationCloses: '2030-01-01T00:00:00.000Z',
      tournamentDate: '2030-01-02T00:00:00.000Z',
      rules: null,
    }, systemActor('test'));
    await expect(restoreFromFile(target, backupFile)).rejects.toThrow(/already holds data/);
    expect((await createTournamentService(target.db, () => new Date(), createEventHub()).list()).map((x) => x.name)).toEqual(['Leftover Cup']);

    await restoreFromFile(target, backupFile, { force: true });
    expect(await snapshot(target)).toEqual(await snapshot(t.database));
  });

  it('restores nothing from a damaged backup', async () => {
    const lines = zlib.gunzipSync(fs.readFileSync(backupFile)).toString('utf8').split('\n');
    const withoutARow = lines.filter((_, index) => index !== lines.findIndex((line) => line.startsWith('{"id": ')));
    const damaged = path.join(dir, 'damaged.ndjson');
    fs.writeFileSync(damaged, withoutARow.join('\n'));
    const target = await freshDatabase();
    await expect(restoreFromFile(target, damaged)).rejects.toThrow(RestoreError);
    expect(await holdsData(target)).toBe(false);

    const cut = path.join(dir, 'cut.ndjson');
    fs.writeFileSync(cut, lines.slice(0, 10).join('\n'));
    await expect(restoreFromFile(target, cut)).rejects.toThrow(/incomplete/);
    expect(await holdsData(target)).toBe(false);

    const newer = path.join(dir, 'newer.ndjson');
    const header = JSON.parse(lines[0]) as { migrations: string[] };
    fs.writeFileSync(newer, [JSON.stringify({ ...header, migrations: [...header.migrations, '9999_from_the_future'] }), ...lines.slice(1)].join('\n'));
    await expect(restoreFromFile(target, newer)).rejects.toThrow(/newer version/);

    const foreign = path.join(dir, 'foreign.json');
    fs.writeFileSync(foreign, '{"hello":"world"}\n');
    await expect(restoreFromFile(target, foreign)).rejects.toThrow(/not a backup/);
  });

  it.skipIf(!usesPostgres)('moves a PostgreSQL database into the embedded one (skipped without TEST_DATABASE_URL: both sides would be PGlite)', async () => {
    const target = await freshPglite();
    await restoreFromFile(target, backupFile);
    expect(await snapshot(target)).toEqual(await snapshot(t.database));
  });
});

describe('two-factor secrets in a backup', () => {
  let site: TestApp;
  let secret: string;
  let recoveryCodes: string[];
  let file: string;
  const password = 'a long enough password';

  beforeAll(async () => {
    site = await createTestApp();
    site.clock.set(new Date());
    await site.services.auth.upsertAdmin('guarded', password, 'owner');
    const login = await site.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'guarded', password } });
    const cookie = `sid=${login.cookies.find((c) => c.name === 'sid')!.value}`;
    secret = ((await site.app.inject({ method: 'POST', url: '/api/auth/two-factor/setup', headers: { cookie } })).json() as { secret: string }).secret;
    const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: site.clock.now().getTime() });
    const enabled = await site.app.inject({ method: 'POST', url: '/api/auth/two-factor/enable', headers: { cookie }, payload: { code, currentPassword: password } });
    expect(enabled.statusCode, enabled.body).toBe(200);
    recoveryCodes = (enabled.json() as { recoveryCodes: string[] }).recoveryCodes;
    // The owner's download, with a fresh code (the enrolment gave one).
    const download = await site.app.inject({ method: 'GET', url: '/api/admin/backup', headers: { cookie } });
    expect(download.statusCode, download.body).toBe(200);
    file = path.join(dir, 'with-two-factor.ndjson.gz');
    fs.writeFileSync(file, download.rawPayload);
  });

  /** A sign-in's code step on a restored database, with the site's key. */
  async function codeStep(database: Database, key: Buffer, code: string) {
    const at = site.clock.now();
    const twoFactor = createTwoFactorService(database.db, () => at, { issuer: async () => 'Site', box: createSecretBox(key) });
    const [account] = await queryRows<{ id: string }>(database.db, sql`select id from admin_users where username = 'guarded'`);
    const challenge = await twoFactor.startChallenge(account.id);
    return twoFactor.completeChallenge(challenge, { id: account.id, username: 'guarded' }, code, 'test').then(
      () => 'signed in',
      (error: unknown) => (error as Error).message,
    );
  }
  const nextCode = () => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: site.clock.now().getTime() + 30_000 });

  it('keeps them encrypted: the file holds neither the secret nor the recovery codes', () => {
    const body = zlib.gunzipSync(fs.readFileSync(file)).toString('utf8');
    expect(body).toContain('enc:v1:');
    expect(body).not.toContain(secret);
    for (const code of recoveryCodes) expect(body).not.toContain(code);
  });

  it('restored on a site with the same key: app codes sign in', async () => {
    const target = await freshDatabase();
    await restoreFromFile(target, file);
    expect(await codeStep(target, Buffer.from(testSecretsKey, 'base64'), nextCode())).toBe('signed in');
  });

  it('restored on a site with another key: start-up names the account, app codes fail, a recovery code still signs in', async () => {
    const target = await freshDatabase();
    await restoreFromFile(target, file);
    const otherKey = crypto.randomBytes(32);
    const twoFactor = createTwoFactorService(target.db, () => site.clock.now(), { issuer: async () => 'Site', box: createSecretBox(otherKey) });
    expect((await twoFactor.sealSecretsAtStart()).otherKey).toEqual([{ username: 'guarded', keyId: createSecretBox(Buffer.from(testSecretsKey, 'base64')).keyId }]);
    expect(await codeStep(target, otherKey, nextCode())).toBe('That code is not right');
    expect(await codeStep(target, otherKey, recoveryCodes[0])).toBe('signed in');
  });
});

/** The tables whose text holds `needle`, as "table" (any column, case-insensitive). */
async function tablesHolding(database: Database, needle: string): Promise<string[]> {
  const tables = await queryRows<{ name: string }>(database.db, sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`);
  const found: string[] = [];
  for (const { name } of tables) {
    const rows = await queryRows(database.db, sql`select 1 from ${sql.identifier(name)} t where to_jsonb(t)::text ilike ${`%${needle}%`} limit 1`);
    if (rows.length) found.push(name);
  }
  return found;
}

// Last in the file: it restores over the app's own database.
describe('an erasure made after a backup', () => {
  it('survives restoring that backup: the team is erased again in the restore, its old link opens nothing, and the ledger stays', async () => {
    const cookie = await t.login();
    const tournament = await createOpenTournament(t, cookie, { name: 'Restore Cup', entryFee: '0' });
    const team = await registerTeam(t.app, tournament.id, { name: 'Restored_Ravens*', captainDiscord: 'ravencaptain', captainEmail: 'raven@example.com' });
    await t.services.contact.submit({ name: 'Raven', email: 'raven@example.com', subject: 'Our logo, please', message: 'Could you update our logo before the bracket is drawn?' });
    const personal = ['Restored_Ravens', 'ravencaptain', 'raven@example.com', 'update our logo'];
    for (const needle of personal) expect(await tablesHolding(t.database, needle), needle).not.toEqual([]);
    const beforeErasure = path.join(dir, 'before-erasure.ndjson.gz');
    await backupToFile(t.database, beforeErasure);

    expect((await t.app.inject({ method: 'POST', url: `/api/manage/${team.id}/withdraw`, headers: team.teamLink })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: `/api/manage/${team.id}/erase`, headers: team.teamLink })).statusCode).toBe(204);
    for (const needle of personal) expect(await tablesHolding(t.database, needle), needle).toEqual([]);

    for (let restore = 1; restore <= 2; restore++) {
      const summary = await restoreFromFile(t.database, beforeErasure, { force: true });
      for (const needle of personal) expect(await tablesHolding(t.database, needle), `${needle} after restore ${restore}`).toEqual([]);
      expect((await t.app.inject({ method: 'GET', url: `/api/manage/${team.id}`, headers: team.teamLink })).statusCode).toBe(404);
      expect(summary.erasedAgain, `restore ${restore}`).toEqual([team.id]);
      const ledger = await queryRows<{ reason: string }>(t.database.db, sql`select reason from erasure_ledger where team_id = ${team.id}`);
      expect(ledger).toEqual([{ reason: 'request' }]);
    }
  });
});
