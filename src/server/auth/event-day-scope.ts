import type { FastifyRequest } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import { can } from '../../shared/permissions.js';
import { isFeatured, isOnTheDay, phaseOf } from '../../shared/tournament-phase.js';
import type { Db } from '../db/client.js';
import { matches, teams, tournaments } from '../db/schema.js';
import { bracketProgress } from '../tournaments/phase.js';
import { forbidden, signedInUser } from './guard.js';

/**
 * Staff check teams in and enter results on the day. Several tournaments run at once (issue 31),
 * so the day is not only the featured one's: staff act on the featured tournament (whatever its
 * phase, as before) and on every other one that is in check-in or running (shared/tournament-phase.ts
 * `isOnTheDay`), never on one that is cancelled, deleted, a draft, still registering or finished.
 * Roles with `anyTournament` skip the look-up. An unknown team or match passes through to the
 * service's 404.
 */
export function createEventDayScope(db: Db, now: () => Date = () => new Date()) {
  async function assertOnTheDay(request: FastifyRequest, tournamentOf: () => Promise<string | undefined>): Promise<void> {
    const user = await signedInUser(request);
    if (can(user.role, 'anyTournament')) return;
    const tournamentId = await tournamentOf();
    if (!tournamentId) return;
    const [tournament] = await db.select().from(tournaments).where(and(eq(tournaments.id, tournamentId), isNull(tournaments.deletedAt)));
    if (!tournament) throw forbidden();
    if (isFeatured(tournament)) return;
    if (!isOnTheDay(phaseOf(tournament, now(), await bracketProgress(db, tournament.id)))) throw forbidden();
  }

  return {
    team: (request: FastifyRequest, teamId: string) =>
      assertOnTheDay(request, async () => (await db.select({ id: teams.tournamentId }).from(teams).where(eq(teams.id, teamId)))[0]?.id),
    match: (request: FastifyRequest, matchId: string) =>
      assertOnTheDay(request, async () => (await db.select({ id: matches.tournamentId }).from(matches).where(eq(matches.id, matchId)))[0]?.id),
  };
}

export type EventDayScope = ReturnType<typeof createEventDayScope>;
