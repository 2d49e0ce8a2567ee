import { and, eq, isNull } from 'drizzle-orm';
import { poolTooSmallMessage } from '../../shared/match/scoring.js';
import type { BestOf, MatchDetail } from '../../shared/schemas/match.js';
import type { Tournament } from '../../shared/schemas/tournament.js';
import { recordAudit, type Actor } from '../audit/log.js';
import type { Db } from '../db/client.js';
import { matches, tournaments } from '../db/schema.js';
import { requireEventHub, type EventHub } from '../events/hub.js';
import { AppError, conflict, notFound } from '../http/errors.js';
import { afterCommit } from '../http/public-data.js';
import { siteMapPool } from '../site/map-pool.js';
import { toTournament } from '../tournaments/service.js';
import { loadMatchContext, matchDetailOf, playedMapsOf, vetoLogOf } from './match-view.js';

export const matchStartedMessage = 'The match has started: its best-of can no longer change';
export const vetoBegunMessage = 'A map veto has begun: the map pool can no longer change';

/**
 * What the organizer settles before matches are played: a match's best-of (while it has not
 * started) and the tournament's map pool (while no veto has begun, as the logs replay on it).
 */
export function createSeriesSettings(db: Db, now: () => Date, events: EventHub) {
  const announce = afterCommit(requireEventHub(events, 'createSeriesSettings'));

  return {
    /** PATCH /api/matches/{id}: refused once the veto has an action, or a map or a result is in. */
    async setBestOf(matchId: string, bestOf: BestOf, actor: Actor): Promise<MatchDetail> {
      return announce(db.transaction(async (tx) => {
        const context = await loadMatchContext(tx, matchId, { lock: true });
        const { row, match, pool, bracket } = context;
        if (match.isBye) throw conflict('A bye is not played: it has no best-of');
        const started = match.winnerTeamId !== null || row.forfeit || playedMapsOf(row, match).length > 0 || vetoLogOf(row, match).length > 0;
        if (started) throw conflict(matchStartedMessage);
        if (pool.length < bestOf + 1) throw new AppError('validation', poolTooSmallMessage(pool.length, bestOf), [{ path: 'bestOf', message: poolTooSmallMessage(pool.length, bestOf) }]);
        if (bestOf !== row.bestOf) {
          await tx.update(matches).set({ bestOf }).where(eq(matches.id, matchId));
          await recordAudit(
            tx,
            actor,
            { action: 'match.best_of', targetType: 'tournament', targetId: bracket.tournamentId, tournamentId: bracket.tournamentId, before: { match: row.key, bestOf: row.bestOf }, after: { match: row.key, bestOf } },
            now(),
          );
        }
        return matchDetailOf(tx, { ...context, row: { ...row, bestOf } });
      }));
    },

    /**
     * PUT /api/tournaments/{id}/map-pool: its own pool, or (an empty list) the site's default again.
     * The pool must leave a veto possible for the largest best-of of its bracket.
     */
    async setMapPool(tournamentId: string, maps: string[], actor: Actor): Promise<Tournament> {
      return announce(db.transaction(async (tx) => {
        const [before] = await tx.select().from(tournaments).where(and(eq(tournaments.id, tournamentId), isNull(tournaments.deletedAt))).for('no key update');
        if (!before) throw notFound('Tournament');
        const rows = await tx.select({ bestOf: matches.bestOf, veto: matches.veto }).from(matches).where(eq(matches.tournamentId, tournamentId)).for('update');
        if (rows.some((row) => (row.veto?.log.length ?? 0) > 0)) throw conflict(vetoBegunMessage);
        const sitePool = await siteMapPool(tx);
        const pool = maps.length ? maps.map((map) => map.trim()) : sitePool;
        const largest = Math.max(1, ...rows.map((row) => row.bestOf)) as BestOf;
        if (pool.length < largest + 1) throw new AppError('validation', poolTooSmallMessage(pool.length, largest), [{ path: 'maps', message: poolTooSmallMessage(pool.length, largest) }]);
        const [row] = await tx
          .update(tournaments)
          .set({ mapPool: maps.length ? pool : null, updatedAt: now() })
          .where(eq(tournaments.id, tournamentId))
          .returning();
        await recordAudit(
          tx,
          actor,
          { action: 'tournament.map_pool', targetType: 'tournament', targetId: tournamentId, tournamentId, before: { mapPool: before.mapPool }, after: { mapPool: row.mapPool } },
          now(),
        );
        return toTournament(row, sitePool);
      }));
    },
  };
}

export type SeriesSettings = ReturnType<typeof createSeriesSettings>;
