import pg from 'pg';
import type { Database } from '../../src/server/db/client.js';

/**
 * Faults injected into a real PostgreSQL from the side, as an outage or a crash would hit the
 * server: a lock held by another session (the server's statement waits on it), and the waiting
 * backend terminated (the server's connection drops mid-statement).
 */

/** The URL of the database `database` is connected to, beside TEST_DATABASE_URL's. */
export async function urlOf(database: Database): Promise<string> {
  const { rows } = await database.withConnection((exec) => exec('select current_database() as name'));
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${String(rows[0].name)}`;
  return url.toString();
}

/** Runs `statement` in a transaction of its own session and keeps it open (its locks held) until released. */
export async function holdLock(databaseUrl: string, statement: string, params: unknown[] = []): Promise<{ release: () => Promise<void> }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query('begin');
  await client.query(statement, params);
  let released = false;
  return {
    async release() {
      if (released) return;
      released = true;
      await client.query('rollback').catch(() => {});
      await client.end();
    },
  };
}

async function withClient<T>(databaseUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Waits until a backend of the database waits on a lock in a statement matching `pattern` (SQL `ilike`); its pid. */
export async function waitForLockWaiter(databaseUrl: string, pattern: string, timeoutMs = 20_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const pid = await withClient(databaseUrl, async (client) => {
      const { rows } = await client.query<{ pid: number }>(
        "select pid from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query ilike $1 and pid <> pg_backend_pid()",
        [pattern],
      );
      return rows[0]?.pid ?? null;
    });
    if (pid !== null) return pid;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`No backend waited on a lock in a statement like ${pattern} within ${timeoutMs} ms`);
}

/** Ends a backend as a database restart or a network cut would: its transaction is rolled back, its client gets an error. */
export async function terminateBackend(databaseUrl: string, pid: number): Promise<void> {
  await withClient(databaseUrl, (client) => client.query('select pg_terminate_backend($1)', [pid]));
}

/** Polls `read` until `done` holds of its value (or the time is up): the value. */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  return value;
}
