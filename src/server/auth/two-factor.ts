import crypto from 'node:crypto';
import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { Role } from '../../shared/permissions.js';
import { recordAudit, type Actor } from '../audit/log.js';
import type { Db, Tx } from '../db/client.js';
import { adminUsers, recoveryCodes, sessions, signInChallenges } from '../db/schema.js';
import { AppError, conflict } from '../http/errors.js';
import { dummyHash, verifyPassword } from './passwords.js';
import { accountsSealedWithOtherKey, sealPlainSecrets, type SecretBox } from './secret-box.js';
import { hashToken, type SessionUser } from './service.js';
import { twoFactorPolicy } from './two-factor-policy.js';
import { msg } from '../../shared/i18n/msg.js';

const totpOf = (secret: string, label = 'account', issuer = 'Tournament site') =>
  new TOTP({ issuer, label, algorithm: 'SHA1', digits: twoFactorPolicy.digits, period: twoFactorPolicy.periodSeconds, secret: Secret.fromBase32(secret) });

// Recovery codes are random (50 bits), not chosen by a person: a plain sha256 is enough to keep them unusable if the table leaks.
const normalizeRecoveryCode = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();
const hashRecoveryCode = (code: string) => crypto.createHash('sha256').update(normalizeRecoveryCode(code)).digest('hex');
function newRecoveryCode(): string {
  const raw = crypto.randomBytes(8).toString('hex').slice(0, 10);
  return `${raw.slice(0, 5)}-${raw.slice(5)}`;
}

export const invalidCode = () => new AppError('validation', msg('That code is not right'), [{ path: 'code', message: msg('That code is not right') }]);
const wrongPassword = () => new AppError('validation', msg('The password is wrong'), [{ path: 'currentPassword', message: msg('The password is wrong') }]);

