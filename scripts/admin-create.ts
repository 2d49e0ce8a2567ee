// npm run admin:create -- <username> [password] [--role owner|organizer|staff] [--reset-2fa]: creates an account
// (an owner unless --role says otherwise), or resets its password (and its role, when --role is given).
// --reset-2fa recovers a locked-out account: two-factor off, recovery codes gone, enabled again.
import { loadConfig } from '../src/server/config.js';
import { createAuthService } from '../src/server/auth/service.js';
import { migrate } from '../src/server/db/migrate.js';
import { randomPassword } from '../src/server/auth/passwords.js';
import { isCommonPassword } from '../src/shared/schemas/password-rules.js';
import { isRole, roles, type Role } from '../src/shared/permissions.js';
import { openDatabaseForCommand } from './open-database.js';

const args = process.argv.slice(2);
const roleFlag = args.indexOf('--role');
const role = roleFlag >= 0 ? args[roleFlag + 1] : undefined;
if (roleFlag >= 0 && !isRole(role)) {
  console.error(`--role must be one of: ${roles.join(', ')}.`);
  process.exit(1);
}
const resetTwoFactor = args.includes('--reset-2fa');
const [username = 'admin', given] = args.filter((arg, i) => !arg.startsWith('--') && (roleFlag < 0 || i !== roleFlag + 1));
if (given !== undefined && given.length < 12) {
  console.error('The password must be at least 12 characters.');
  process.exit(1);
}
if (given !== undefined && isCommonPassword(given)) {
  console.error('This password is too common: choose another.');
  process.exit(1);
}
const password = given ?? randomPassword();
const config = loadConfig();
const database = await openDatabaseForCommand(config, 'then run npm run admin:create again');
await migrate(database);
await createAuthService(database.db, () => new Date()).upsertAdmin(username, password, role as Role | undefined, { resetTwoFactor });
await database.close();
console.log(`Admin account ready.\n  username: ${username}${role ? `\n  role: ${role}` : ''}${resetTwoFactor ? '\n  two-factor: off (set it up again in the Account tab)' : ''}${given ? '' : `\n  password: ${password}`}`);
