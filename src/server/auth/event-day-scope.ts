import type { FastifyRequest } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import { can } from '../../shared/permissions.js';
import type { Db } from '../db/client.js';
import { matches, teams, tournaments } from '../db/schema.js';
import { forbidden, signedInUser } from './guard.js';

/**
 * Staff check teams in and enter results on the day, for the tournament that is live: not for any
 * other one. The tournament a team or match belongs to is compared with the active one; roles with
 * `anyTournament` skip the look-up. An unknown team or match passes through to the service's 404.
 */
export function createEventDayScope(db: Db) {
  async function assertLive(request: FastifyRequest, tournamentOf: () => Promise<string | undefined>): Promise<void> {
    const user = await signedInUser(request);
    if (can(user.role, 'anyTournament')) return;
    const tournamentId = await tournamentOf();
    if (!tournamentId) return;
    const [live] = await db
      .select({ id: tournaments.id })
      .from(tournaments)
      .where(and(eq(tournaments.id, tournamentId), eq(tournaments.status, 'active'), isNull(tournaments.deletedAt)));
    if (!live) throw forbidden();
  }

  return {
    team: (request: FastifyRequest, teamId: string) =>
      assertLive(request, async () => (await db.select({ id: teams.tournamentId }).from(teams).where(eq(teams.id, teamId)))[0]?.id),
    match: (request: FastifyRequest, matchId: string) =>
      assertLive(request, async () => (await db.select({ id: matches.tournamentId }).from(matches).where(eq(matches.id, matchId)))[0]?.id),
  };
}

export type EventDayScope = ReturnType<typeof createEventDayScope>;
