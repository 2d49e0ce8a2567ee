import crypto from 'node:crypto';
import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import { recordAudit, systemActor, type Actor } from '../audit/log.js';
import { AppError } from '../http/errors.js';
import type { Db } from '../db/client.js';
import { adminUsers, sessions } from '../db/schema.js';
import type { Role } from '../../shared/permissions.js';
import { dummyHash, hashPassword, verifyPassword } from './passwords.js';
import { isTwoFactorRequired, twoFactorPolicy, type TwoFactorRequirement } from './two-factor-policy.js';
import { resetTwoFactor } from './two-factor-reset.js';
import { msg } from '../../shared/i18n/msg.js';

export const sessionPolicy = { idleMs: 12 * 60 * 60 * 1000, absoluteMs: 7 * 24 * 60 * 60 * 1000 } as const;
// last_seen_at is written at most this often, so a busy admin does not cost a write per request.
const TOUCH_AFTER_MS = 60 * 1000;

export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export interface SessionUser {
  id: string;
  username: string;
  role: Role;
  twoFactorEnabled: boolean;
  /** ADMIN_REQUIRE_2FA covers this account and it has no second factor yet: enrolment is all it may do. */
  mustEnrolTwoFactor: boolean;
  /** The session proved the second factor within the last 15 minutes (routes declared with freshCode need it when two-factor is on). */
  secondFactorFresh: boolean;
}

/** A right password: the account, and whether a code must follow before a session starts. */
export interface CheckedAccount {
  id: string;
  username: string;
  role: Role;
  twoFactorEnabled: boolean;
}

/** Where a sign-in came from, as the request tells it. */
export interface SessionClient {
  userAgent?: string;
  ip?: string;
}

export function createAuthService(db: Db, now: () => Date, options: { requireTwoFactor: TwoFactorRequirement } = { requireTwoFactor: 'off' }) {
  return {
    /**
     * The account for these credentials, or null. Unknown users cost the same time as a wrong password.
     * A disabled account with its right password is told so (403): the password proved who is asking.
     */
    async checkCredentials(username: string, password: string): Promise<CheckedAccount | null> {
      const [user] = await db.select().from(adminUsers).where(eq(adminUsers.username, username));
      const ok = await verifyPassword(password, user?.passwordHash ?? dummyHash);
      if (!user || !ok) return null;
      if (user.disabledAt) throw new AppError('forbidden', msg('This account is disabled. Ask an owner of the site to enable it.'));
      return { id: user.id, username: user.username, role: user.role, twoFactorEnabled: !!user.totpSecret };
    },

    /**
     * A new random token; only its hash is stored, with the browser and address its owner will see in their sessions.
     * `secondFactor`: the sign-in included a code, so freshCode routes need none for the next 15 minutes.
     */
    async startSession(user: { id: string; username: string }, requestId: string, client: SessionClient = {}, secondFactor = false): Promise<string> {
      const token = crypto.randomBytes(32).toString('base64url');
      const at = now();
      await db.transaction(async (tx) => {
        await tx.update(adminUsers).set({ lastSignInAt: at }).where(eq(adminUsers.id, user.id));
        await tx.insert(sessions).values({
          secondFactorAt: secondFactor ? at : null,
          id: hashToken(token),
          userId: user.id,
          createdAt: at,
          lastSeenAt: at,
          expiresAt: new Date(at.getTime() + sessionPolicy.absoluteMs),
          userAgent: client.userAgent?.slice(0, 500) ?? null,
          ipAddress: client.ip ?? null,
        });
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
        .select({
          id: sessions.id,
          lastSeenAt: sessions.lastSeenAt,
          secondFactorAt: sessions.secondFactorAt,
          userId: adminUsers.id,
          username: adminUsers.username,
          role: adminUsers.role,
          totpSecret: adminUsers.totpSecret,
        })
        .from(sessions)
        .innerJoin(adminUsers, eq(adminUsers.id, sessions.userId))
        .where(
          and(
            eq(sessions.id, hashToken(token)),
            gt(sessions.expiresAt, at),
            gt(sessions.lastSeenAt, new Date(at.getTime() - sessionPolicy.idleMs)),
            // Role and disabling are read on every request: a change takes effect on the account's next one.
            isNull(adminUsers.disabledAt),
          ),
        );
      if (!row) return null;
      if (at.getTime() - row.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
        await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, row.id));
      }
      const twoFactorEnabled = !!row.totpSecret;
      return {
        id: row.userId,
        username: row.username,
        role: row.role,
        twoFactorEnabled,
        mustEnrolTwoFactor: !twoFactorEnabled && isTwoFactorRequired(options.requireTwoFactor, row.role),
        secondFactorFresh: !!row.secondFactorAt && at.getTime() - row.secondFactorAt.getTime() <= twoFactorPolicy.freshMs,
      };
    },

    async purgeExpiredSessions(): Promise<void> {
      const at = now();
      await db.delete(sessions).where(or(lt(sessions.expiresAt, at), lt(sessions.lastSeenAt, new Date(at.getTime() - sessionPolicy.idleMs))));
    },

    /**
     * Creates or resets an account (a new one is an owner unless a role is given; a reset keeps the role unless one is given).
     * `resetTwoFactor` recovers a locked-out account: two-factor off, recovery codes gone, enabled again.
     */
    async upsertAdmin(username: string, password: string, role?: Role, options: { resetTwoFactor?: boolean } = {}): Promise<void> {
      const passwordHash = await hashPassword(password);
      await db.transaction(async (tx) => {
        const [user] = await tx
          .insert(adminUsers)
          .values({ username, passwordHash, role: role ?? 'owner' })
          .onConflictDoUpdate({ target: adminUsers.username, set: { passwordHash, ...(role ? { role } : {}) } })
          .returning({ id: adminUsers.id });
        // A reset password ends every session of that account.
        await tx.delete(sessions).where(eq(sessions.userId, user.id));
        if (options.resetTwoFactor) {
          await resetTwoFactor(tx, user.id);
          await tx.update(adminUsers).set({ disabledAt: null }).where(eq(adminUsers.id, user.id));
          await recordAudit(tx, systemActor('admin:create'), { action: 'auth.two_factor_reset', targetType: 'account', targetId: user.id, before: { username } }, now());
        }
      });
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
