import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthService } from '../../src/server/auth/service.js';
import { CHANGE_CHANNEL, openPostgres, type Database } from '../../src/server/db/client.js';
import { requestIdGenerator } from '../../src/server/ops/request-id.js';
import { teamPayload, tournamentInput } from '../support/factories.js';
import { send, startServerProcess, stopServerProcess, waitUntilReady, type ServerProcess } from '../support/server-process.js';
import { adminCredentials, usesPostgres } from '../support/test-app.js';

/**
 * The production shape: N processes behind a load balancer on one PostgreSQL. Two real server processes
 * (the sources through tsx, so no build is needed) start at once on a fresh database.
 */

/** The address visitors use: the load balancer's, shared by both processes. */
const PUBLIC_URL = 'http://tournament.test';

type Instance = ServerProcess;

const startInstance = (name: string, databaseUrl: string, dataDir: string) =>
  startServerProcess(name, {
    PUBLIC_URL,
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    TRUST_PROXY: 'true',
    // One test address sends all 100 registrations.
    RATE_LIMITS: 'off',
  });

describe.skipIf(!usesPostgres)('two server processes on one PostgreSQL (skipped: set TEST_DATABASE_URL to run them)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'multi-instance-'));
  const name = `test_multi_${crypto.randomBytes(6).toString('hex')}`;
  let databaseUrl: string;
  let database: Database;
  let a: Instance;
  let b: Instance;
  let cookie: string;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    // Both start at once on an empty database: the advisory lock must serialise their migrations.
    [a, b] = await Promise.all([startInstance('A', databaseUrl, path.join(dataDir, 'a')), startInstance('B', databaseUrl, path.join(dataDir, 'b'))]);
    await Promise.all([waitUntilReady(a), waitUntilReady(b)]);
    database = openPostgres(databaseUrl, { poolSize: 2 });
    await createAuthService(database.db, () => new Date()).upsertAdmin(adminCredentials.username, adminCredentials.password);
  }, 120_000);

  afterAll(async () => {
    for (const instance of [a, b]) await stopServerProcess(instance);
    await database?.close();
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('migrated the database once although both processes started together', async () => {
    const { rows } = await database.withConnection((exec) => exec('select tag, count(*)::int as n from schema_migrations group by tag'));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.n === 1)).toBe(true);
  });

  it('accepts on one process a session made on the other, and ends it everywhere on logout', async () => {
    const login = await send(a, 'POST', '/api/auth/login', { body: adminCredentials });
    expect(login.status).toBe(200);
    const sid = /sid=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')?.[1];
    expect(sid).toBeTruthy();
    cookie = `sid=${sid}`;
    expect((await send(b, 'GET', '/api/auth/user', { cookie })).json).toMatchObject({ username: adminCredentials.username });

    const other = await send(b, 'POST', '/api/auth/login', { body: adminCredentials });
    const otherCookie = `sid=${/sid=([^;]+)/.exec(other.headers.get('set-cookie') ?? '')?.[1]}`;
    expect((await send(b, 'POST', '/api/auth/logout', { cookie: otherCookie })).status).toBe(200);
    expect((await send(a, 'GET', '/api/auth/user', { cookie: otherCookie })).status).toBe(401);
    expect((await send(a, 'GET', '/api/auth/user', { cookie })).status).toBe(200);
  });

  it('shows a visitor polling one process an edit made on the other within 2 s', async () => {
    const created = await send(a, 'POST', '/api/tournaments', { body: tournamentInput({ name: 'Spring Split' }), cookie });
    expect(created.status).toBe(201);
    const id = String(created.json!.id);
    expect((await send(a, 'PATCH', `/api/tournaments/${id}/set-active`, { cookie })).status).toBe(200);

    // B has the old name cached (the visitor keeps polling it)...
    const poll = async () => (await send(b, 'GET', '/api/tournaments/active')).json as { name: string } | null;
    const deadline = Date.now() + 5000;
    while ((await poll())?.name !== 'Spring Split' && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await poll())?.name).toBe('Spring Split');

    // ...and the edit lands on A.
    const editedAt = Date.now();
    expect((await send(a, 'PUT', `/api/tournaments/${id}`, { body: tournamentInput({ name: 'Spring Split Finals' }), cookie })).status).toBe(200);
    let seenAfter = Infinity;
    while (Date.now() - editedAt < 2000) {
      if ((await poll())?.name === 'Spring Split Finals') {
        seenAfter = Date.now() - editedAt;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(seenAfter).toBeLessThan(2000);
  });

  it('sells exactly 16 spots to 100 captains spread over both processes', async () => {
    const created = await send(a, 'POST', '/api/tournaments', { body: tournamentInput({ name: 'Sixteen Cup', maxTeams: 16 }), cookie });
    const id = String(created.json!.id);
    await send(b, 'PATCH', `/api/tournaments/${id}/set-active`, { cookie });
    expect((await send(a, 'PATCH', `/api/tournaments/${id}/registration`, { body: { isOpen: true }, cookie })).status).toBe(200);

    const responses = await Promise.all(Array.from({ length: 100 }, (_, i) => send(i % 2 ? a : b, 'POST', '/api/teams', { body: teamPayload(id) })));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(16);
    expect(statuses.filter((s) => s === 409)).toHaveLength(84);
    // Neither process sold more than the cup holds, so each counted the other's sales. Which one sells
    // how many is the scheduler's choice (on a slow machine one can claim every spot in its first
    // batch), so the test does not ask both to sell.

    const { rows } = await database.withConnection((exec) =>
      exec(
        `select count(*)::int as n from teams where tournament_id = $1 and payment_status = 'pending' and hold_expires_at is not null and released_at is null`,
        [id],
      ),
    );
    expect(rows[0].n).toBe(16);
    for (const instance of [a, b]) expect((await send(instance, 'GET', `/api/tournaments/${id}/capacity`)).json).toMatchObject({ registered: 16 });
  });

  it('writes JSON log lines that each carry the request id, taken from the trusted proxy', async () => {
    const response = await fetch(`${a.url}/api/site`, { headers: { 'x-request-id': 'proxy-id-0123456789' } });
    expect(response.headers.get('x-request-id')).toBe('proxy-id-0123456789');
    const ours = await fetch(`${a.url}/api/site`, { headers: { 'x-request-id': 'bad id with spaces {"and": "json"}' } });
    expect(ours.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);

    // Log lines reach our pipe a moment after the response: wait for the last one.
    for (const deadline = Date.now() + 5000; !a.output.some((line) => line.includes('proxy-id-0123456789')) && Date.now() < deadline; )
      await new Promise((resolve) => setTimeout(resolve, 50));
    const lines = a.output.filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as Record<string, unknown>);
    const requestLines = lines.filter((line) => line.req || line.res);
    expect(requestLines.length).toBeGreaterThan(10);
    expect(requestLines.every((line) => typeof line.reqId === 'string' && line.reqId.length >= 8)).toBe(true);
    expect(requestLines.some((line) => line.reqId === 'proxy-id-0123456789')).toBe(true);
  });

  it('finishes an in-flight request when told to stop, then exits cleanly', async () => {
    const body = JSON.stringify({ name: 'Sam Patel', email: 'sam@example.com', subject: 'Late question', message: 'Sent while the server was shutting down.' });
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(`${b.url}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), origin: PUBLIC_URL },
      });
      request.on('response', (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      });
      request.on('error', reject);
      // Half the body now: the request is in flight when SIGTERM arrives.
      request.write(body.slice(0, 20));
      setTimeout(() => {
        b.child.kill('SIGTERM');
        setTimeout(() => request.end(body.slice(20)), 500);
      }, 300);
    });
    const { status } = await answer;
    expect(status).toBe(201);
    expect(await b.exited).toBe(0);
    expect(b.output.some((line) => line.includes('SIGTERM received'))).toBe(true);
    const { rows } = await database.withConnection((exec) => exec(`select count(*)::int as n from contact_messages where subject = 'Late question'`));
    expect(rows[0].n).toBe(1);
    // The other process serves on.
    expect((await fetch(`${a.url}/readyz`)).status).toBe(200);
  });
});

describe.skipIf(!usesPostgres)('change notifier over LISTEN/NOTIFY (skipped: set TEST_DATABASE_URL to run it)', () => {
  const opened: Database[] = [];
  // A database of its own, so that killing "the listener" below touches no other test's connections.
  const name = `test_notify_${crypto.randomBytes(6).toString('hex')}`;
  const admin = () => new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  let url: string;
  beforeAll(async () => {
    const client = admin();
    await client.connect();
    await client.query(`create database ${name}`);
    await client.end();
    const parsed = new URL(process.env.TEST_DATABASE_URL!);
    parsed.pathname = `/${name}`;
    url = parsed.toString();
  });
  afterAll(async () => {
    for (const database of opened) await database.close();
    const client = admin();
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  });

  const nextEvent = (listen: (listener: () => void) => () => void, timeoutMs = 3000) =>
    new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => {
        stop();
        resolve(false);
      }, timeoutMs);
      const stop = listen(() => {
        clearTimeout(timer);
        stop();
        resolve(true);
      });
    });

  it('tells other processes, not the publisher, and listens again after losing its connection', async () => {
    const [first, second] = [openPostgres(url, { poolSize: 2 }), openPostgres(url, { poolSize: 2 })];
    opened.push(first, second);
    // The first connection reports itself as a change (anything said before it listened is lost).
    expect(await nextEvent((l) => second.notifier.subscribe(l))).toBe(true);
    expect(await nextEvent((l) => first.notifier.subscribe(l))).toBe(true);

    const heard = nextEvent((l) => second.notifier.subscribe(l));
    const echoed = nextEvent((l) => first.notifier.subscribe(l), 500);
    first.notifier.publish();
    expect(await heard).toBe(true);
    expect(await echoed).toBe(false);

    // The listener's connection dies (a failover, an idle timeout): it reconnects and reports the gap.
    const reconnected = nextEvent((l) => second.notifier.subscribe(l), 10_000);
    await first.withConnection((exec) =>
      exec(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and application_name = 'tournament-site-listener' and query ilike $2`, [
        name,
        `%${CHANGE_CHANNEL}%`,
      ]),
    );
    expect(await reconnected).toBe(true);
    const heardAgain = nextEvent((l) => second.notifier.subscribe(l));
    first.notifier.publish();
    expect(await heardAgain).toBe(true);
  });
});

describe('request ids', () => {
  it('ignores a client-sent X-Request-Id unless a proxy is trusted', () => {
    const request = { headers: { 'x-request-id': 'chosen-by-the-client' } } as unknown as http.IncomingMessage;
    expect(requestIdGenerator(false)(request)).not.toBe('chosen-by-the-client');
    expect(requestIdGenerator(true)(request)).toBe('chosen-by-the-client');
    expect(requestIdGenerator('10.0.0.0/8')({ headers: { 'x-request-id': 'x\ny' } } as unknown as http.IncomingMessage)).toMatch(/^[0-9a-f-]{36}$/);
  });
});