export function createTwoFactorService(db: Db, now: () => Date, deps: { issuer: () => Promise<string>; box: SecretBox }) {
  const { box } = deps;
  /** The stored (sealed) secret opened, or null when it was sealed with another site's key: only a recovery code helps then. */
  const secretOf = (stored: string) => {
    const opened = box.open(stored);
    return 'secret' in opened ? opened.secret : null;
  };

  const actorOf = (user: SessionUser, requestId: string): Actor => ({ userId: user.id, username: user.username, requestId });

  /**
   * A TOTP code, accepted once: the step it belongs to must be later than the last accepted one,
   * written in the same statement that checks it, so a replay (even a parallel one) is refused.
   */
  async function acceptTotp(executor: Db | Tx, userId: string, secret: string, code: string): Promise<boolean> {
    if (!/^\d{6}$/.test(code)) return false;
    const at = now().getTime();
    const delta = totpOf(secret).validate({ token: code, timestamp: at, window: twoFactorPolicy.window });
    if (delta === null) return false;
    const step = Math.floor(at / 1000 / twoFactorPolicy.periodSeconds) + delta;
    const [taken] = await executor
      .update(adminUsers)
      .set({ totpLastStep: step })
      .where(and(eq(adminUsers.id, userId), or(isNull(adminUsers.totpLastStep), lt(adminUsers.totpLastStep, step))))
      .returning({ id: adminUsers.id });
    return !!taken;
  }

  /** A code from the authenticator or an unused recovery code (which is then spent and recorded). */
  async function acceptCode(tx: Tx, user: { id: string; username: string }, code: string, requestId: string): Promise<boolean> {
    const [account] = await tx.select({ secret: adminUsers.totpSecret }).from(adminUsers).where(eq(adminUsers.id, user.id));
    if (!account?.secret) return false;
    const trimmed = code.trim();
    if (/^\d{6}$/.test(trimmed)) {
      const secret = secretOf(account.secret);
      return !!secret && acceptTotp(tx, user.id, secret, trimmed);
    }
    const [spent] = await tx
      .update(recoveryCodes)
      .set({ usedAt: now() })
      .where(and(eq(recoveryCodes.userId, user.id), eq(recoveryCodes.codeHash, hashRecoveryCode(trimmed)), isNull(recoveryCodes.usedAt)))
      .returning({ id: recoveryCodes.id });
    if (!spent) return false;
    const left = await tx.$count(recoveryCodes, and(eq(recoveryCodes.userId, user.id), isNull(recoveryCodes.usedAt)));
    await recordAudit(tx, { userId: user.id, username: user.username, requestId }, { action: 'auth.recovery_code_used', targetType: 'account', targetId: user.id, after: { left } }, now());
    return true;
  }

  async function markSessionVerified(executor: Db | Tx, sessionToken: string): Promise<void> {
    await executor.update(sessions).set({ secondFactorAt: now() }).where(eq(sessions.id, hashToken(sessionToken)));
  }

  return {
    /** A new secret to scan; it counts only once `enable` sees a correct code from it. */
    async beginEnrolment(user: SessionUser): Promise<{ secret: string; otpauthUrl: string; qrSvg: string }> {
      const [account] = await db.select({ enabled: adminUsers.totpSecret }).from(adminUsers).where(eq(adminUsers.id, user.id));
      if (account?.enabled) throw conflict(msg('Two-factor sign-in is already on'));
      const secret = new Secret({ size: 20 }).base32;
      await db.update(adminUsers).set({ totpPendingSecret: box.seal(secret) }).where(eq(adminUsers.id, user.id));
      const otpauthUrl = totpOf(secret, user.username, await deps.issuer()).toString();
      const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
      return { secret, otpauthUrl, qrSvg };
    },

    /**
     * The account's password and the first correct code turn it on, prove this session, and give the recovery
     * codes (shown once). The password: a session alone must not put its own authenticator on the account.
     */
    async enable(user: SessionUser, input: { code: string; currentPassword: string }, sessionToken: string, requestId: string): Promise<string[]> {
      const [owner] = await db.select({ passwordHash: adminUsers.passwordHash }).from(adminUsers).where(eq(adminUsers.id, user.id));
      if (!(await verifyPassword(input.currentPassword, owner?.passwordHash ?? dummyHash)) || !owner) throw wrongPassword();
      return db.transaction(async (tx) => {
        const [account] = await tx
          .select({ enabled: adminUsers.totpSecret, pending: adminUsers.totpPendingSecret })
          .from(adminUsers)
          .where(eq(adminUsers.id, user.id))
          .for('update');
        if (account?.enabled) throw conflict(msg('Two-factor sign-in is already on'));
        const pending = account?.pending ? secretOf(account.pending) : null;
        if (!pending) throw conflict(msg('Start the set-up first: no secret is waiting for a code'));
        if (!(await acceptTotp(tx, user.id, pending, input.code.trim()))) throw invalidCode();
        await tx.update(adminUsers).set({ totpSecret: account.pending, totpPendingSecret: null }).where(eq(adminUsers.id, user.id));
        const codes = Array.from({ length: twoFactorPolicy.recoveryCodes }, newRecoveryCode);
        await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
        await tx.insert(recoveryCodes).values(codes.map((c) => ({ userId: user.id, codeHash: hashRecoveryCode(c) })));
        await markSessionVerified(tx, sessionToken);
        await recordAudit(tx, actorOf(user, requestId), { action: 'auth.two_factor_on', targetType: 'account', targetId: user.id }, now());
        return codes;
      });
    },

    /** Off again, with a code (or a recovery code) as proof. */
    async disable(user: SessionUser, code: string, requestId: string): Promise<void> {
      await db.transaction(async (tx) => {
        if (!(await acceptCode(tx, user, code, requestId))) throw invalidCode();
        await tx.update(adminUsers).set({ totpSecret: null, totpPendingSecret: null, totpLastStep: null }).where(eq(adminUsers.id, user.id));
        await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
        await recordAudit(tx, actorOf(user, requestId), { action: 'auth.two_factor_off', targetType: 'account', targetId: user.id }, now());
      });
    },

    /** A fresh code for this session (before a freshCode action: money, accounts, bulk data). */
    async verify(user: SessionUser, code: string, sessionToken: string, requestId: string): Promise<void> {
      await db.transaction(async (tx) => {
        if (!(await acceptCode(tx, user, code, requestId))) throw invalidCode();
        await markSessionVerified(tx, sessionToken);
      });
    },

    /** After a right password on an account with two-factor on: a short-lived token for the code step. */
    async startChallenge(userId: string): Promise<string> {
      const token = crypto.randomBytes(32).toString('base64url');
      await db.delete(signInChallenges).where(lt(signInChallenges.expiresAt, now()));
      await db.insert(signInChallenges).values({ id: hashToken(token), userId, expiresAt: new Date(now().getTime() + twoFactorPolicy.challengeMs) });
      return token;
    },

    /** The account waiting on this challenge (or null when it is unknown or expired). */
    async challengeAccount(token: string): Promise<{ id: string; username: string; role: Role } | null> {
      const [row] = await db
        .select({ id: adminUsers.id, username: adminUsers.username, role: adminUsers.role })
        .from(signInChallenges)
        .innerJoin(adminUsers, eq(adminUsers.id, signInChallenges.userId))
        .where(and(eq(signInChallenges.id, hashToken(token)), gt(signInChallenges.expiresAt, now()), isNull(adminUsers.disabledAt)));
      return row ?? null;
    },

    /** The code step of a sign-in: a right code spends the challenge; a wrong one leaves it for another try. */
    async completeChallenge(token: string, account: { id: string; username: string }, code: string, requestId: string): Promise<void> {
      await db.transaction(async (tx) => {
        if (!(await acceptCode(tx, account, code, requestId))) throw invalidCode();
        const [spent] = await tx.delete(signInChallenges).where(eq(signInChallenges.id, hashToken(token))).returning({ id: signInChallenges.id });
        if (!spent) throw new AppError('unauthenticated', msg('Sign in again: the code step has expired'));
      });
    },

    /** How many recovery codes are left (the Account tab warns when few are). */
    async recoveryCodesLeft(userId: string): Promise<number> {
      return db.$count(recoveryCodes, and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
    },

    markSessionVerified: (sessionToken: string) => markSessionVerified(db, sessionToken),

    /** At start-up: plain-text secrets sealed, and the accounts whose secret another site's key sealed (their codes cannot be checked here). */
    async sealSecretsAtStart(): Promise<{ sealed: number; otherKey: { username: string; keyId: string }[] }> {
      return { sealed: await sealPlainSecrets(db, box), otherKey: await accountsSealedWithOtherKey(db, box) };
    },
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
