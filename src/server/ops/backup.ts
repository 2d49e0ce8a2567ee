import fs from 'node:fs';
import readline from 'node:readline';
import { PassThrough, Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { once } from 'node:events';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../db/client.js';
import { eraseAgainFromLedger } from '../privacy/erasure-ledger.js';

/**
 * Backups in a portable format: gzip'd NDJSON, the same for the embedded database and PostgreSQL,
 * so a backup of one restores into the other (and needs no pg_dump in the production image).
 *
 *   {"format":"tournament-site-backup","version":1,"createdAt":…,"migrations":[…],"tables":[…]}
 *   {"table":"tournaments","columns":[…]}
 *   <one row per line, exactly as Postgres' to_jsonb wrote it>
 *   {"table":"teams","columns":[…]}
 *   …
 *   {"end":true,"rows":{"tournaments":3,…}}
 *
 * Rows are read in one repeatable-read snapshot and written as Postgres' own JSON text, never
 * parsed in between, and restored with jsonb_populate_recordset: numbers, timestamps and jsonb come
 * back exactly. Tables are listed in foreign-key order, found from the catalog, so a table added by
 * a later migration is backed up without anyone remembering to add it here.
 */

export const BACKUP_FORMAT = 'tournament-site-backup';
const FORMAT_VERSION = 1;
/** Not worth keeping: counters that expire within the hour; schema_migrations is written by migrate(). */
const SKIPPED_TABLES = new Set(['rate_limits', 'schema_migrations']);
/**
 * Kept through a restore, merged with the backup's rows: the erasure ledger (ids and times only).
 * A backup taken before an erasure must not undo it: the restore erases those teams again.
 */
const KEPT_TABLES = new Set(['erasure_ledger']);
const BATCH_ROWS = 500;

/** A problem with the database or the file that the person running the script can fix: its message says how. */
export class BackupError extends Error {}
export class RestoreError extends BackupError {}

type Exec = (sql: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

interface Header {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  database: Database['kind'];
  migrations: string[];
  tables: string[];
}

export interface BackupSummary {
  tables: Record<string, number>;
  migrations: string[];
}

export interface RestoreSummary extends BackupSummary {
  /** Teams the erasure ledger names that came back with the backup, and were erased again. */
  erasedAgain: string[];
  /** Their logos' object keys: the caller deletes them from storage (they may have been restored with it). */
  erasedLogoKeys: string[];
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The application's tables, parents before children. */
async function listTables(exec: Exec): Promise<string[]> {
  const tables = (
    await exec(`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`)
  ).rows
    .map((row) => String(row.name))
    .filter((name) => !SKIPPED_TABLES.has(name));
  const edges = (
    await exec(
      `select c.relname as child, p.relname as parent from pg_constraint k
         join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
         join pg_namespace n on n.oid = c.relnamespace
       where k.contype = 'f' and n.nspname = 'public'`,
    )
  ).rows.map((row) => ({ child: String(row.child), parent: String(row.parent) }));
  const ordered: string[] = [];
  const visiting = new Set<string>();
  const visit = (table: string) => {
    if (ordered.includes(table) || visiting.has(table)) return; // a cycle or a self-reference: order within it does not matter here
    visiting.add(table);
    for (const edge of edges) if (edge.child === table && edge.parent !== table && tables.includes(edge.parent)) visit(edge.parent);
    visiting.delete(table);
    ordered.push(table);
  };
  tables.forEach(visit);
  return ordered;
}

async function columnsOf(exec: Exec, table: string): Promise<string[]> {
  const { rows } = await exec(
    `select column_name as name from information_schema.columns where table_schema = 'public' and table_name = $1 order by ordinal_position`,
    [table],
  );
  return rows.map((row) => String(row.name));
}

async function appliedMigrations(exec: Exec): Promise<string[]> {
  const { rows: found } = await exec(`select to_regclass('public.schema_migrations') is not null as found`);
  if (found[0]?.found !== true) throw new BackupError('This database was never migrated: the site has not run on it (check DATA_DIR or DATABASE_URL).');
  const { rows } = await exec(`select tag from schema_migrations order by tag`);
  return rows.map((row) => String(row.tag));
}

/** Writes a backup of every application table to `out` (gzip'd NDJSON) from one consistent snapshot. */
export async function writeBackup(database: Database, out: Writable, now = new Date()): Promise<BackupSummary> {
  const gzip = zlib.createGzip();
  const written = pipeline(gzip, out);
  // A failing destination (disk full, closed pipe) must end the backup, not leave it waiting for 'drain'.
  written.catch(() => {});
  const write = async (line: string) => {
    if (!gzip.write(`${line}\n`)) await Promise.race([once(gzip, 'drain'), written]);
  };
  const summary = await database.withConnection(async (exec) => {
    await exec('begin isolation level repeatable read read only');
    try {
      const tables = await listTables(exec);
      const migrations = await appliedMigrations(exec);
      const header: Header = { format: BACKUP_FORMAT, version: FORMAT_VERSION, createdAt: now.toISOString(), database: database.kind, migrations, tables };
      await write(JSON.stringify(header));
      const counts: Record<string, number> = {};
      for (const table of tables) {
        await write(JSON.stringify({ table, columns: await columnsOf(exec, table) }));
        counts[table] = 0;
        // Pages of one snapshot: offsets are stable inside this transaction.
        for (let offset = 0; ; offset += BATCH_ROWS) {
          const { rows } = await exec(`select to_jsonb(t)::text as row from ${quoteIdent(table)} t order by t.ctid limit ${BATCH_ROWS} offset ${offset}`);
          for (const row of rows) await write(String(row.row));
          counts[table] += rows.length;
          if (rows.length < BATCH_ROWS) break;
        }
      }
      await write(JSON.stringify({ end: true, rows: counts }));
      return { tables: counts, migrations };
    } catch (error) {
      gzip.destroy(error as Error);
      throw error;
    } finally {
      await exec('rollback');
    }
  });
  gzip.end();
  await written;
  return summary;
}

/** Writes a backup to a file, made readable by its owner only. */
export async function backupToFile(database: Database, file: string, now = new Date()): Promise<BackupSummary> {
  const out = fs.createWriteStream(file, { mode: 0o600 });
  try {
    return await writeBackup(database, out, now);
  } catch (error) {
    out.destroy();
    fs.rmSync(file, { force: true });
    throw error;
  }
}

export interface RestoreOptions {
  /** Empty a database that already holds data instead of refusing. */
  force?: boolean;
}

/** Whether any application table holds a row. */
export async function holdsData(database: Database): Promise<boolean> {
  return database.withConnection(async (exec) => {
    for (const table of await listTables(exec)) {
      const { rows } = await exec(`select exists (select 1 from ${quoteIdent(table)}) as found`);
      if (rows[0]?.found === true) return true;
    }
    return false;
  });
}

/** Raw SQL with $n parameters on a Drizzle transaction, so the restore and the erasures it re-applies share one. */
function execIn(tx: Tx): Exec {
  return async (text, params = []) => {
    const query = sql.empty();
    text.split(/\$(\d+)/).forEach((part, i) => query.append(i % 2 ? sql`${params[Number(part) - 1]}` : sql.raw(part)));
    const result = (await tx.execute(query)) as unknown as { rows: Record<string, unknown>[] };
    return { rows: result.rows };
  };
}

/**
 * Restores a backup into a migrated database in one transaction: all of it or nothing.
 * Refuses a database that holds data unless `force`, and a backup made by a newer version of the site.
 * The erasure ledger is kept and merged with the backup's, and every team it names is erased again
 * in the same transaction: an erasure outlives any backup taken before it.
 */
export async function restoreBackup(database: Database, input: Readable, options: RestoreOptions = {}, now = new Date()): Promise<RestoreSummary> {
  const lines = readline.createInterface({ input: await gunzipIfNeeded(input), crlfDelay: Infinity })[Symbol.asyncIterator]();
  const next = async (): Promise<string | null> => {
    const { value, done } = await lines.next();
    return done ? null : (value as string);
  };
  const first = await next();
  const header = parseJson(first) as Partial<Header> | null;
  if (header?.format !== BACKUP_FORMAT) throw new RestoreError('This file is not a backup made by npm run db:backup.');
  if (header.version !== FORMAT_VERSION)
    throw new RestoreError(`Backup format version ${String(header.version)} is not supported (expected ${FORMAT_VERSION}).`);

  return database.db.transaction(async (tx) => {
    const exec = execIn(tx);
    const known = new Set(await appliedMigrations(exec));
    const unknown = (header.migrations ?? []).filter((tag) => !known.has(tag));
    if (unknown.length)
      throw new RestoreError(`The backup comes from a newer version of the site (migrations ${unknown.join(', ')}); upgrade before restoring.`);

    const tables = await listTables(exec);
    let isEmpty = true;
    for (const table of tables) {
      const { rows } = await exec(`select exists (select 1 from ${quoteIdent(table)}) as found`);
      if (rows[0]?.found === true) isEmpty = false;
    }
    if (!isEmpty) {
      if (!options.force)
        throw new RestoreError('The database already holds data. Restore into a fresh database, or pass --force to replace everything in it.');
      await exec(`truncate table ${tables.filter((table) => !KEPT_TABLES.has(table)).map(quoteIdent).join(', ')}`);
    }

    const counts: Record<string, number> = {};
    let section: { table: string; columns: string[] } | null = null;
    let batch: string[] = [];
    const flush = async () => {
      if (!section || !batch.length) return;
      const cols = section.columns.map(quoteIdent).join(', ');
      const merge = KEPT_TABLES.has(section.table) ? ' on conflict do nothing' : '';
      await exec(
        `insert into ${quoteIdent(section.table)} (${cols}) select ${cols} from jsonb_populate_recordset(null::${quoteIdent(section.table)}, $1::jsonb)${merge}`,
        [`[${batch.join(',')}]`],
      );
      counts[section.table] = (counts[section.table] ?? 0) + batch.length;
      batch = [];
    };

    let end: { rows?: Record<string, number> } | null = null;
    for (let line = await next(); line !== null; line = await next()) {
      if (!line) continue;
      // Markers are written by JSON.stringify, rows by Postgres, which puts a space after every colon: they cannot be confused.
      if (line.startsWith('{"table":') || line.startsWith('{"end":')) {
        await flush();
        const marker = parseJson(line) as { table?: string; columns?: string[]; end?: boolean; rows?: Record<string, number> };
        if (marker.end) {
          end = marker;
          break;
        }
        if (!marker.table || !tables.includes(marker.table))
          throw new RestoreError(`The backup holds a table this database does not have: ${String(marker.table)}.`);
        section = { table: marker.table, columns: marker.columns ?? [] };
        counts[section.table] = 0;
        continue;
      }
      if (!section) throw new RestoreError('The backup is damaged: a row comes before any table.');
      batch.push(line);
      if (batch.length >= BATCH_ROWS) await flush();
    }
    if (!end) throw new RestoreError('The backup is incomplete: it ends before its last line.');
    for (const [table, expected] of Object.entries(end.rows ?? {})) {
      if ((counts[table] ?? 0) !== expected)
        throw new RestoreError(`The backup is damaged: ${table} should hold ${expected} rows, found ${counts[table] ?? 0}.`);
    }
    await advanceSequences(exec);
    const { teamIds, logoKeys } = await eraseAgainFromLedger(tx, now);
    return { tables: counts, migrations: header.migrations ?? [], erasedAgain: teamIds, erasedLogoKeys: logoKeys };
  });
}

export async function restoreFromFile(database: Database, file: string, options: RestoreOptions = {}, now = new Date()): Promise<RestoreSummary> {
  return restoreBackup(database, fs.createReadStream(file), options, now);
}

function parseJson(line: string | null): unknown {
  if (line === null) return null;
  try {
    return JSON.parse(line);
  } catch {
    return null;
  }
}

/** Accepts the gzip'd file as written, or the same lines uncompressed (after a manual gunzip). */
async function gunzipIfNeeded(input: Readable): Promise<Readable> {
  const iterator = input[Symbol.asyncIterator]() as AsyncIterator<Buffer | string>;
  const first = await iterator.next();
  const head = first.done ? Buffer.alloc(0) : Buffer.from(first.value);
  const rest = Readable.from(
    (async function* () {
      yield head;
      for (let chunk = await iterator.next(); !chunk.done; chunk = await iterator.next()) yield Buffer.from(chunk.value);
    })(),
  );
  if (head[0] === 0x1f && head[1] === 0x8b) return rest.pipe(zlib.createGunzip());
  return rest.pipe(new PassThrough());
}

/** `backups/2026-05-04T10-15-00Z.ndjson.gz`: sorts by time, no characters a file system minds. */
export function defaultBackupName(now = new Date()): string {
  return `${now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-')}.ndjson.gz`;
}

/** Rows come back with their ids: each serial column's sequence continues after the highest one restored. */
async function advanceSequences(exec: Exec): Promise<void> {
  const { rows } = await exec(
    `select table_name as "table", column_name as "column" from information_schema.columns where table_schema = 'public' and column_default like 'nextval(%'`,
  );
  for (const { table, column } of rows as { table: string; column: string }[]) {
    const [t, c] = [quoteIdent(table), quoteIdent(column)];
    await exec(`select setval(pg_get_serial_sequence('${t}', '${column.replace(/'/g, "''")}'), coalesce(max(${c}), 1), max(${c}) is not null) from ${t}`);
  }
}
