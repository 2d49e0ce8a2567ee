import crypto from 'node:crypto';
import { and, asc, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Role } from '../../shared/permissions.js';
import type { AccountUpdateInput, InviteAcceptInput, InviteCreated, InviteInput, InviteStatus, OrganizingTeam } from '../../shared/schemas/organizing-team.js';
import { recordAudit, type Actor } from '../audit/log.js';
import type { Db } from '../db/client.js';
import { accountInvites, adminUsers, sessions } from '../db/schema.js';
import { AppError, conflict, notFound } from '../http/errors.js';
import type { EventHub } from '../events/hub.js';
import type { Mailer } from '../mail/mailer.js';
import { hashPassword } from './passwords.js';
import { hashToken, type CheckedAccount } from './service.js';
import { msg } from '../../shared/i18n/msg.js';

export const invitePolicy = { validMs: 72 * 60 * 60 * 1000 } as const;

const invalidInvite = () => new AppError('not_found', msg('This invite link is not valid: it was used, withdrawn or has expired. Ask for a new one.'));
const lastOwner = () => conflict(msg('The last active owner cannot be demoted or disabled: make another account an owner first'));
// Every change to who is an active owner takes this lock first, so two owners cannot demote each other at once.
const OWNERS_LOCK = 7_320_020;

/**
 * The organizing team (owner only): its accounts, single-use invites (only the token's
 * hash is stored), role changes and disabling, which take effect on the account's next request.
 */
