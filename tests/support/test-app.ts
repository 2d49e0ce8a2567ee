import crypto from 'node:crypto';
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { buildApp, type BuiltApp } from '../../src/server/app.js';
import type { Role } from '../../src/shared/permissions.js';
import { loadConfig } from '../../src/server/config.js';
import { openPglite, openPostgres, type Database } from '../../src/server/db/client.js';
import { migrate } from '../../src/server/db/migrate.js';

export const usesPostgres = !!process.env.TEST_DATABASE_URL;

/** A fresh database for one test file: a copy of the migrated PGlite template, or a new PostgreSQL database. */
export async function createTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const template = fs.readFileSync(inject('pgliteTemplate'));
    const client = await PGlite.create({ loadDataDir: new Blob([template]) });
    return openPglite(client);
  }
  const name = `test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const database = openPostgres(dbUrl.toString(), { poolSize: 20 });
  await migrate(database);
  const close = database.close;
  return {
    ...database,
    async close() {
      await close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export interface TestClock {
  now: () => Date;
  set(date: Date | string): void;
  advance(ms: number): void;
}

export function createClock(start = new Date()): TestClock {
  let current = new Date(start);
  let frozen = false;
  return {
    now: () => (frozen ? new Date(current) : new Date()),
    set(date) {
      current = new Date(date);
      frozen = true;
    },
    advance(ms) {
      if (!frozen) {
        current = new Date();
        frozen = true;
      }
      current = new Date(current.getTime() + ms);
    },
  };
}

export const adminCredentials = { username: 'organizer', password: 'correct horse battery staple' };

/** The two-factor secrets' key of every test app (SECRETS_KEY), so none writes one into ./data. */
export const testSecretsKey = Buffer.alloc(32, 7).toString('base64');

/** The app on a fresh database with one admin account; closed after the file's tests. */
export async function createTestApp(env: Record<string, string> = {}) {
  const database = await createTestDatabase();
  const clock = createClock();
  // Rate limits are off unless a test turns them on: most tests send many writes from one address.
  const config = loadConfig({ NODE_ENV: 'test', PORT: '5000', RATE_LIMITS: 'off', SECRETS_KEY: testSecretsKey, ...env });
  const built = await buildApp({ config, database, now: clock.now });
  await built.services.auth.upsertAdmin(adminCredentials.username, adminCredentials.password);
  afterAll(async () => {
    await built.app.close();
    await database.close();
  });
  const { app } = built;

  async function signIn(credentials: { username: string; password: string }): Promise<string> {
    const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: credentials });
    if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
    const cookie = response.cookies.find((c) => c.name === 'sid');
    return `sid=${cookie!.value}`;
  }

  /** The owner's session (the account every test file starts with). */
  const login = () => signIn(adminCredentials);

  /** A session of an account with this role, made on first use (username `<role>-account`). */
  async function loginAs(role: Role): Promise<string> {
    const credentials = { username: `${role}-account`, password: adminCredentials.password };
    await built.services.auth.upsertAdmin(credentials.username, credentials.password, role);
    return signIn(credentials);
  }

  return { ...built, database, clock, config, login, loginAs };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** The owner account of every test file, made on `built`'s database, signed in: its session cookie. */
export async function signInOwner(built: Pick<BuiltApp, 'app' | 'services'>): Promise<string> {
  await built.services.auth.upsertAdmin(adminCredentials.username, adminCredentials.password);
  const response = await built.app.inject({ method: 'POST', url: '/api/auth/login', payload: adminCredentials });
  const cookie = response.cookies.find((c) => c.name === 'sid');
  if (response.statusCode !== 200 || !cookie) throw new Error(`login failed: ${response.body}`);
  return `sid=${cookie.value}`;
}
