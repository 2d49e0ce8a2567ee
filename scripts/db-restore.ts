// npm run db:restore -- <file | -> [--force]: loads a backup made by npm run db:backup into the configured database
// (DATA_DIR or DATABASE_URL), migrating it first. Refuses a database that holds data unless --force, which replaces it all.
// Stop the site first: a restore swaps the whole content in one transaction under the running processes' feet.
// Teams erased after the backup was taken (the erasure ledger, kept through the restore) are erased again in that transaction.
import { loadConfig } from '../src/server/config.js';
import { migrate } from '../src/server/db/migrate.js';
import { BackupError, restoreBackup, restoreFromFile } from '../src/server/ops/backup.js';
import { openStorage } from '../src/server/uploads/open-storage.js';
import { accountsSealedWithOtherKey, createSecretBox } from '../src/server/auth/secret-box.js';
import { loadOrCreateKeyFile } from '../src/server/auth/secrets-key.js';
import { openDatabaseForCommand } from './open-database.js';

const args = process.argv.slice(2).filter((arg) => arg !== '--');
const force = args.includes('--force');
const [source] = args.filter((arg) => arg !== '--force');
if (!source) {
  console.error('Usage: npm run db:restore -- <backup file | -> [--force]');
  process.exit(1);
}
const config = loadConfig();
const database = await openDatabaseForCommand(config, 'then run npm run db:restore again', { poolSize: 1 });
try {
  await migrate(database);
  const summary = source === '-' ? await restoreBackup(database, process.stdin, { force }) : await restoreFromFile(database, source, { force });
  const rows = Object.entries(summary.tables)
    .map(([table, count]) => `${table} ${count}`)
    .join(', ');
  console.error(`Restored ${source === '-' ? 'standard input' : source}: ${rows}.`);
  if (summary.erasedLogoKeys.length) {
    // Their logos went with the first erasure; if the storage was restored too, they go again.
    const storage = await openStorage(config, database.db);
    for (const key of summary.erasedLogoKeys) await storage.delete(key).catch(() => undefined);
    await storage.close?.();
  }
  if (summary.erasedAgain.length) {
    console.error(`Erased again ${summary.erasedAgain.length} team(s) whose erasure came after this backup (erasure ledger).`);
  }
  // Two-factor secrets travel encrypted: a backup from a site with another SECRETS_KEY cannot be read with this one.
  const box = createSecretBox(config.secretsKey ?? loadOrCreateKeyFile(config.dataDir));
  const unreadable = await accountsSealedWithOtherKey(database.db, box);
  if (unreadable.length)
    console.error(
      `Two-factor secrets of ${unreadable.map((a) => a.username).join(', ')} were encrypted with another secrets key (id ${[...new Set(unreadable.map((a) => a.keyId))].join(', ')}; this site's is ${box.keyId}). ` +
        'Set SECRETS_KEY to the old site\'s key (or copy its DATA_DIR/secrets-key), or those accounts sign in with a recovery code, or reset with npm run admin:create -- <username> --reset-2fa.',
    );
} catch (error) {
  console.error(error instanceof BackupError ? error.message : `Restore failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
