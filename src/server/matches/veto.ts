import crypto from 'node:crypto';
import { and, eq, inArray, isNull, lte } from 'drizzle-orm';
import { allMatches } from '../../shared/bracket/derive-bracket.js';
import { actOnOverdueTurns, applyVetoChoice, isVetoRefusal, poolTooSmallMessage, tossCoinIfDue, vetoPoolOf, vetoRestartOf, type RandomInt, type StoredVeto, type VetoChoice, type VetoRefusal } from '../../shared/match/veto.js';
import type { MatchDetail, VetoLogEntry } from '../../shared/schemas/match.js';
import { recordAudit, type Actor } from '../audit/log.js';
import type { Db, Tx } from '../db/client.js';
import { brackets, matches, tournaments } from '../db/schema.js';
import { requireEventHub, type EventHub } from '../events/hub.js';
import { AppError, conflict, notFound } from '../http/errors.js';
import { effectiveMapPool } from '../site/map-pool.js';
import { notDeletedOrCancelledSql } from '../tournaments/phase.js';
import { bothReadyAt, deriveFromRows, loadMatchContext, matchDetailOf, playedMapsOf, vetoLogOf, vetoSetupOf, type MatchContext } from './match-view.js';
import { msg } from '../../shared/i18n/msg.js';

/** Who takes a turn: the team's captain through its link, or staff acting for a team from Match Day. */
export type VetoActor = { kind: 'captain'; actor: Actor } | { kind: 'staff'; actor: Actor };

export const vetoMessages = {
  noTeams: msg('This match does not have both teams yet'),
  bye: msg('A bye has no veto'),
  hasResult: msg('This match has a result: its veto is over'),
  mapsEntered: msg('Maps have been entered for this match: its veto can no longer change'),
  notStarted: msg('The tournament has not started yet: the veto opens at its start'),
  notReady: msg('The veto opens when both teams are ready'),
  cancelled: msg('The tournament is cancelled'),
  noVeto: msg('This bracket was drawn before the site ran map vetoes: settle the maps as before'),
  notInMatch: msg('Your team does not play this match'),
  staffNotInMatch: msg('That team does not play this match'),
  staffNotTheirTurn: msg("It is not that team's turn in the veto"),
} as const;

/** The field a wrong choice is about, for the form: the kind of choice the turn asked for. */
function refusalError(refusal: VetoRefusal, choice: VetoChoice, asStaff: boolean): AppError {
  const message = asStaff && refusal.reason === 'turn' ? vetoMessages.staffNotTheirTurn : refusal.message;
  if (refusal.status === 409) return conflict(message);
  const path = refusal.reason === 'team' ? 'team' : choice.map !== undefined ? 'map' : choice.side !== undefined ? 'side' : 'order';
  return new AppError('validation', message, [{ path, message }]);
}

/** Whether the match's veto can be acted on now; throws the 409 that says why not. */
function assertVetoOpen(context: MatchContext, at: Date): void {
  const { tournament, row, match } = context;
  if (tournament.cancelledAt) throw conflict(vetoMessages.cancelled);
  if (!context.bracket.mapVeto) throw conflict(vetoMessages.noVeto);
  if (match.isBye) throw conflict(vetoMessages.bye);
  if (!match.team1Id || !match.team2Id) throw conflict(vetoMessages.noTeams);
  if (match.winnerTeamId !== null) throw conflict(vetoMessages.hasResult);
  if (playedMapsOf(row, match).length > 0) throw conflict(vetoMessages.mapsEntered);
  if (at < tournament.tournamentDate) throw conflict(vetoMessages.notStarted);
  if (!bothReadyAt(row, match)) throw conflict(vetoMessages.notReady);
  const pool = vetoPoolOf(row.veto, match.team1Id, match.team2Id) ?? context.pool;
  if (pool.length < row.bestOf + 1) throw conflict(poolTooSmallMessage(row.bestOf));
}

/**
 * The map veto on the server: captains and staff take turns, staff reset it, and the sweep acts for
 * a team whose turn ran out. Every change locks the match row and replays the stored log inside the
 * lock (shared/match/veto.ts says what an action means), so of two actions for one turn the second
 * finds the turn taken and gets a 409. The log is stored with the teams it was run for: a corrected
 * earlier result that changes them leaves it ignored (match-view.ts `vetoLogOf`).
 */
