import crypto from 'node:crypto';
import { and, eq, isNotNull, isNull, lt, ne, notInArray } from 'drizzle-orm';
import { msg } from '../../shared/i18n/msg.js';
import type { Db, Tx } from '../db/client.js';
import { serverTranslator } from '../i18n/server-catalogs.js';
import { adminUsers, discordJobs, discordMatchChannels, discordStaffRole } from '../db/schema.js';
import { isUnknownRole, type DiscordApi } from './discord-api.js';
import { channelJobKeys } from './match-channels.js';
import { enqueueDiscordJob, maxJobAttempts, reviveDiscordJob, type DiscordJob, type JobHandlers } from './outbox.js';
import { done, takeRole, wasGranted } from './role-jobs.js';
import { siteLanguageOf, type DiscordLanguage } from './site-language.js';

/** What the site names the one role it creates for its organizing team. */
export const staffRoleName = msg('Tournament staff');

/**
 * The keys of the staff role's jobs: the role once; a grant and a removal per link, unlink,
 * disabling or enabling (the same account may be linked, unlinked and linked again).
 */
export const staffRoleJobKeys = {
  create: 'staff-role:create',
  add: (accountId: string) => `staff-role:add:${accountId}:${crypto.randomUUID()}`,
  remove: (accountId: string) => `staff-role:remove:${accountId}:${crypto.randomUUID()}`,
};

/**
 * The staff role on the Discord server: one role for the whole site, created by the first grant
 * (once: its key), given to the Discord account a staff account linked (admin_users.discord_user_id)
 * while the account is enabled, and taken away when it unlinks or is disabled. Match channels let it
 * in (match-channels.ts): those made before it existed get it once it is created. Deleted on Discord
 * (Discord answers Unknown Role), it is forgotten and created again, and given again to every linked
 * account and open channel. Every change is an outbox job stored in the transaction of the change.
 */
export function createStaffRole({
  db,
  api,
  now,
  language = siteLanguageOf(db),
}: {
  db: Db;
  api: Pick<DiscordApi, 'createRole' | 'addMemberRole' | 'removeMemberRole'>;
  now: () => Date;
  /** The language the role is named in: the site's default language (its settings) by default. */
  language?: DiscordLanguage;
}) {
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

  /**
   * The role was created (again): each enabled linked account whose grant is not waiting already gets
   * it, and each open match channel lets it in (channels made before it, or while it was lost).
   */
  async function roleCreated(tx: Tx, createdId: string, at: Date): Promise<void> {
    const waiting = tx
      .select({ id: discordJobs.adminUserId })
      .from(discordJobs)
      .where(
        and(eq(discordJobs.kind, 'add-staff-role'), isNull(discordJobs.doneAt), lt(discordJobs.attempts, maxJobAttempts), isNotNull(discordJobs.adminUserId)),
      );
    const accounts = await tx
      .select({ id: adminUsers.id, discordUserId: adminUsers.discordUserId })
      .from(adminUsers)
      .where(and(isNotNull(adminUsers.discordUserId), isNull(adminUsers.disabledAt), notInArray(adminUsers.id, waiting)));
    for (const account of accounts) {
      await enqueueDiscordJob(
        tx,
        { key: staffRoleJobKeys.add(account.id), kind: 'add-staff-role', adminUserId: account.id, discordUserId: account.discordUserId! },
        at,
      );
    }
    const open = await tx.select().from(discordMatchChannels).where(isNull(discordMatchChannels.archivedAt));
    for (const channel of open) {
      const { matchId, team1Id, team2Id, tournamentId } = channel;
      await enqueueDiscordJob(
        tx,
        { key: channelJobKeys.staffOverwrite(matchId, team1Id, team2Id, createdId), kind: 'add-staff-overwrite', tournamentId, matchId },
        at,
      );
    }
  }

  /** Discord answered Unknown Role for `lostId`: the row is forgotten and the role created again (its job asked anew). */
  async function roleLost(lostId: string): Promise<void> {
    await db.transaction(async (tx) => {
      await tx.delete(discordStaffRole).where(eq(discordStaffRole.roleId, lostId));
      await enqueueDiscordJob(tx, { key: staffRoleJobKeys.create, kind: 'create-staff-role', adminUserId: null }, now());
      await reviveDiscordJob(tx, staffRoleJobKeys.create, now(), { evenIfDone: true });
    });
  }

  const handlers: Pick<JobHandlers, 'create-staff-role' | 'add-staff-role' | 'remove-staff-role'> = {
    async 'create-staff-role'() {
      if (await roleId()) return done();
      const created = await api.createRole(serverTranslator(await language())(staffRoleName));
      await db.transaction(async (tx) => {
        const [stored] = await tx.insert(discordStaffRole).values({ roleId: created, createdAt: now() }).onConflictDoNothing().returning();
        if (stored) await roleCreated(tx, created, now());
      });
      return done();
    },

    async 'add-staff-role'(job) {
      if (!job.discordUserId) return done('the account was unlinked');
      const id = await roleId();
      // Its creation was given up (or the role lost): the creation, once asked again, gives it to every linked account.
      if (!id) return done('no staff role yet: given when it is created');
      try {
        await api.addMemberRole(job.discordUserId, id);
      } catch (error) {
        if (!isUnknownRole(error)) throw error;
        await roleLost(id);
        return done('the staff role was deleted on Discord: given when it is created again');
      }
      return done();
    },

    async 'remove-staff-role'(job) {
      const id = await roleId();
      if (!job.discordUserId || !id) return done('no role to take away');
      if (await linkedToAnotherAccount(job)) return done('another staff account linked the same Discord account');
      return takeRole(api, job.discordUserId, id);
    },
  };

  return {
    handlers,
    roleId,
    roleLost,

    /** The account linked Discord or was enabled: its linked account gets the role (created first if need be). */
    async grant(tx: Tx, accountId: string): Promise<void> {
      const [account] = await tx
        .select({ discordUserId: adminUsers.discordUserId, disabledAt: adminUsers.disabledAt })
        .from(adminUsers)
        .where(eq(adminUsers.id, accountId));
      if (!account?.discordUserId || account.disabledAt) return;
      const at = now();
      if (!(await roleId(tx))) {
        // Its creation given up earlier (Discord refused, or failed ten times): this grant asks again.
        await enqueueDiscordJob(tx, { key: staffRoleJobKeys.create, kind: 'create-staff-role', adminUserId: null }, at);
        await reviveDiscordJob(tx, staffRoleJobKeys.create, at);
      }
      await enqueueDiscordJob(
        tx,
        { key: staffRoleJobKeys.add(accountId), kind: 'add-staff-role', adminUserId: accountId, discordUserId: account.discordUserId },
        at,
      );
    },

    /** The account unlinked `discordUserId` (read before it was cleared) or was disabled: the role is taken from it. */
    async revoke(tx: Tx, accountId: string, discordUserId: string | null): Promise<void> {
      if (!discordUserId || !(await wasGranted(tx, { adminUserId: accountId }))) return;
      await enqueueDiscordJob(tx, { key: staffRoleJobKeys.remove(accountId), kind: 'remove-staff-role', adminUserId: accountId, discordUserId }, now());
    },
  };
}

export type StaffRole = ReturnType<typeof createStaffRole>;
