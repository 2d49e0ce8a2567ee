import { and, desc, eq, gt, ne } from 'drizzle-orm';
import type { AccountSession, PasswordChangeInput } from '../../shared/schemas/account.js';
import { recordAudit, type Actor } from '../audit/log.js';
import type { Db } from '../db/client.js';
import { adminUsers, sessions } from '../db/schema.js';
import { AppError, notFound } from '../http/errors.js';
import { describeBrowser } from './browser-name.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { hashToken, sessionPolicy, type SessionUser } from './service.js';
import { msg } from '../../shared/i18n/msg.js';

/**
 * Own settings: what every signed-in account may do to itself. Each call gets the
 * caller's session token, so "this session" is never ended by accident and never shown as another.
 */
export function createAccountService(db: Db, now: () => Date) {
  const actorOf = (user: SessionUser, requestId: string): Actor => ({ userId: user.id, username: user.username, requestId });

  return {
    /** A new password; the other sessions end with the old one, this one stays signed in. */
    async changePassword(user: SessionUser, currentToken: string, input: PasswordChangeInput, requestId: string): Promise<void> {
      const [account] = await db.select({ passwordHash: adminUsers.passwordHash }).from(adminUsers).where(eq(adminUsers.id, user.id));
      if (!account || !(await verifyPassword(input.currentPassword, account.passwordHash))) {
        throw new AppError('validation', msg('The current password is wrong'), [{ path: 'currentPassword', message: msg('The current password is wrong') }]);
      }
      if (input.newPassword === input.currentPassword) {
        throw new AppError('validation', msg('The new password must differ from the current one'), [{ path: 'newPassword', message: msg('The new password must differ from the current one') }]);
      }
      const passwordHash = await hashPassword(input.newPassword);
      await db.transaction(async (tx) => {
        await tx.update(adminUsers).set({ passwordHash }).where(eq(adminUsers.id, user.id));
        const ended = await tx
          .delete(sessions)
          .where(and(eq(sessions.userId, user.id), ne(sessions.id, hashToken(currentToken))))
          .returning({ id: sessions.id });
        await recordAudit(tx, actorOf(user, requestId), { action: 'auth.password_change', targetType: 'session', after: { otherSessionsEnded: ended.length } }, now());
      });
    },

    /** The account's live sessions, the most recently used first. */
    async listSessions(user: SessionUser, currentToken: string): Promise<AccountSession[]> {
      const current = hashToken(currentToken);
      const at = now();
      const rows = await db
        .select({ id: sessions.id, publicId: sessions.publicId, userAgent: sessions.userAgent, ipAddress: sessions.ipAddress, createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt })
        .from(sessions)
        // Only sessions that could still be used: one idle too long or past its expiry is over, purged or not.
        .where(and(eq(sessions.userId, user.id), gt(sessions.expiresAt, at), gt(sessions.lastSeenAt, new Date(at.getTime() - sessionPolicy.idleMs))))
        .orderBy(desc(sessions.lastSeenAt));
      return rows.map((row) => ({
        id: row.publicId,
        browser: describeBrowser(row.userAgent),
        address: row.ipAddress,
        signedInAt: row.createdAt.toISOString(),
        lastSeenAt: row.lastSeenAt.toISOString(),
        current: row.id === current,
      }));
    },

    /** Ends one of the account's own sessions (404 for anyone else's: their ids are not ours to confirm). */
    async endSession(user: SessionUser, publicId: string, requestId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const [ended] = await tx
          .delete(sessions)
          .where(and(eq(sessions.userId, user.id), eq(sessions.publicId, publicId)))
          .returning({ id: sessions.id });
        if (!ended) throw notFound('Session');
        await recordAudit(tx, actorOf(user, requestId), { action: 'auth.session_end', targetType: 'session', targetId: publicId }, now());
      });
    },

    /** Ends every session of the account but the caller's. */
    async endOtherSessions(user: SessionUser, currentToken: string, requestId: string): Promise<number> {
      return db.transaction(async (tx) => {
        const ended = await tx
          .delete(sessions)
          .where(and(eq(sessions.userId, user.id), ne(sessions.id, hashToken(currentToken))))
          .returning({ publicId: sessions.publicId });
        if (ended.length) await recordAudit(tx, actorOf(user, requestId), { action: 'auth.session_end', targetType: 'session', after: { ended: ended.length } }, now());
        return ended.length;
      });
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
