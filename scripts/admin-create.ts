// npm run admin:create -- <username> [password]: creates the admin account, or resets its password.
import { loadConfig } from '../src/server/config.js';
import { createAuthService } from '../src/server/auth/service.js';
import { migrate } from '../src/server/db/migrate.js';
import { randomPassword } from '../src/server/auth/passwords.js';
import { openDatabaseForCommand } from './open-database.js';

const [username = 'admin', given] = process.argv.slice(2);
if (given !== undefined && given.length < 12) {
  console.error('The password must be at least 12 characters.');
  process.exit(1);
}
const password = given ?? randomPassword();
const config = loadConfig();
const database = await openDatabaseForCommand(config, 'then run npm run admin:create again');
await migrate(database);
await createAuthService(database.db, () => new Date()).upsertAdmin(username, password);
await database.close();
console.log(`Admin account ready.\n  username: ${username}${given ? '' : `\n  password: ${password}`}`);