export function createOrganizingTeam(
  db: Db,
  deps: { now: () => Date; publicOrigin: string; mailer: Mailer; mailConfigured: boolean; siteName: () => Promise<string>; events: EventHub },
) {
  const { now } = deps;
  const openInvite = (tokenHash: string) =>
    and(eq(accountInvites.tokenHash, tokenHash), isNull(accountInvites.acceptedAt), isNull(accountInvites.revokedAt), gt(accountInvites.expiresAt, now()));

  return {
    async list(): Promise<OrganizingTeam> {
      const accounts = await db.select().from(adminUsers).orderBy(asc(adminUsers.createdAt));
      const inviters = new Map(accounts.map((a) => [a.id, a.username]));
      const invites = await db
        .select()
        .from(accountInvites)
        .where(and(isNull(accountInvites.acceptedAt), isNull(accountInvites.revokedAt), gt(accountInvites.expiresAt, now())))
        .orderBy(desc(accountInvites.createdAt));
      return {
        accounts: accounts.map((a) => ({
          id: a.id,
          username: a.username,
          role: a.role,
          twoFactorEnabled: !!a.totpSecret,
          lastSignInAt: a.lastSignInAt?.toISOString() ?? null,
          disabled: !!a.disabledAt,
          discordLinked: !!a.discordUserId,
          createdAt: a.createdAt.toISOString(),
        })),
        invites: invites.map((i) => ({
          id: i.id,
          role: i.role,
          email: i.email,
          createdBy: (i.createdBy && inviters.get(i.createdBy)) ?? null,
          createdAt: i.createdAt.toISOString(),
          expiresAt: i.expiresAt.toISOString(),
        })),
      };
    },

    /** A link valid for 72 hours, shown once; mailed too when an address is given and mail is configured. */
    async invite(actor: Actor, input: InviteInput): Promise<InviteCreated> {
      const token = crypto.randomBytes(32).toString('base64url');
      const expiresAt = new Date(now().getTime() + invitePolicy.validMs);
      const inviteUrl = `${deps.publicOrigin}/admin/invite/${token}`;
      const email = input.email || null;
      // Read before the transaction: the embedded database has one connection, which the transaction holds.
      const site = await deps.siteName();
      const mailed = await db.transaction(async (tx) => {
        const [invite] = await tx
          .insert(accountInvites)
          .values({ tokenHash: hashToken(token), role: input.role, email, createdBy: actor.userId, createdAt: now(), expiresAt })
          .returning({ id: accountInvites.id });
        await recordAudit(tx, actor, { action: 'account.invite', targetType: 'invite', targetId: invite.id, after: { role: input.role, email } }, now());
        if (!email || !deps.mailConfigured) return false;
        return deps.mailer.enqueue(
          {
            to: email,
            subject: `You are invited to run ${site}`,
            body: `${actor.username} invited you to the organizing team of ${site} as ${input.role}.\n\nPick a username and a password here (the link works once, until ${expiresAt.toUTCString()}):\n${inviteUrl}\n`,
          },
          tx,
        );
      });
      return { inviteUrl, expiresAt: expiresAt.toISOString(), mailed };
    },

    async revokeInvite(actor: Actor, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const [revoked] = await tx
          .update(accountInvites)
          .set({ revokedAt: now() })
          .where(and(eq(accountInvites.id, id), isNull(accountInvites.acceptedAt), isNull(accountInvites.revokedAt)))
          .returning({ id: accountInvites.id });
        if (!revoked) throw notFound('Invite');
        await recordAudit(tx, actor, { action: 'account.invite_revoke', targetType: 'invite', targetId: id }, now());
      });
    },

    /** What the invite page shows before the form: the role on offer (404 once used, withdrawn or expired). */
    async inviteStatus(token: string): Promise<InviteStatus> {
      const [invite] = await db.select().from(accountInvites).where(openInvite(hashToken(token)));
      if (!invite) throw invalidInvite();
      return { role: invite.role, expiresAt: invite.expiresAt.toISOString() };
    },

    /** Creates the account and spends the invite in one transaction: a link works once, even when clicked twice at once. */
    async acceptInvite(token: string, input: InviteAcceptInput, requestId: string): Promise<CheckedAccount> {
      const passwordHash = await hashPassword(input.password);
      return db.transaction(async (tx) => {
        const [invite] = await tx.select().from(accountInvites).where(openInvite(hashToken(token))).for('update');
        if (!invite) throw invalidInvite();
        const [taken] = await tx.select({ id: adminUsers.id }).from(adminUsers).where(sql`lower(${adminUsers.username}) = lower(${input.username})`);
        if (taken) throw new AppError('conflict', msg('That username is taken'), [{ path: 'username', message: msg('That username is taken: choose another') }]);
        const [created] = await tx.insert(adminUsers).values({ username: input.username, passwordHash, role: invite.role }).returning();
        await tx.update(accountInvites).set({ acceptedAt: now(), acceptedBy: created.id }).where(eq(accountInvites.id, invite.id));
        await recordAudit(
          tx,
          { userId: created.id, username: created.username, requestId },
          { action: 'account.invite_accept', targetType: 'invite', targetId: invite.id, after: { role: invite.role } },
          now(),
        );
        return { id: created.id, username: created.username, role: created.role, twoFactorEnabled: false };
      });
    },

    /**
     * A new role or (dis)abling; disabling ends every session of the account and unlinks its Discord
     * account (the staff role is taken from it: `accountDisabled`). The last active owner stays one.
     */
    async update(actor: Actor, id: string, input: AccountUpdateInput): Promise<void> {
      await deps.events.transaction(db, async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${OWNERS_LOCK})`);
        const [account] = await tx.select().from(adminUsers).where(eq(adminUsers.id, id)).for('update');
        if (!account) throw notFound('Account');
        const role: Role = input.role ?? account.role;
        const disabled = input.disabled ?? !!account.disabledAt;
        const stopsBeingActiveOwner = account.role === 'owner' && !account.disabledAt && (role !== 'owner' || disabled);
        if (stopsBeingActiveOwner) {
          const otherOwners = await tx.$count(adminUsers, and(eq(adminUsers.role, 'owner'), isNull(adminUsers.disabledAt), ne(adminUsers.id, id)));
          if (otherOwners === 0) throw lastOwner();
        }
        const isDisabling = disabled && !account.disabledAt;
        await tx
          .update(adminUsers)
          // Disabling also forgets the linked Discord account (personal data with no use left): enabled again, the member links again.
          .set({ role, disabledAt: disabled ? (account.disabledAt ?? now()) : null, ...(isDisabling ? { discordUserId: null, discordUsername: null } : {}) })
          .where(eq(adminUsers.id, id));
        const target = { targetType: 'account' as const, targetId: id };
        if (role !== account.role) await recordAudit(tx, actor, { action: 'account.role_change', ...target, before: { username: account.username, role: account.role }, after: { role } }, now());
        if (isDisabling) {
          const ended = await tx.delete(sessions).where(eq(sessions.userId, id)).returning({ id: sessions.id });
          await recordAudit(tx, actor, { action: 'account.disable', ...target, before: { username: account.username }, after: { sessionsEnded: ended.length } }, now());
          await deps.events.emit(tx, 'accountDisabled', { accountId: id, discordUserId: account.discordUserId });
        }
        if (!disabled && account.disabledAt) {
          await recordAudit(tx, actor, { action: 'account.enable', ...target, before: { username: account.username } }, now());
          await deps.events.emit(tx, 'accountEnabled', { accountId: id });
        }
      });
    },
  };
}

export type OrganizingTeamService = ReturnType<typeof createOrganizingTeam>;
