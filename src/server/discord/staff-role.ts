import crypto from 'node:crypto';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { adminUsers, discordJobs, discordStaffRole } from '../db/schema.js';
import { DiscordUnavailableError, type DiscordApi } from './discord-api.js';
import { enqueueDiscordJob, type DiscordJob, type JobHandlers, type JobOutcome } from './outbox.js';

/** What the site names the one role it creates for its organizing team. */
export const staffRoleName = 'Tournament staff';

/**
 * The keys of the staff role's jobs: the role once; a grant and a removal per link, unlink,
 * disabling or enabling (the same account may be linked, unlinked and linked again).
 */
export const staffRoleJobKeys = {
  create: 'staff-role:create',
  add: (accountId: string) => `staff-role:add:${accountId}:${crypto.randomUUID()}`,
  remove: (accountId: string) => `staff-role:remove:${accountId}:${crypto.randomUUID()}`,
};

const done = (note?: string): JobOutcome => ({ done: true, note });

/**
 * The staff role on the Discord server: one role for the whole site, created by the first grant
 * (once: its key), given to the Discord account a staff account linked (admin_users.discord_user_id)
 * while the account is enabled, and taken away when it unlinks or is disabled. Match channels let it
 * in (match-channels.ts). Every change is an outbox job stored in the transaction of the change.
 */
export function createStaffRole({ db, api, now }: { db: Db; api: Pick<DiscordApi, 'createRole' | 'addMemberRole' | 'removeMemberRole'>; now: () => Date }) {
  /** The role's id on the server, once created. */
  async function roleId(executor: Db | Tx = db): Promise<string | null> {
    const [row] = await executor.select({ roleId: discordStaffRole.roleId }).from(discordStaffRole);
    return row?.roleId ?? null;
  }

  /** Another enabled staff account linked the same Discord account: the role stays with it. */
  async function linkedToAnotherAccount(job: DiscordJob): Promise<boolean> {
    const others = await db
      .select({ id: adminUsers.id })
      .from(adminUsers)
      .where(
        and(eq(adminUsers.discordUserId, job.discordUserId!), isNull(adminUsers.disabledAt), ...(job.adminUserId ? [ne(adminUsers.id, job.adminUserId)] : [])),
      );
    return others.length > 0;
  }

  const handlers: Pick<JobHandlers, 'create-staff-role' | 'add-staff-role' | 'remove-staff-role'> = {
    async 'create-staff-role'() {
      if (await roleId()) return done();
      const created = await api.createRole(staffRoleName);
      await db.insert(discordStaffRole).values({ roleId: created, createdAt: now() }).onConflictDoNothing();
      return done();
    },

    async 'add-staff-role'(job) {
      if (!job.discordUserId) return done('the account was unlinked');
      const id = await roleId();
      if (!id) return { done: false, problem: 'the staff role is not created yet' };
      await api.addMemberRole(job.discordUserId, id);
      return done();
    },

    async 'remove-staff-role'(job) {
      const id = await roleId();
      if (!job.discordUserId || !id) return done('no role to take away');
      if (await linkedToAnotherAccount(job)) return done('another staff account linked the same Discord account');
      try {
        await api.removeMemberRole(job.discordUserId, id);
      } catch (error) {
        if (error instanceof DiscordUnavailableError && error.status === 404) return done('not on the server any more');
        throw error;
      }
      return done();
    },
  };

  /** Whether the account was ever given the role (or is to be): only then is there one to take away. */
  async function wasGranted(tx: Tx, accountId: string): Promise<boolean> {
    const [grant] = await tx
      .select({ id: discordJobs.id })
      .from(discordJobs)
      .where(and(eq(discordJobs.adminUserId, accountId), eq(discordJobs.kind, 'add-staff-role')))
      .limit(1);
    return !!grant;
  }

  return {
    handlers,
    roleId,

    /** The account linked Discord or was enabled: its linked account gets the role (created first if need be). */
    async grant(tx: Tx, accountId: string): Promise<void> {
      const [account] = await tx
        .select({ discordUserId: adminUsers.discordUserId, disabledAt: adminUsers.disabledAt })
        .from(adminUsers)
        .where(eq(adminUsers.id, accountId));
      if (!account?.discordUserId || account.disabledAt) return;
      const at = now();
      if (!(await roleId(tx))) await enqueueDiscordJob(tx, { key: staffRoleJobKeys.create, kind: 'create-staff-role', adminUserId: null }, at);
      await enqueueDiscordJob(
        tx,
        { key: staffRoleJobKeys.add(accountId), kind: 'add-staff-role', adminUserId: accountId, discordUserId: account.discordUserId },
        at,
      );
    },

    /** The account unlinked `discordUserId` (read before it was cleared) or was disabled: the role is taken from it. */
    async revoke(tx: Tx, accountId: string, discordUserId: string | null): Promise<void> {
      if (!discordUserId || !(await wasGranted(tx, accountId))) return;
      await enqueueDiscordJob(tx, { key: staffRoleJobKeys.remove(accountId), kind: 'remove-staff-role', adminUserId: accountId, discordUserId }, now());
    },
  };
}

export type StaffRole = ReturnType<typeof createStaffRole>;
