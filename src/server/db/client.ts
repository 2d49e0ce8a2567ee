import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { acquireEmbeddedLock } from './embedded-lock.js';
import { embeddedTemplate } from './embedded-template.js';
import * as schema from './schema.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction of `Db`: what a write that must be atomic with others is given. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Tells the other processes on this database that data changed, and hears them tell it. */
  notifier: ChangeNotifier;
  /** Runs raw SQL statements (migrations, advisory locks) on one connection. */
  withConnection<T>(fn: (exec: (sql: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface PostgresOptions {
  poolSize?: number;
  /** How long a request waits for a connection before it fails (and is answered 503). */
  connectTimeoutMs?: number;
  /** Hears about connections lost outside a query (a failover, a restart); nothing else is to be done. */
  onConnectionError?: (error: Error) => void;
}

export function openPostgres(url: string, { poolSize = 10, connectTimeoutMs = 5000, onConnectionError = () => {} }: PostgresOptions = {}): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: connectTimeoutMs, application_name: 'tournament-site' });
  // A connection the server drops (pg_terminate_backend, a failover) emits 'error' on its client. The pool
  // listens only while the client is idle; a client checked out for a transaction or between two queries
  // has nobody listening, and an unheard 'error' event ends the process. So every client gets a listener
  // for its whole life: the query in flight fails on its own (answered 503), and the pool discards the
  // broken client when it is released.
  pool.on('error', onConnectionError);
  pool.on('connect', (client) => client.on('error', onConnectionError));
  const notifier = createPostgresNotifier(url, pool);
  return {
    db: drizzlePg(pool, { schema }) as unknown as Db,
    kind: 'postgres',
    notifier,
    async withConnection(fn) {
      const client = await pool.connect();
      try {
        return await fn(async (text, params) => {
          const result = await client.query(text, params as unknown[]);
          return { rows: result.rows };
        });
      } finally {
        client.release();
      }
    },
    async close() {
      await notifier.close();
      await pool.end();
    },
  };
}

export function openPglite(client: PGlite): Database {
  return {
    db: drizzlePglite(client, { schema }) as unknown as Db,
    kind: 'pglite',
    // PGlite lives inside one process: there is nobody else to tell.
    notifier: { publish() {}, subscribe: () => () => {}, close: async () => {} },
    // "One connection" on PGlite means holding it: inside client.transaction no other query of this
    // process runs, so a backup's statements cannot be joined by a request's write (which its
    // read-only BEGIN would refuse, and its ROLLBACK would undo). A BEGIN/COMMIT sent by `fn` nests
    // harmlessly: Postgres warns about the first BEGIN and runs the rest as on a session of its own.
    withConnection: (fn) =>
      client.transaction((tx) =>
        fn(async (text, params) => {
          if (!params?.length && text.includes(';')) {
            const results = await tx.exec(text);
            return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
          }
          const result = await tx.query(text, params as unknown[]);
          return { rows: result.rows as Record<string, unknown>[] };
        }),
      ),
    close: () => client.close(),
  };
}

/**
 * PostgreSQL's default 128 MB of shared buffers is memory PGlite touches as it starts: opening the
 * demo season's database took a process to 282 MB, 182 MB with 32 MB of buffers. A cup's whole
 * database is a few tens of MB, its hot rows far less, and a page evicted from the buffers is read
 * back from the data directory's files through the system's cache.
 */
const embeddedSharedBuffers = '32MB';
export const embeddedStartParams = [...PGlite.defaultStartParams, '-c', `shared_buffers=${embeddedSharedBuffers}`];

