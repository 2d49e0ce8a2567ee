import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { recordAudit } from '../audit/log.js';
import type { Db } from '../db/client.js';
import { adminUsers } from '../db/schema.js';
import { AppError, conflict } from '../http/errors.js';
import { hashPassword } from './passwords.js';
import type { CheckedAccount } from './service.js';
import { msg } from '../../shared/i18n/msg.js';

/**
 * First run in the browser: with no organizer account (and none configured), /admin leads to a setup
 * page that creates the first one. A one-time code, printed at start-up and written to
 * DATA_DIR/setup-code, guards it, so a stranger who reaches a fresh public deploy first cannot claim
 * it (Jenkins guards its first admin the same way).
 */
export const SETUP_CODE_FILE = 'setup-code';
// Any fixed number: two setup requests at once create one account, not two.
const SETUP_LOCK = 724_312;

export function createFirstRunSetup(db: Db, { dataDir, now }: { dataDir: string; now: () => Date }) {
  const file = path.join(dataDir, SETUP_CODE_FILE);
  let code: string | null = null;

  const hasAccount = async () => (await db.select({ id: adminUsers.id }).from(adminUsers).limit(1)).length > 0;

  return {
    /** Whether the setup page is the way in: no organizer account exists. */
    isNeeded: async () => !(await hasAccount()),

    /**
     * At start-up: the code that guards the setup page, or null when an account exists. A code already
     * written (a restart, another process on the same DATA_DIR) is kept, so the printed one stays valid.
     */
    async prepare(): Promise<string | null> {
      if (await hasAccount()) {
        fs.rmSync(file, { force: true });
        return null;
      }
      const existing = readCode(file);
      code = existing ?? newCode();
      if (!existing) {
        fs.mkdirSync(dataDir, { recursive: true });
        fs.writeFileSync(file, `${code}\n`, { mode: 0o600 });
      }
      return code;
    },

    /** Creates the first account (403 for a wrong code, 409 once an account exists) and returns it, to be signed in. */
    async complete(input: { code: string; username: string; password: string }, requestId: string): Promise<CheckedAccount> {
      if (await hasAccount()) throw conflict(msg('The site is already set up: sign in instead.'));
      const expected = code ?? readCode(file);
      if (!expected || !sameCode(input.code, expected)) throw new AppError('forbidden', msg('Wrong setup code: use the code printed when the site started (also in DATA_DIR/setup-code).'));
      const passwordHash = await hashPassword(input.password);
      const user = await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${SETUP_LOCK})`);
        const [any] = await tx.select({ id: adminUsers.id }).from(adminUsers).limit(1);
        if (any) throw conflict(msg('The site is already set up: sign in instead.'));
        const [created] = await tx.insert(adminUsers).values({ username: input.username, passwordHash }).returning();
        await recordAudit(tx, { userId: created.id, username: created.username, requestId }, { action: 'auth.setup', targetType: 'session' }, now());
        return { id: created.id, username: created.username, role: created.role, twoFactorEnabled: false };
      });
      // Used once: the code and its file go with the first account.
      code = null;
      fs.rmSync(file, { force: true });
      return user;
    },
  };
}

export type FirstRunSetup = ReturnType<typeof createFirstRunSetup>;

/** Four groups of four letters and digits (80 bits), without the look-alikes 0/O and 1/I. */
function newCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = crypto.randomBytes(16);
  const chars = [...bytes].map((byte) => alphabet[byte % alphabet.length]).join('');
  return chars.match(/.{4}/g)!.join('-');
}

function readCode(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8').trim() || null;
  } catch {
    return null;
  }
}

/** Case and spacing do not matter (a code read aloud or retyped); the comparison takes the same time either way. */
function sameCode(given: string, expected: string): boolean {
  const normalize = (value: string) => crypto.createHash('sha256').update(value.toUpperCase().replace(/[^A-Z0-9]/g, '')).digest();
  return crypto.timingSafeEqual(normalize(given), normalize(expected));
}
