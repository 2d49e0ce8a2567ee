import { and, eq } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { discordJobs } from '../db/schema.js';
import { DiscordUnavailableError, type DiscordApi } from './discord-api.js';
import type { JobOutcome } from './outbox.js';

/** What the cups' captain roles (cup-roles.ts) and the staff role (staff-role.ts) do alike. */

export const done = (note?: string): JobOutcome => ({ done: true, note });

/** Takes the role from the account: one that left the server (or a role deleted there, 404) has nothing left to take. */
export async function takeRole(api: Pick<DiscordApi, 'removeMemberRole'>, discordUserId: string, roleId: string): Promise<JobOutcome> {
  try {
    await api.removeMemberRole(discordUserId, roleId);
  } catch (error) {
    if (error instanceof DiscordUnavailableError && error.status === 404) return done('not on the server any more');
    throw error;
  }
  return done();
}

/** Whether the team's (or the account's) role was ever given, or is to be: only then is there one to take away. */
export async function wasGranted(tx: Tx, holder: { teamId: string } | { adminUserId: string }): Promise<boolean> {
  const [grant] = await tx
    .select({ id: discordJobs.id })
    .from(discordJobs)
    .where(
      'teamId' in holder
        ? and(eq(discordJobs.teamId, holder.teamId), eq(discordJobs.kind, 'add-role'))
        : and(eq(discordJobs.adminUserId, holder.adminUserId), eq(discordJobs.kind, 'add-staff-role')),
    )
    .limit(1);
  return !!grant;
}
