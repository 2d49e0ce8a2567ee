import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { openPostgres, type Database } from '../../src/server/db/client.js';
import { migrate } from '../../src/server/db/migrate.js';
import { demoRefunds, refunds, teams } from '../../src/server/db/schema.js';
import { eventually, holdLock, waitForLockWaiter } from '../support/db-faults.js';
import { createOpenTournament, registerPaidTeam } from '../support/factories.js';
import { createScratchDatabase, startServerProcess, stopServerProcess, waitUntilReady, type ServerProcess } from '../support/server-process.js';
import { signInOwner, usesPostgres, type TestApp } from '../support/test-app.js';

/**
 * A captain withdraws a paid team and the server is killed (kill -9) mid-way: the withdrawal and
 * the refund it owes are written together, and a restarted server sends that refund by itself.
 */
describe.skipIf(!usesPostgres)('a withdrawal through kill -9 of the server (PostgreSQL; skipped without TEST_DATABASE_URL)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'withdrawal-crash-'));
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let database: Database;
  let server: ServerProcess | undefined;
  /** Two paid teams (50.00 each, the tournament ten days away: the policy refunds all of it), with their team links. */
  let paid: { id: string; teamLink: { authorization: string } }[];

  beforeAll(async () => {
    scratch = await createScratchDatabase('test_withdrawal_crash');
    database = openPostgres(scratch.url, { poolSize: 4 });
    await migrate(database);
    // The tournament and its paid teams are set up in this process, on the database the server then serves.
    const built = await buildApp({ config: loadConfig({ NODE_ENV: 'test', PORT: '5000', RATE_LIMITS: 'off' }), database });
    const cookie = await signInOwner(built);
    const tournament = await createOpenTournament({ ...built, database } as unknown as TestApp, cookie, { name: 'Crash Cup', entryFee: '50.00' });
    paid = [await registerPaidTeam(built.app, tournament.id), await registerPaidTeam(built.app, tournament.id)];
    await built.app.close();
  }, 120_000);

  afterAll(async () => {
    await stopServerProcess(server);
    await database?.close();
    await scratch?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function startServer(name: string) {
    server = await startServerProcess(name, { DATABASE_URL: scratch.url, DATA_DIR: dataDir, RATE_LIMITS: 'off' });
    await waitUntilReady(server);
    return server;
  }

  /** The captain's Withdraw on the team page; not awaited (the server may die under it). */
  function withdraw(instance: ServerProcess, team: (typeof paid)[number]) {
    return fetch(`${instance.url}/api/manage/${team.id}/withdraw`, { method: 'POST', headers: { ...team.teamLink, origin: instance.publicUrl } }).catch(() => null);
  }

  const teamRow = async (id: string) => (await database.db.select().from(teams).where(eq(teams.id, id)))[0];
  const refundsOf = (teamId: string) => database.db.select().from(refunds).where(eq(refunds.teamId, teamId));

  it('never leaves a team withdrawn without its refund when the server dies before the refund is written', async () => {
    const [team] = paid;
    // Nothing can be written to the refunds table: the server's withdrawal waits there, and is killed.
    const lock = await holdLock(scratch.url, 'lock table refunds in share mode');
    const instance = await startServer('before the refund');
    void withdraw(instance, team);
    await waitForLockWaiter(scratch.url, '%refunds%');
    await stopServerProcess(instance);
    await lock.release();

    // Either both happened or neither: here neither (the withdrawal's transaction died with the server).
    const row = await teamRow(team.id);
    expect({ withdrawn: row.withdrawnAt !== null, refunds: (await refundsOf(team.id)).length }).toEqual({ withdrawn: false, refunds: 0 });
    expect(row).toMatchObject({ paymentStatus: 'completed', amountRefunded: 0 });

    // The captain withdraws again on a restarted server: the spot and the money go back.
    const restarted = await startServer('after the crash');
    const answer = await withdraw(restarted, team);
    expect(answer?.status).toBe(200);
    expect(await teamRow(team.id)).toMatchObject({ paymentStatus: 'refunded', amountRefunded: 5000 });
    await stopServerProcess(restarted);
  }, 120_000);

  it('sends the refund a killed server had written but not sent, once a new server starts', async () => {
    const [, team] = paid;
    const { paymentRef } = await teamRow(team.id);
    // The provider's payment row is locked: the refund is written with the withdrawal, then the server dies asking for it.
    const lock = await holdLock(scratch.url, 'select * from demo_payments where id = $1 for update', [paymentRef]);
    const instance = await startServer('asking the provider');
    void withdraw(instance, team);
    await waitForLockWaiter(scratch.url, '%demo_payments%');
    await stopServerProcess(instance);
    await lock.release();

    expect((await teamRow(team.id)).withdrawnAt).not.toBeNull();
    const [owed] = await refundsOf(team.id);
    expect(owed).toMatchObject({ status: 'requested', amount: 5000, kind: 'withdrawal' });

    // Nobody asks: the new server's start-up sweep sends it under the key written before the crash.
    await startServer('restarted');
    const [sent] = await eventually(() => refundsOf(team.id), (rows) => rows[0]?.status === 'succeeded');
    expect(sent).toMatchObject({ status: 'succeeded', idempotencyKey: owed.idempotencyKey });
    expect(await database.db.select().from(demoRefunds).where(eq(demoRefunds.paymentId, paymentRef!))).toHaveLength(1);
    expect(await eventually(() => teamRow(team.id), (row) => row.amountRefunded === 5000)).toMatchObject({ paymentStatus: 'refunded', amountRefunded: 5000 });
  }, 120_000);
});
