import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKUP_FORMAT, restoreBackup } from '../../src/server/ops/backup.js';
import { send, startServerProcess, stopServerProcess, waitUntilReady, type ServerProcess } from '../support/server-process.js';
import { createTestDatabase } from '../support/test-app.js';

/**
 * The embedded database belongs to one process: maintenance commands run against a
 * live site on PGlite refuse at once and change nothing; a lock left by `kill -9` is taken over.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'maintenance-'));
const admin = { username: 'organizer', password: 'first-password-123' };
let site: ServerProcess;

function runCommand(script: string, args: string[] = []): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `scripts/${script}.ts`, ...args], {
      cwd: process.cwd(),
      env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production', PAYMENTS: 'demo', DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

async function signIn(instance: ServerProcess, password: string): Promise<{ status: number; cookie: string }> {
  const response = await send(instance, 'POST', '/api/auth/login', { body: { username: admin.username, password } });
  return { status: response.status, cookie: (response.headers.get('set-cookie') ?? '').split(';')[0] };
}

const startSite = () => startServerProcess('site', { DATA_DIR: dataDir });

beforeAll(async () => {
  // The first account, made before the site starts: the only time a command may write to the embedded database.
  const created = await runCommand('admin-create', [admin.username, admin.password]);
  expect(created.code).toBe(0);
  site = await startSite();
  await waitUntilReady(site);
}, 120_000);

afterAll(async () => {
  await stopServerProcess(site);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('maintenance commands against a site running on the embedded database', () => {
  it('holds a lock file with the site’s pid', () => {
    expect(fs.readFileSync(path.join(dataDir, 'db.lock'), 'utf8').trim()).toBe(String(site.child.pid));
  });

  it.each([
    ['admin-create', [admin.username, 'another-password-456'], 'then run npm run admin:create again'],
    ['seed', [], 'then run npm run seed again'],
    ['db-backup', [path.join(dataDir, 'refused.ndjson.gz')], 'or download the same backup while it runs'],
    ['db-restore', [path.join(dataDir, 'missing.ndjson.gz'), '--force'], 'then run npm run db:restore again'],
  ])('%s refuses at once, says what to do and prints no success', async (script, args, instead) => {
    const result = await runCommand(script, args);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`The site is running on ${dataDir} (pid ${site.child.pid}): stop it first, ${instead}`);
    expect(result.stderr).toContain('Nothing was changed.');
    expect(result.stdout).not.toMatch(/ready|loaded|written|Restored/i);
    expect(fs.existsSync(path.join(dataDir, 'refused.ndjson.gz'))).toBe(false);
  }, 60_000);

  it('keeps the old password after a refused admin:create, and the site keeps running', async () => {
    expect((await signIn(site, 'another-password-456')).status).toBe(401);
    expect((await signIn(site, admin.password)).status).toBe(200);
  });

  it('refuses a second site on the same folder', async () => {
    const second = await startSite();
    expect(await second.exited).toBe(1);
    expect(second.output.join('\n')).toContain(`The site is already running on ${dataDir} (pid ${site.child.pid}): stop it first`);
  }, 60_000);

  it('lets the organizer download a backup in db:backup’s format while the site runs', async () => {
    expect((await fetch(`${site.url}/api/admin/backup`)).status).toBe(401);
    const { cookie } = await signIn(site, admin.password);
    const response = await fetch(`${site.url}/api/admin/backup`, { headers: { cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/gzip');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="backup-.+\.ndjson\.gz"$/);
    const body = Buffer.from(await response.arrayBuffer());
    const lines = zlib.gunzipSync(body).toString('utf8').trim().split('\n');
    expect(JSON.parse(lines[0])).toMatchObject({ format: BACKUP_FORMAT, version: 1, database: 'pglite' });
    expect(JSON.parse(lines.at(-1)!)).toMatchObject({ end: true });
    // It restores like any db:backup file, and holds the account.
    const target = await createTestDatabase();
    try {
      const summary = await restoreBackup(target, Readable.from([body]));
      expect(summary.tables.admin_users).toBe(1);
    } finally {
      await target.close();
    }
  }, 60_000);

  it('takes over the lock of a site killed with kill -9, so commands work again', async () => {
    site.child.kill('SIGKILL');
    await site.exited;
    // The dead site's lock is still there.
    expect(fs.readFileSync(path.join(dataDir, 'db.lock'), 'utf8').trim()).toBe(String(site.child.pid));
    const result = await runCommand('admin-create', [admin.username, 'after-the-crash-789']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Admin account ready.');
    // The command released its lock; the site starts, and the new password is the one that works.
    expect(fs.existsSync(path.join(dataDir, 'db.lock'))).toBe(false);
    site = await startSite();
    await waitUntilReady(site);
    expect((await signIn(site, 'after-the-crash-789')).status).toBe(200);
    expect((await signIn(site, admin.password)).status).toBe(401);
  }, 120_000);
});