export function createVetoWorkflow(db: Db, now: () => Date, events: EventHub, random: RandomInt = (max) => crypto.randomInt(max)) {
  const hub = requireEventHub(events, 'createVetoWorkflow');

  /** Locks the match row (404 if none), then loads the match with its bracket. */
  async function lockedContext(tx: Tx, matchId: string): Promise<MatchContext> {
    const [locked] = await tx.select({ id: matches.id }).from(matches).where(eq(matches.id, matchId)).for('update');
    if (!locked) throw notFound('Match');
    return loadMatchContext(tx, matchId);
  }

  async function store(tx: Tx, context: MatchContext, veto: StoredVeto | null): Promise<MatchContext> {
    await tx.update(matches).set({ veto }).where(eq(matches.id, context.row.id));
    return { ...context, row: { ...context.row, veto } };
  }

  const storedFor = (context: MatchContext, log: VetoLogEntry[]): StoredVeto => {
    const restartedAt = vetoRestartOf(context.row.veto, context.match.team1Id!, context.match.team2Id!)?.toISOString();
    // The pool is kept from the first action on: a pool edited afterwards must not shift the turns.
    const pool = vetoPoolOf(context.row.veto, context.match.team1Id!, context.match.team2Id!) ?? context.pool;
    return { team1Id: context.match.team1Id!, team2Id: context.match.team2Id!, log, ...(restartedAt ? { restartedAt } : {}), ...(log.length ? { pool } : {}) };
  };

  return {
    /**
     * One team's turn (a captain for their own team, staff for either): ban or pick a map, choose a
     * side or the order. An action after its deadline still counts while the sweep has not acted.
     */
    async act(matchId: string, teamId: string, choice: VetoChoice, by: VetoActor): Promise<MatchDetail> {
      const asStaff = by.kind === 'staff';
      return hub.transaction(db, async (tx) => {
        const at = now();
        const context = await lockedContext(tx, matchId);
        assertVetoOpen(context, at);
        const { match } = context;
        if (teamId !== match.team1Id && teamId !== match.team2Id) {
          if (asStaff) throw new AppError('validation', vetoMessages.staffNotInMatch, [{ path: 'team', message: vetoMessages.staffNotInMatch }]);
          throw new AppError('forbidden', vetoMessages.notInMatch);
        }
        const setup = vetoSetupOf(context)!;
        // Equal seeds: the toss comes first (the sweep makes it at the opening; whoever comes before it makes it now).
        const log = tossCoinIfDue(setup, vetoLogOf(context.row, match), random, at);
        const applied = applyVetoChoice(setup, log, teamId, choice, at);
        if (isVetoRefusal(applied)) throw refusalError(applied, choice, asStaff);
        const stored = await store(tx, context, storedFor(context, applied.log));
        if (asStaff) {
          await recordAudit(
            tx,
            by.actor,
            { action: 'match.veto', targetType: 'tournament', targetId: context.tournament.id, tournamentId: context.tournament.id, after: { matchId, matchKey: context.row.key, teamId, ...choice } },
            at,
          );
        }
        await hub.emit(tx, 'publicDataChanged', {});
        return matchDetailOf(tx, stored, at);
      });
    },

    /** Staff start the veto again: the log goes, the first turn's clock starts now. */
    async reset(matchId: string, actor: Actor): Promise<MatchDetail> {
      return hub.transaction(db, async (tx) => {
        const at = now();
        const context = await lockedContext(tx, matchId);
        assertVetoOpen(context, at);
        const before = vetoLogOf(context.row, context.match);
        const stored = await store(tx, context, { team1Id: context.match.team1Id!, team2Id: context.match.team2Id!, log: [], restartedAt: at.toISOString() });
        await recordAudit(
          tx,
          actor,
          { action: 'match.veto_reset', targetType: 'tournament', targetId: context.tournament.id, tournamentId: context.tournament.id, before: { matchId, matchKey: context.row.key, log: before } },
          at,
        );
        await hub.emit(tx, 'publicDataChanged', {});
        return matchDetailOf(tx, stored, at);
      });
    },

    /**
     * The sweep: for every match whose veto has an overdue turn, the site acts at random for the team
     * (dated at the deadline, marked auto). Safe from several processes at once: a match row another
     * process holds is skipped (it is acting on it). Returns how many matches changed.
     */
    async actOnTimeouts(at: Date = now()): Promise<number> {
      // Tournaments under way: started, not cancelled or deleted, champions not yet recorded.
      const running = await db
        .select({ id: tournaments.id })
        .from(tournaments)
        .innerJoin(brackets, eq(brackets.tournamentId, tournaments.id))
        .where(and(notDeletedOrCancelledSql, isNull(brackets.confirmedAt), lte(tournaments.tournamentDate, at)));
      let changed = 0;
      for (const { id: tournamentId } of running) {
        changed += await hub.transaction(db, async (tx) => {
          const undecided = await tx.select({ id: matches.id }).from(matches).where(and(eq(matches.tournamentId, tournamentId), isNull(matches.winnerTeamId)));
          if (!undecided.length) return 0;
          const locked = await tx
            .select({ id: matches.id })
            .from(matches)
            .where(inArray(matches.id, undecided.map((m) => m.id)))
            .for('update', { skipLocked: true });
          if (!locked.length) return 0;
          const [tournament] = await tx.select().from(tournaments).where(eq(tournaments.id, tournamentId));
          const [bracket] = await tx.select().from(brackets).where(eq(brackets.tournamentId, tournamentId));
          if (!tournament || !bracket) return 0;
          const rows = await tx.select().from(matches).where(eq(matches.tournamentId, tournamentId));
          const derived = deriveFromRows(bracket, rows);
          const pool = await effectiveMapPool(tx, tournament);
          const lockedIds = new Set(locked.map((m) => m.id));
          let acted = 0;
          for (const row of rows) {
            if (!lockedIds.has(row.id)) continue;
            const match = allMatches(derived).find((m) => m.key === row.key);
            if (!match || match.winnerTeamId !== null || playedMapsOf(row, match).length > 0) continue;
            const context: MatchContext = { tournament, bracket, rows, derived, row, match, pool };
            const setup = vetoSetupOf(context);
            if (!setup) continue;
            const log = vetoLogOf(row, match);
            const next = actOnOverdueTurns(setup, log, at, random);
            if (next === log) continue;
            await store(tx, context, storedFor(context, next));
            acted += 1;
          }
          if (acted) await hub.emit(tx, 'publicDataChanged', {});
          return acted;
        });
      }
      return changed;
    },
  };
}

export type VetoWorkflow = ReturnType<typeof createVetoWorkflow>;
