import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamPayload, tournamentInput } from '../support/factories.js';
import { createScratchDatabase, send, startServerProcess, stopServerProcess, waitUntilReady, type ServerProcess } from '../support/server-process.js';
import { adminCredentials, usesPostgres } from '../support/test-app.js';

/**
 * A failover or a restart of PostgreSQL drops every connection of the app at once. The process must
 * stay up, answer what it cannot do with 503 + Retry-After, lose nothing it acknowledged, and come
 * back by itself. One real server process, under a steady mix of registrations and reads, while its
 * connections are terminated 20 times.
 */
describe.skipIf(!usesPostgres)('database failover (skipped: set TEST_DATABASE_URL to run it)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'failover-'));
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let server: ServerProcess;
  let killer: pg.Client;

  beforeAll(async () => {
    scratch = await createScratchDatabase('test_failover');
    server = await startServerProcess('failover', {
      DATABASE_URL: scratch.url,
      DATA_DIR: dataDir,
      RATE_LIMITS: 'off',
      ADMIN_USERNAME: adminCredentials.username,
      ADMIN_PASSWORD: adminCredentials.password,
    });
    await waitUntilReady(server);
    killer = new pg.Client({ connectionString: scratch.url });
    await killer.connect();
  }, 90_000);

  afterAll(async () => {
    await stopServerProcess(server);
    await killer?.end();
    await scratch?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** What pg_terminate_backend does to the app: every connection but ours, the LISTEN one included. */
  async function terminateAppConnections(): Promise<number> {
    const { rows } = await killer.query<{ n: number }>(
      'select count(*) filter (where pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [scratch.name],
    );
    return rows[0].n;
  }

  it('keeps serving through 20 terminations of its connections, loses nothing acknowledged, and is ready again by itself', async () => {
    const login = await send(server, 'POST', '/api/auth/login', { body: adminCredentials });
    expect(login.status).toBe(200);
    const cookie = `sid=${/sid=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')?.[1]}`;
    const created = await send(server, 'POST', '/api/tournaments', { body: tournamentInput({ name: 'Failover Cup', maxTeams: 1000 }), cookie });
    const id = String(created.json!.id);
    await send(server, 'PATCH', `/api/tournaments/${id}/set-active`, { cookie });
    expect((await send(server, 'PATCH', `/api/tournaments/${id}/registration`, { body: { isOpen: true }, cookie })).status).toBe(200);

    const statuses: number[] = [];
    const acknowledged: string[] = [];
    let retryAfterMissing = 0;
    let running = true;
    const record = (response: { status: number; headers: Headers }) => {
      statuses.push(response.status);
      if (response.status === 503 && !response.headers.get('retry-after')) retryAfterMissing++;
    };
    const worker = async (n: number) => {
      while (running) {
        const registered = await send(server, 'POST', '/api/teams', { body: teamPayload(id) });
        record(registered);
        if (registered.status === 201) acknowledged.push(String(registered.json!.id));
        record(await send(server, 'GET', n % 2 ? '/api/tournaments/active' : `/api/tournaments/${id}/capacity`));
        record(await send(server, 'GET', '/api/auth/user', { cookie }));
        record(await send(server, 'GET', '/api/tournaments', { cookie }));
      }
    };
    const workers = Array.from({ length: 4 }, (_, n) => worker(n));

    let terminated = 0;
    for (let round = 0; round < 20; round++) {
      await new Promise((resolve) => setTimeout(resolve, 150 + Math.random() * 150));
      terminated += await terminateAppConnections();
    }
    running = false;
    await Promise.all(workers);

    expect(terminated).toBeGreaterThanOrEqual(20);
    expect(server.child.exitCode).toBeNull();
    expect(server.output.join('\n')).not.toMatch(/Unhandled 'error' event|unhandled error/);
    expect(statuses.filter((status) => !(status < 300 || status === 409 || status === 503))).toEqual([]);
    expect(retryAfterMissing).toBe(0);
    // The terminations really hit requests in flight.
    expect(statuses).toContain(503);
    expect(acknowledged.length).toBeGreaterThan(0);

    // Ready again without anyone's help, and every registration it acknowledged is there.
    const deadline = Date.now() + 15_000;
    let ready = false;
    while (!ready && Date.now() < deadline) {
      ready = (await fetch(`${server.url}/readyz`)).status === 200;
      if (!ready) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(ready).toBe(true);
    const { rows } = await killer.query<{ id: string }>('select id from teams where id = any($1::uuid[])', [acknowledged]);
    expect(rows.map((row) => row.id).sort()).toEqual([...acknowledged].sort());
    expect((await send(server, 'POST', '/api/teams', { body: teamPayload(id) })).status).toBe(201);
  }, 120_000);

  it('says not ready, and answers 503 with Retry-After, while the database refuses connections', async () => {
    // Like a primary that is down: nothing new gets in, and the connections it had are gone.
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`alter database ${scratch.name} allow_connections false`);
    try {
      await terminateAppConnections();
      const ready = await fetch(`${server.url}/readyz`);
      expect(ready.status).toBe(503);
      expect(ready.headers.get('retry-after')).toBe('5');
      const registered = await send(server, 'POST', '/api/auth/login', { body: adminCredentials });
      expect(registered.status).toBe(503);
      expect(registered.headers.get('retry-after')).toBe('5');
      expect(registered.json).toEqual({ error: 'The site cannot reach its database right now. Please try again in a moment.' });
    } finally {
      await admin.query(`alter database ${scratch.name} allow_connections true`);
      await admin.end();
    }
    const deadline = Date.now() + 15_000;
    while ((await fetch(`${server.url}/readyz`)).status !== 200 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    expect(server.child.exitCode).toBeNull();
  }, 60_000);
});
