// npm run admin:create -- <username> [password]: creates the admin account, or resets its password.
import { loadConfig } from '../src/server/config.js';
import { createAuthService } from '../src/server/auth/service.js';
import { openEmbedded, openPostgres } from '../src/server/db/client.js';
import { migrate } from '../src/server/db/migrate.js';
import { randomPassword } from '../src/server/auth/passwords.js';

const [username = 'admin', given] = process.argv.slice(2);
if (given !== undefined && given.length < 12) {
  console.error('The password must be at least 12 characters.');
  process.exit(1);
}
const password = given ?? randomPassword();
const config = loadConfig();
const database = config.databaseUrl ? openPostgres(config.databaseUrl) : await openEmbedded(config.dataDir);
await migrate(database);
await createAuthService(database.db, () => new Date()).upsertAdmin(username, password);
await database.close();
console.log(`Admin account ready.\n  username: ${username}${given ? '' : `\n  password: ${password}`}`);
