// npm run db:backup [-- <file> | -]: writes every table of the configured database (DATA_DIR or DATABASE_URL)
// to backups/<timestamp>.ndjson.gz, to <file>, or to standard output with `-`. Safe while the site runs.
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../src/server/config.js';
import { openEmbedded, openPostgres } from '../src/server/db/client.js';
import { backupToFile, defaultBackupName, writeBackup } from '../src/server/ops/backup.js';

const [target] = process.argv.slice(2).filter((arg) => arg !== '--');
const config = loadConfig();
// The embedded database is one process's: back it up while the site is stopped (PGlite cannot share its folder).
const database = config.databaseUrl ? openPostgres(config.databaseUrl, { poolSize: 1 }) : await openEmbedded(config.dataDir);
try {
  if (target === '-') {
    const summary = await writeBackup(database, process.stdout);
    console.error(`Backup written to standard output: ${describe(summary.tables)}.`);
  } else {
    const file = path.resolve(target ?? path.join('backups', defaultBackupName()));
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const summary = await backupToFile(database, file);
    console.error(`Backup written to ${file}: ${describe(summary.tables)}.`);
  }
} catch (error) {
  console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await database.close();
}

function describe(tables: Record<string, number>): string {
  return Object.entries(tables)
    .map(([table, rows]) => `${table} ${rows}`)
    .join(', ');
}
