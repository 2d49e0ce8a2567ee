import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import type { Database } from '../../src/server/db/client.js';
import { startBanner } from '../../src/server/ops/start-banner.js';
import { createTestDatabase } from '../support/test-app.js';

/** A fresh install: no organizer account, none configured, so the first organizer is made in the browser. */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'first-run-'));
let built: BuiltApp;
let database: Database;
let code: string | null;

beforeAll(async () => {
  database = await createTestDatabase();
  built = await buildApp({ config: loadConfig({ NODE_ENV: 'test', PORT: '5000', RATE_LIMITS: 'off', DATA_DIR: dataDir }), database });
  code = await built.services.setup.prepare();
});

afterAll(async () => {
  await built.app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const status = async () => (await built.app.inject({ method: 'GET', url: '/api/auth/setup' })).json();
const claim = (body: object) => built.app.inject({ method: 'POST', url: '/api/auth/setup', payload: body });

describe('first-run setup', () => {
  it('writes a one-time code to DATA_DIR/setup-code, readable by the owner only, and says setup is needed', async () => {
    expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    const file = path.join(dataDir, 'setup-code');
    expect(fs.readFileSync(file, 'utf8').trim()).toBe(code);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    // A restart before anyone used it keeps the printed code valid.
    expect(await built.services.setup.prepare()).toBe(code);
    expect(await status()).toEqual({ needed: true });
  });

  it('checks the form with the shared schema', async () => {
    const response = await claim({ code: '', username: 'owner', password: 'short' });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toEqual([
      { path: 'code', message: 'Setup code is required' },
      { path: 'password', message: 'Password must be at least 12 characters' },
    ]);
  });

  it('refuses a wrong code with 403 and creates nothing', async () => {
    const response = await claim({ code: 'AAAA-BBBB-CCCC-DDDD', username: 'stranger', password: 'stranger-password-1' });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe('Wrong setup code: use the code printed when the site started (also in DATA_DIR/setup-code).');
    expect(response.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    expect(await status()).toEqual({ needed: true });
  });

  it('creates the owner with the right code (any case) and signs them in', async () => {
    const response = await claim({ code: code!.toLowerCase(), username: 'owner', password: 'owner-password-123' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ username: 'owner', role: 'owner', twoFactorEnabled: false, mustEnrolTwoFactor: false });
    const sid = response.cookies.find((c) => c.name === 'sid');
    expect(sid?.httpOnly).toBe(true);
    const me = await built.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: `sid=${sid!.value}` } });
    expect(me.json()).toEqual({ username: 'owner', role: 'owner', twoFactorEnabled: false, mustEnrolTwoFactor: false });
    // The code is used up: its file is gone, and the setup page is no longer the way in.
    expect(fs.existsSync(path.join(dataDir, 'setup-code'))).toBe(false);
    expect(await status()).toEqual({ needed: false });
    const signIn = await built.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'owner', password: 'owner-password-123' } });
    expect(signIn.statusCode).toBe(200);
  });

  it('answers 409 once an account exists, even with the code that worked', async () => {
    const response = await claim({ code: code!, username: 'second', password: 'second-password-1' });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe('The site is already set up: sign in instead.');
    // No code is printed or written when an account exists.
    expect(await built.services.setup.prepare()).toBeNull();
    expect(fs.existsSync(path.join(dataDir, 'setup-code'))).toBe(false);
  });
});

describe('a configured account (ADMIN_USERNAME, ADMIN_PASSWORD)', () => {
  it('skips the setup page', async () => {
    const configured = await createTestDatabase();
    const config = loadConfig({ NODE_ENV: 'test', PORT: '5000', DATA_DIR: dataDir, ADMIN_USERNAME: 'boss', ADMIN_PASSWORD: 'configured-password-1' });
    const app = await buildApp({ config, database: configured });
    try {
      await app.services.auth.bootstrapAdmin(config.admin);
      expect((await app.app.inject({ method: 'GET', url: '/api/auth/setup' })).json()).toEqual({ needed: false });
    } finally {
      await app.app.close();
      await configured.close();
    }
  });
});

describe('the start-up banner', () => {
  it('says where the site is, where to set up with which code, and how to load the demo season', () => {
    const banner = startBanner({ siteName: 'Clutch Cup', publicOrigin: 'http://localhost:5000', setupCode: 'ABCD-EFGH-JKLM-NPQR', setupCodeFile: './data/setup-code', storage: 'embedded database in ./data' });
    expect(banner).toContain('| Clutch Cup is running at http://localhost:5000 (embedded database in ./data)');
    expect(banner).toContain('| First run: create the organizer account at http://localhost:5000/admin/setup');
    expect(banner).toContain('|   Setup code: ABCD-EFGH-JKLM-NPQR');
    expect(banner).toContain('npm run seed');
    const framed = banner.trim().split('\n');
    expect(new Set(framed.map((line) => line.length)).size).toBe(1);
    expect(startBanner({ siteName: 'Clutch Cup', publicOrigin: 'https://cup.example', setupCode: null, setupCodeFile: '', storage: 'PostgreSQL' })).toContain(
      '| Organizers sign in at https://cup.example/admin/login',
    );
  });
});
