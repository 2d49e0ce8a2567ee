// npm run db:backup [-- <file> | -]: writes every table of the configured database (DATA_DIR or DATABASE_URL)
// to backups/<timestamp>.ndjson.gz, to <file>, or to standard output with `-`. Safe while the site runs on PostgreSQL;
// on the embedded database the running site serves the same backup at GET /api/admin/backup (admin panel).
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../src/server/config.js';
import { backupToFile, defaultBackupName, writeBackup } from '../src/server/ops/backup.js';
import { openDatabaseForCommand } from './open-database.js';

const [target] = process.argv.slice(2).filter((arg) => arg !== '--');
const config = loadConfig();
// The embedded database is one process's: while the site runs, its owner downloads the backup from the admin panel.
const database = await openDatabaseForCommand(config, `or download the same backup while it runs: sign in at ${config.publicOrigin}/admin and choose Download backup`, {
  poolSize: 1,
});
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
