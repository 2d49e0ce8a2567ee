import crypto from 'node:crypto';
import { and, eq, gt, lt, or } from 'drizzle-orm';
import { recordAudit, type Actor } from '../audit/log.js';
import type { Db } from '../db/client.js';
import { adminUsers, sessions } from '../db/schema.js';
import { dummyHash, hashPassword, verifyPassword } from './passwords.js';

export const sessionPolicy = { idleMs: 12 * 60 * 60 * 1000, absoluteMs: 7 * 24 * 60 * 60 * 1000 } as const;
// last_seen_at is written at most this often, so a busy admin does not cost a write per request.
const TOUCH_AFTER_MS = 60 * 1000;

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export interface SessionUser {
  id: string;
  username: string;
  role: string;
}

export function createAuthService(db: Db, now: () => Date) {
  return {
    /** The user for these credentials, or null. Unknown users cost the same time as a wrong password. */
    async checkCredentials(username: string, password: string): Promise<SessionUser | null> {
      const [user] = await db.select().from(adminUsers).where(eq(adminUsers.username, username));
      const ok = await verifyPassword(password, user?.passwordHash ?? dummyHash);
      return user && ok ? { id: user.id, username: user.username, role: user.role } : null;
    },

    /** A new random token; only its hash is stored. */
    async startSession(user: SessionUser, requestId: string): Promise<string> {
      const token = crypto.randomBytes(32).toString('base64url');
      const at = now();
      await db.transaction(async (tx) => {
        await tx.insert(sessions).values({ id: hashToken(token), userId: user.id, createdAt: at, lastSeenAt: at, expiresAt: new Date(at.getTime() + sessionPolicy.absoluteMs) });
        await recordAudit(tx, { userId: user.id, username: user.username, requestId }, { action: 'auth.sign_in', targetType: 'session' }, at);
      });
      return token;
    },

    /** Ends a session; `actor` (the session's own user, when it was live) is recorded as signing out. */
    async endSession(token: string, actor?: Actor): Promise<void> {
      await db.transaction(async (tx) => {
        const [ended] = await tx.delete(sessions).where(eq(sessions.id, hashToken(token))).returning({ id: sessions.id });
        if (ended && actor) await recordAudit(tx, actor, { action: 'auth.sign_out', targetType: 'session' }, now());
      });
    },

    /**
     * A wrong password for an existing account is recorded: that is what an organizer needs to see.
     * Made-up usernames are not, so nobody can fill the append-only log by guessing names.
     */
    async recordFailedSignIn(username: string, requestId: string): Promise<void> {
      const [account] = await db.select({ id: adminUsers.id, username: adminUsers.username }).from(adminUsers).where(eq(adminUsers.username, username));
      if (account) await recordAudit(db, { userId: null, username: account.username, requestId }, { action: 'auth.sign_in_failed', targetType: 'session' }, now());
    },

    /** The signed-in user, or null when the token is unknown, idle too long or past its absolute expiry. */
    async resolveSession(token: string): Promise<SessionUser | null> {
      const at = now();
      const [row] = await db
        .select({ id: sessions.id, lastSeenAt: sessions.lastSeenAt, userId: adminUsers.id, username: adminUsers.username, role: adminUsers.role })
        .from(sessions)
        .innerJoin(adminUsers, eq(adminUsers.id, sessions.userId))
        .where(and(eq(sessions.id, hashToken(token)), gt(sessions.expiresAt, at), gt(sessions.lastSeenAt, new Date(at.getTime() - sessionPolicy.idleMs))));
      if (!row) return null;
      if (at.getTime() - row.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
        await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, row.id));
      }
      return { id: row.userId, username: row.username, role: row.role };
    },

    async purgeExpiredSessions(): Promise<void> {
      const at = now();
      await db.delete(sessions).where(or(lt(sessions.expiresAt, at), lt(sessions.lastSeenAt, new Date(at.getTime() - sessionPolicy.idleMs))));
    },

    /** Creates or resets an admin account. */
    async upsertAdmin(username: string, password: string): Promise<void> {
      const passwordHash = await hashPassword(password);
      await db.insert(adminUsers).values({ username, passwordHash }).onConflictDoUpdate({ target: adminUsers.username, set: { passwordHash } });
      const [user] = await db.select({ id: adminUsers.id }).from(adminUsers).where(eq(adminUsers.username, username));
      // A reset password ends every session of that account.
      if (user) await db.delete(sessions).where(eq(sessions.userId, user.id));
    },

    /**
     * At start-up: the configured account (ADMIN_USERNAME, ADMIN_PASSWORD) when it does not exist yet.
     * Without one, the first account is made in the browser (first-run-setup.ts).
     */
    async bootstrapAdmin(configured: { username: string; password: string } | null): Promise<void> {
      if (!configured) return;
      const [existing] = await db.select({ id: adminUsers.id }).from(adminUsers).where(eq(adminUsers.username, configured.username));
      // Several processes may start at once: the first insert wins, the others find it done.
      if (!existing) await db.insert(adminUsers).values({ username: configured.username, passwordHash: await hashPassword(configured.password) }).onConflictDoNothing();
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
