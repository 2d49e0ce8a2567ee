import { and, desc, eq, isNull } from 'drizzle-orm';
import type { MyTeam } from '../../shared/schemas/discord.js';
import { teamPath } from '../../shared/paths.js';
import type { Db } from '../db/client.js';
import { teams, tournaments } from '../db/schema.js';

/**
 * The teams a Discord account registered: every team whose captain connected it at step 2 (or
 * that was registered again from one), in any cup, newest cup first. Erased teams (their Discord id
 * is gone anyway) and deleted cups are left out. Each links to its team page without a key: the
 * team link guard lets the signed-in captain of the team in (teams/team-link.ts).
 */
export async function teamsOfDiscordUser(db: Db, discordUserId: string): Promise<MyTeam[]> {
  const rows = await db
    .select({
      id: teams.id,
      name: teams.name,
      paymentStatus: teams.paymentStatus,
      withdrawnAt: teams.withdrawnAt,
      tournament: { id: tournaments.id, name: tournaments.name, slug: tournaments.slug, startsAt: tournaments.tournamentDate },
    })
    .from(teams)
    .innerJoin(tournaments, eq(tournaments.id, teams.tournamentId))
    .where(and(eq(teams.discordUserId, discordUserId), isNull(teams.erasedAt), isNull(tournaments.deletedAt)))
    .orderBy(desc(tournaments.tournamentDate), desc(teams.createdAt));
  return rows.map((row) => ({
    ...row,
    withdrawnAt: row.withdrawnAt?.toISOString() ?? null,
    tournament: { ...row.tournament, startsAt: row.tournament.startsAt.toISOString() },
    teamPagePath: teamPath(row.id),
  }));
}
