import crypto from 'node:crypto';
import { and, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { discordCupRoles, discordJobs, teams, tournaments } from '../db/schema.js';
import { confirmed } from '../teams/lifecycle/rules.js';
import type { DiscordApi } from './discord-api.js';
import { enqueueDiscordJob, type CupJob, type JobHandlers } from './outbox.js';
import { done, takeRole, wasGranted } from './role-jobs.js';

/** The keys that make each role job once: one role per cup, one grant and one removal per team. */
export const roleJobKeys = {
  create: (tournamentId: string) => `role:create:${tournamentId}`,
  add: (teamId: string) => `role:add:${teamId}`,
  remove: (teamId: string) => `role:remove:${teamId}`,
};

/**
 * The cup's captain role on the Discord server: created by the site once per cup (named after it),
 * given to the connected captain (teams.discord_user_id) of a confirmed team, taken away when the
 * team withdraws, is removed, is refunded in full, or its data is erased. Each change is a job
 * stored in the transaction of the change (discord/outbox.ts), never a call made in a request.
 */
export function createCupRoles({ db, api, now }: { db: Db; api: Pick<DiscordApi, 'createRole' | 'addMemberRole' | 'removeMemberRole'>; now: () => Date }) {
  async function roleOf(tournamentId: string): Promise<string | null> {
    const [row] = await db.select({ roleId: discordCupRoles.roleId }).from(discordCupRoles).where(eq(discordCupRoles.tournamentId, tournamentId));
    return row?.roleId ?? null;
  }

  /**
   * Whether the job's account is also the connected captain of another team of the same cup that is
   * still confirmed and was given the role too (one person may captain two teams): the role is the
   * cup's, so it stays. A team whose grant was never stored holds nothing to keep.
   */
  async function captainsAnotherConfirmedTeam(job: CupJob): Promise<boolean> {
    const granted = db.select({ teamId: discordJobs.teamId }).from(discordJobs).where(and(eq(discordJobs.kind, 'add-role'), isNotNull(discordJobs.teamId)));
    const others = await db
      .select()
      .from(teams)
      .where(
        and(
          eq(teams.tournamentId, job.tournamentId),
          eq(teams.discordUserId, job.discordUserId!),
          inArray(teams.id, granted),
          ...(job.teamId ? [ne(teams.id, job.teamId)] : []),
        ),
      );
    const at = now();
    return others.some((team) => confirmed.holds(team, at));
  }

  const handlers: Pick<JobHandlers, 'create-role' | 'add-role' | 'remove-role'> = {
    async 'create-role'(job: CupJob) {
      if (await roleOf(job.tournamentId)) return done();
      const [tournament] = await db.select({ name: tournaments.name }).from(tournaments).where(eq(tournaments.id, job.tournamentId));
      if (!tournament) return done('the cup is gone');
      const roleId = await api.createRole(tournament.name);
      await db.insert(discordCupRoles).values({ tournamentId: job.tournamentId, roleId, createdAt: now() }).onConflictDoNothing();
      return done();
    },

    async 'add-role'(job: CupJob) {
      // Erased meanwhile: the account is no longer known.
      if (!job.discordUserId) return done('the account was erased');
      const roleId = await roleOf(job.tournamentId);
      if (!roleId) return { done: false, problem: "the cup's role is not created yet" };
      await api.addMemberRole(job.discordUserId, roleId);
      return done();
    },

    async 'remove-role'(job: CupJob) {
      const roleId = await roleOf(job.tournamentId);
      if (!job.discordUserId || !roleId) return done('no role to take away');
      // Read when sent, not when asked: a grant for the other team may be sent in between.
      if (await captainsAnotherConfirmedTeam(job)) return done('the account captains another confirmed team of the cup');
      return takeRole(api, job.discordUserId, roleId);
    },
  };

  /**
   * The team is confirmed and its captain connected (whichever came last): the cup's role is
   * created if it is not yet, and given (under `key`: the team's grant, or a replaced account's).
   */
  async function grantIfConfirmed(tx: Tx, teamId: string, key = roleJobKeys.add(teamId)): Promise<void> {
    const at = now();
    const [row] = await tx
      .select({ team: teams, roleId: discordCupRoles.roleId })
      .from(teams)
      .leftJoin(discordCupRoles, eq(discordCupRoles.tournamentId, teams.tournamentId))
      .where(eq(teams.id, teamId));
    if (!row?.team.discordUserId || !confirmed.holds(row.team, at)) return;
    const { tournamentId } = row.team;
    if (!row.roleId) await enqueueDiscordJob(tx, { key: roleJobKeys.create(tournamentId), kind: 'create-role', tournamentId }, at);
    await enqueueDiscordJob(tx, { key, kind: 'add-role', tournamentId, teamId, discordUserId: row.team.discordUserId }, at);
  }

  /**
   * The team gave up its place (or its data): the role goes from the account it was given to.
   * `account` is the id read before an erasure cleared it; otherwise the team's.
   */
  async function revoke(tx: Tx, teamId: string, account?: { tournamentId: string; discordUserId: string | null }): Promise<void> {
    if (!(await wasGranted(tx, { teamId }))) return;
    const [team] = account ? [account] : await tx.select({ tournamentId: teams.tournamentId, discordUserId: teams.discordUserId }).from(teams).where(eq(teams.id, teamId));
    if (!team?.discordUserId) return;
    await enqueueDiscordJob(
      tx,
      { key: roleJobKeys.remove(teamId), kind: 'remove-role', tournamentId: team.tournamentId, teamId, discordUserId: team.discordUserId },
      now(),
    );
  }

  /** The team, if the account its captain connected replaces one given the role. */
  async function replacing(tx: Tx, teamId: string, previousDiscordUserId: string | null) {
    const [team] = await tx.select({ tournamentId: teams.tournamentId, discordUserId: teams.discordUserId }).from(teams).where(eq(teams.id, teamId));
    const isReplacement = !!team && !!previousDiscordUserId && previousDiscordUserId !== team.discordUserId && (await wasGranted(tx, { teamId }));
    return isReplacement ? team : null;
  }

  return {
    handlers,
    grantIfConfirmed,
    revoke,

    /** A refund in full, told after its commit: the removal is stored in a transaction of its own. */
    revokeCommitted: (teamId: string) => db.transaction((tx) => revoke(tx, teamId)),

    /**
     * The captain connected an account that replaces one given the role: the old one loses it (a
     * removal of this connection's), and the new one gets it (`accountConnected`, a grant of its own).
     */
    async accountReplaced(tx: Tx, teamId: string, previousDiscordUserId: string | null): Promise<void> {
      const team = await replacing(tx, teamId, previousDiscordUserId);
      if (!team) return;
      const key = `${roleJobKeys.remove(teamId)}:${crypto.randomUUID()}`;
      await enqueueDiscordJob(tx, { key, kind: 'remove-role', tournamentId: team.tournamentId, teamId, discordUserId: previousDiscordUserId! }, now());
    },

    /** The captain connected an account: it gets the role if the team is confirmed. */
    async accountConnected(tx: Tx, teamId: string, previousDiscordUserId: string | null): Promise<void> {
      const isReplacement = !!(await replacing(tx, teamId, previousDiscordUserId));
      await grantIfConfirmed(tx, teamId, isReplacement ? `${roleJobKeys.add(teamId)}:${crypto.randomUUID()}` : roleJobKeys.add(teamId));
    },
  };
}

export type CupRoles = ReturnType<typeof createCupRoles>;
