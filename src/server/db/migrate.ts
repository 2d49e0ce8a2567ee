import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './client.js';

// Any fixed number: every process that migrates takes the same lock, so only one runs them.
const MIGRATION_LOCK = 724_311;

/** Where drizzle-kit wrote the SQL: beside this module in the sources, copied beside the bundle by the build. */
export function defaultMigrationsDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.join(here, 'migrations'), path.join(here, 'db', 'migrations'), path.join(here, '..', 'migrations')];
  const found = candidates.find((dir) => fs.existsSync(path.join(dir, 'meta', '_journal.json')));
  if (!found) throw new Error(`No migrations found near ${here}`);
  return found;
}

interface JournalEntry {
  tag: string;
}

/** Applies the committed migrations in order, each once, under an advisory lock. Returns the tags applied. */
export async function migrate(database: Database, dir = defaultMigrationsDir()): Promise<string[]> {
  const journal = JSON.parse(fs.readFileSync(path.join(dir, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] };
  return database.withConnection(async (exec) => {
    await exec(`select pg_advisory_lock(${MIGRATION_LOCK})`);
    try {
      await exec('create table if not exists schema_migrations (tag text primary key, hash text not null, applied_at timestamptz not null default now())');
      const done = new Set((await exec('select tag from schema_migrations')).rows.map((row) => String(row.tag)));
      const applied: string[] = [];
      for (const { tag } of journal.entries) {
        if (done.has(tag)) continue;
        const sqlText = fs.readFileSync(path.join(dir, `${tag}.sql`), 'utf8');
        const statements = sqlText.split('--> statement-breakpoint').map((s) => s.trim()).filter(Boolean);
        await exec('begin');
        try {
          for (const statement of statements) await exec(statement);
          await exec('insert into schema_migrations (tag, hash) values ($1, $2)', [tag, crypto.createHash('sha256').update(sqlText).digest('hex')]);
          await exec('commit');
        } catch (error) {
          await exec('rollback');
          throw error;
        }
        applied.push(tag);
      }
      return applied;
    } finally {
      await exec(`select pg_advisory_unlock(${MIGRATION_LOCK})`);
    }
  });
}
