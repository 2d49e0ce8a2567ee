import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { lookAlikeKey } from '../../../shared/look-alike.js';
import { teamMembers, teams } from '../../db/schema.js';
import type { Executor } from './spots.js';

/**
 * A team's name and Riot IDs are taken while it is in the tournament: an unreleased team holds its
 * name, and each `team_members` row its Riot ID until `released` is written (a transition giving
 * up its place, or an erasure).
 */

/**
 * A team name or Riot ID already held by another unreleased team of the tournament, compared on
 * their look-alike keys (shared/look-alike.ts); `exceptTeamId` leaves a team's own rows out (a late
 * payment re-admitting it). A taken Riot ID comes back as its holder spelled it, with its key.
 */
export async function findRosterConflict(
  executor: Executor,
  { tournamentId, name, riotIds, exceptTeamId }: { tournamentId: string; name: string; riotIds: string[]; exceptTeamId?: string },
): Promise<{ kind: 'name' } | { kind: 'riotId'; riotId: string; key: string } | null> {
  const nameTaken = and(
    eq(teams.tournamentId, tournamentId),
    exceptTeamId ? ne(teams.id, exceptTeamId) : undefined,
    isNull(teams.releasedAt),
    isNull(teams.erasedAt),
    eq(teams.nameKey, lookAlikeKey(name)),
  );
  const idTaken = riotIds.length
    ? and(
        eq(teamMembers.tournamentId, tournamentId),
        exceptTeamId ? ne(teamMembers.teamId, exceptTeamId) : undefined,
        eq(teamMembers.released, false),
        inArray(teamMembers.riotIdKey, riotIds.map(lookAlikeKey)),
      )
    : sql`false`;
  // One round trip for both checks (a registration burst pays per query); a taken name is reported first.
  const rows = (await executor.execute(sql`
    (select 'name' as kind, null::text as riot_id, null::text as riot_id_key from ${teams} where ${nameTaken} limit 1)
    union all
    (select 'riotId' as kind, ${teamMembers.riotId} as riot_id, ${teamMembers.riotIdKey} as riot_id_key from ${teamMembers} where ${idTaken} limit 1)`)) as unknown as {
    rows: { kind: 'name' | 'riotId'; riot_id: string | null; riot_id_key: string | null }[];
  };
  if (rows.rows.some((row) => row.kind === 'name')) return { kind: 'name' };
  const id = rows.rows.find((row) => row.kind === 'riotId');
  return id ? { kind: 'riotId', riotId: id.riot_id!, key: id.riot_id_key! } : null;
}

/** The teams' Riot IDs are free again (their place given up, or their data erased). */
export async function releaseRoster(executor: Executor, teamIds: string[]): Promise<void> {
  if (teamIds.length) await executor.update(teamMembers).set({ released: true }).where(inArray(teamMembers.teamId, teamIds));
}