/** The embedded database: PGlite in `<dataDir>/db`, locked to this process (see embedded-lock.ts). */
export async function openEmbedded(dataDir: string): Promise<Database> {
  const lock = acquireEmbeddedLock(dataDir);
  try {
    const dir = path.join(dataDir, 'db');
    fs.mkdirSync(dir, { recursive: true });
    const client = await PGlite.create(dir, { loadDataDir: embeddedTemplate(dir), startParams: embeddedStartParams });
    const database = openPglite(client);
    return {
      ...database,
      async close() {
        try {
          await database.close();
        } finally {
          lock.release();
        }
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}

/** Rows of a raw SQL query; both drivers answer with `{ rows }`. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * Cross-process change announcements over PostgreSQL LISTEN/NOTIFY, for several processes behind
 * one load balancer on one database: a process that
 * wrote publishes on one channel; every process listens on a dedicated connection and drops what
 * it cached. Announcements are hints, not a ledger: one may be lost while a listener reconnects,
 * so a reconnect is itself reported as a change, and caches keep their short TTL as the backstop.
 */
export interface ChangeNotifier {
  /** Announces a committed change to the other processes. Never throws: a lost announcement costs at most a TTL of staleness. */
  publish(): void;
  /** Calls `listener` when another process announces a change, or after the channel was down (announcements may have been missed). Returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
  close(): Promise<void>;
}

export const CHANGE_CHANNEL = 'tournament_site_changes';

export function createPostgresNotifier(url: string, pool: pg.Pool, { retryMs = 1000, maxRetryMs = 30_000, publishCoalesceMs = 20 } = {}): ChangeNotifier {
  // Lets a process skip its own announcements: it invalidated before it published.
  const origin = crypto.randomUUID();
  const listeners = new Set<() => void>();
  let client: pg.Client | null = null;
  let isStarted = false;
  let isClosed = false;
  let retryTimer: NodeJS.Timeout | null = null;
  let publishTimer: NodeJS.Timeout | null = null;
  let delay = retryMs;

  const emit = () => {
    for (const listener of listeners) listener();
  };

  const scheduleReconnect = () => {
    if (isClosed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void connect();
    }, delay);
    retryTimer.unref();
    delay = Math.min(delay * 2, maxRetryMs);
  };

  const connect = async () => {
    if (isClosed) return;
    const next = new pg.Client({ connectionString: url, keepAlive: true, application_name: 'tournament-site-listener' });
    let hasFailed = false;
    const fail = () => {
      if (hasFailed) return;
      hasFailed = true;
      if (client === next) client = null;
      next.removeAllListeners('notification');
      void next.end().catch(() => {});
      scheduleReconnect();
    };
    next.on('error', fail);
    next.on('end', fail);
    next.on('notification', (message) => {
      if (message.channel === CHANGE_CHANNEL && message.payload !== origin) emit();
    });
    try {
      await next.connect();
      await next.query(`listen ${CHANGE_CHANNEL}`);
    } catch {
      fail();
      return;
    }
    if (isClosed) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    delay = retryMs;
    // Whatever was announced before we listened (at start, or while we were away) is lost: treat the gap as a change.
    emit();
  };

  return {
    publish() {
      if (isClosed || publishTimer) return;
      // Writes close together share one announcement, sent after the last of them committed: a
      // registration burst costs the other processes one cache drop, not one query per team.
      publishTimer = setTimeout(() => {
        publishTimer = null;
        if (!isClosed) pool.query('select pg_notify($1, $2)', [CHANGE_CHANNEL, origin]).catch(() => {});
      }, publishCoalesceMs);
      publishTimer.unref();
    },
    subscribe(listener) {
      listeners.add(listener);
      // Connected on first use: scripts (seed, backup) never open the extra connection.
      if (!isStarted) {
        isStarted = true;
        void connect();
      }
      return () => listeners.delete(listener);
    },
    async close() {
      isClosed = true;
      if (retryTimer) clearTimeout(retryTimer);
      if (publishTimer) {
        // A write announced just before shutdown is still told to the others.
        clearTimeout(publishTimer);
        publishTimer = null;
        await pool.query('select pg_notify($1, $2)', [CHANGE_CHANNEL, origin]).catch(() => {});
      }
      listeners.clear();
      const current = client;
      client = null;
      if (current) {
        current.removeAllListeners('end');
        await current.end().catch(() => {});
      }
    },
  };
}
