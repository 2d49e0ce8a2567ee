import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs raw SQL statements (migrations, advisory locks) on one connection. */
  withConnection<T>(fn: (exec: (sql: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export function openPostgres(url: string, poolSize = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client that loses its connection must not take the process down.
  pool.on('error', () => {});
  return {
    db: drizzlePg(pool, { schema }) as unknown as Db,
    kind: 'postgres',
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
    close: () => pool.end(),
  };
}

export function openPglite(client: PGlite): Database {
  return {
    db: drizzlePglite(client, { schema }) as unknown as Db,
    kind: 'pglite',
    withConnection: (fn) =>
      fn(async (text, params) => {
        if (!params?.length && text.includes(';')) {
          const results = await client.exec(text);
          return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
        }
        const result = await client.query(text, params as unknown[]);
        return { rows: result.rows as Record<string, unknown>[] };
      }),
    close: () => client.close(),
  };
}

/** The embedded database: PGlite in `<dataDir>/db`. */
export async function openEmbedded(dataDir: string): Promise<Database> {
  const dir = path.join(dataDir, 'db');
  fs.mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir);
  return openPglite(client);
}

/** Rows of a raw SQL query; both drivers answer with `{ rows }`. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
