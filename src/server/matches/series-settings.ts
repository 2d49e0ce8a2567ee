import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { poolTooSmallMessage } from '../../shared/match/scoring.js';
import type { Bracket } from '../../shared/schemas/bracket.js';
import type { BestOf, MatchDetail } from '../../shared/schemas/match.js';
import type { Tournament } from '../../shared/schemas/tournament.js';
import { recordAudit, type Actor } from '../audit/log.js';
import type { Db } from '../db/client.js';
import { brackets, matches, tournaments } from '../db/schema.js';
import { requireEventHub, type EventHub } from '../events/hub.js';
import { AppError, conflict, notFound } from '../http/errors.js';
import { afterCommit } from '../http/public-data.js';
import { siteMapPool } from '../site/map-pool.js';
import { bracketViewOf } from '../bracket/service.js';
import { toTournament } from '../tournaments/service.js';
import { deriveFromRows, loadMatchContext, matchDetailOf, playedMapsOf, vetoLogOf } from './match-view.js';
import { msg } from '../../shared/i18n/msg.js';
import { withValues } from '../http/message-values.js';

export const matchStartedMessage = msg('The match has started: its best-of can no longer change');
export const matchDecidedTimeMessage = msg('This match has a result: its time can no longer change');
export const vetoBegunMessage = msg('A map veto has begun: the map pool can no longer change');
/** The texts of a round's time (tested word for word). */
export const roundTimeMessages = {
  noBracket: msg('This tournament has no bracket yet'),
  confirmed: msg('The champions are recorded: match times can no longer change'),
  cancelled: msg('The tournament is cancelled'),
  noRound: (rounds: number) => withValues(msg('The bracket has {count, plural, =1 {{count} round} other {{count} rounds}}'), { count: String(rounds) }),
  allDecided: msg('Every match of this round has a result'),
} as const;

/**
 * What the organizer settles before matches are played: a match's best-of (while it has not
 * started) and the tournament's map pool (while no veto has begun, as the logs replay on it).
 */
export function createSeriesSettings(db: Db, now: () => Date, events: EventHub) {
  const announce = afterCommit(requireEventHub(events, 'createSeriesSettings'));

  return {
    /** PATCH /api/matches/{id}: its best-of and/or its start time, in one transaction. */
    async update(matchId: string, values: { bestOf?: BestOf; startsAt?: string | null }, actor: Actor): Promise<MatchDetail> {
      let detail: MatchDetail | null = null;
      if (values.startsAt !== undefined) detail = await this.setStartsAt(matchId, values.startsAt, actor);
      if (values.bestOf !== undefined) detail = await this.setBestOf(matchId, values.bestOf, actor);
      return detail!;
    },

    /**
     * The organizer's start time for a match (null: back to the derived one). Refused for a bye and
     * once the match has a result; the ready check and the no-show allowance count from it.
     */
    async setStartsAt(matchId: string, startsAt: string | null, actor: Actor): Promise<MatchDetail> {
      return announce(db.transaction(async (tx) => {
        const context = await loadMatchContext(tx, matchId, { lock: true });
        const { row, match, bracket } = context;
        if (match.isBye) throw conflict(msg('A bye is not played: it has no start time'));
        if (match.winnerTeamId !== null) throw conflict(matchDecidedTimeMessage);
        const next = startsAt === null ? null : new Date(startsAt);
        if ((row.startsAt?.getTime() ?? null) !== (next?.getTime() ?? null)) {
          await tx.update(matches).set({ startsAt: next }).where(eq(matches.id, matchId));
          await recordAudit(
            tx,
            actor,
            {
              action: 'match.starts_at',
              targetType: 'tournament',
              targetId: bracket.tournamentId,
              tournamentId: bracket.tournamentId,
              before: { match: row.key, startsAt: row.startsAt?.toISOString() ?? null },
              after: { match: row.key, startsAt: next?.toISOString() ?? null },
            },
            now(),
          );
        }
        return matchDetailOf(tx, { ...context, row: { ...row, startsAt: next } }, now());
      }));
    },

    /**
     * PUT /api/tournaments/{id}/bracket/rounds/{round}/starts-at: one time (null: the derived ones
     * again) for every match of the round still to play; byes and matches with a result keep theirs.
     * One transaction and one audit entry; refused once the champions are recorded or the tournament
     * is cancelled. Every match has its row from the draw, so there is nothing to create.
     */
    async setRoundStartsAt(tournamentId: string, round: number, startsAt: string | null, actor: Actor): Promise<Bracket> {
      return announce(db.transaction(async (tx) => {
        const [tournament] = await tx.select().from(tournaments).where(and(eq(tournaments.id, tournamentId), isNull(tournaments.deletedAt)));
        if (!tournament) throw notFound('Tournament');
        // The bracket row, then the match rows in key order: the lock result entry takes, in its order.
        const [bracket] = await tx.select().from(brackets).where(eq(brackets.tournamentId, tournamentId)).for('update');
        if (!bracket) throw conflict(roundTimeMessages.noBracket);
        if (tournament.cancelledAt) throw conflict(roundTimeMessages.cancelled);
        if (bracket.confirmedAt) throw conflict(roundTimeMessages.confirmed);
        const rows = await tx.select().from(matches).where(eq(matches.tournamentId, tournamentId)).orderBy(asc(matches.key)).for('update');
        const derived = deriveFromRows(bracket, rows);
        const inRound = derived.rounds[round - 1];
        if (!inRound) throw new AppError('not_found', roundTimeMessages.noRound(derived.rounds.length));
        const next = startsAt === null ? null : new Date(startsAt);
        const toPlay = inRound.matches.filter((match) => !match.isBye && match.winnerTeamId === null).map((match) => rows.find((row) => row.key === match.key)!);
        if (!toPlay.length) throw conflict(roundTimeMessages.allDecided);
        const changed = toPlay.filter((row) => (row.startsAt?.getTime() ?? null) !== (next?.getTime() ?? null));
        if (changed.length) {
          await tx.update(matches).set({ startsAt: next }).where(inArray(matches.id, changed.map((row) => row.id)));
          await recordAudit(
            tx,
            actor,
            {
              action: 'match.round_starts_at',
              targetType: 'tournament',
              targetId: tournamentId,
              tournamentId,
              before: { round, startsAt: Object.fromEntries(changed.map((row) => [row.key, row.startsAt?.toISOString() ?? null])) },
              after: { round, startsAt: next?.toISOString() ?? null, matches: changed.map((row) => row.key) },
            },
            now(),
          );
        }
        const changedIds = new Set(changed.map((row) => row.id));
        return bracketViewOf(tx, tournament, bracket, rows.map((row) => (changedIds.has(row.id) ? { ...row, startsAt: next } : row)), derived);
      }));
    },

    /** Refused once the veto has an action, or a map or a result is in. */
    async setBestOf(matchId: string, bestOf: BestOf, actor: Actor): Promise<MatchDetail> {
      return announce(db.transaction(async (tx) => {
        const context = await loadMatchContext(tx, matchId, { lock: true });
        const { row, match, pool, bracket } = context;
        if (match.isBye) throw conflict(msg('A bye is not played: it has no best-of'));
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
        return matchDetailOf(tx, { ...context, row: { ...row, bestOf } }, now());
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
        const rows = await tx.select({ bestOf: matches.bestOf, veto: matches.veto }).from(matches).where(eq(matches.tournamentId, tournamentId)).orderBy(asc(matches.key)).for('update'); // in the order result entry locks them: no deadlock
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
