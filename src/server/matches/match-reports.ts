import { and, asc, eq, inArray, isNotNull, isNull, lte } from 'drizzle-orm';
import { allMatches } from '../../shared/bracket/derive-bracket.js';
import { canMove, reportStateOf, sameMaps, type CaptainReport, type ReportState, type ReportTransition, type StoredReport } from '../../shared/match/report-states.js';
import type { MatchResultOutcome } from '../../shared/schemas/bracket.js';
import { readyCheckMinutes, type MapResultInput, type MatchDetail, type MatchQueueItem } from '../../shared/schemas/match.js';
import { recordAudit, systemActor, type Actor } from '../audit/log.js';
import type { Db, Tx } from '../db/client.js';
import { brackets, matches, teams, tournaments } from '../db/schema.js';
import { requireEventHub, type EventHub } from '../events/hub.js';
import { AppError, conflict, notFound } from '../http/errors.js';
import { notDeletedOrCancelledSql } from '../tournaments/phase.js';
import {
  bothReadyAt,
  claimForfeitAtOf,
  deriveFromRows,
  forfeitClaimOf,
  loadMatchContext,
  matchDetailOf,
  matchLabelOf,
  notInMatchMessage,
  readyOf,
  readyOpensAtOf,
  reportViewOf,
  vetoOf,
  type MatchContext,
} from './match-view.js';
import { checkedResult, type ResultEntry } from './result-entry.js';
import { msg } from '../../shared/i18n/msg.js';

/** The texts captains and staff see when an action is refused (tested word for word). */
export const reportMessages = {
  notInMatch: notInMatchMessage,
  selfReportingOff: msg('Results for this tournament are entered by staff only'),
  cancelled: msg('The tournament is cancelled'),
  noTeams: msg('This match does not have both teams yet'),
  bye: msg('A bye is not played'),
  hasResult: msg('This match has a result'),
  readyTooEarly: msg('The ready check opens 15 minutes before the match') satisfies `The ready check opens ${typeof readyCheckMinutes} minutes before the match`,
  notReady: msg('Both teams must be ready before a result is reported'),
  vetoNotDone: msg('The map veto is not finished yet'),
  notDecided: msg('The maps do not decide the series yet'),
  alreadyReported: msg('Your team has already reported this match'),
  disputed: msg("This match's result is disputed: staff will rule"),
  nothingToConfirm: msg('There is no reported result to confirm'),
  ownReport: msg('You cannot confirm your own report'),
  nothingToDispute: msg('There is no reported result to dispute'),
  ownDispute: msg('You cannot dispute your own report'),
  deadlinePassed: msg('The confirmation deadline has passed: the report counts as confirmed'),
  claimNotReady: msg('Mark your team ready before claiming a forfeit'),
  claimOpponentReady: msg('The other team is ready: the match is on'),
  claimTooEarly: msg('The no-show allowance has not passed yet'),
  claimPending: msg('A forfeit claim is already waiting for the organizer'),
  noClaim: msg('There is no forfeit claim on this match'),
  nothingToReopen: msg('There is no open report to reopen'),
  differentReports: msg('The two captains reported different results'),
  evidenceMissing: msg('Evidence must be an image uploaded on this site'),
} as const;

/** Who acts: a captain for the team (through the team link), staff, or the site (the deadline sweep). */
type Who = { teamId: string; actor: Actor };

/** Called once a confirmed result committed: Discord hears of it like an organizer's entry. */
export type ResultAnnouncer = (matchId: string, outcome: MatchResultOutcome) => void;

/**
 * Captains run their own matches: the ready check, a forfeit claim against a team that never got
 * ready, the result report, its confirmation or dispute, and the staff's side (the queue, a claim's
 * decision, reopening). Every action locks the bracket row and then the match rows, like result
 * entry (loadMatchContext with lock), so two reports, or a report and a confirmation, are applied one
 * after the other and the second sees the first. matches.report moves only by the transitions of
 * shared/match/report-states.ts; a confirmed report is entered through result-entry's own path.
 */
export function createMatchReports(
  db: Db,
  now: () => Date,
  events: EventHub,
  results: ResultEntry,
  { announceResult = () => {}, evidenceExists = async () => true }: { announceResult?: ResultAnnouncer; evidenceExists?: (url: string) => Promise<boolean> } = {},
) {
  const hub = requireEventHub(events, 'createMatchReports');

  const audit = (tx: Tx, context: MatchContext, actor: Actor, action: Parameters<typeof recordAudit>[2]['action'], after: Record<string, unknown>, at: Date) =>
    recordAudit(tx, actor, { action, targetType: 'tournament', targetId: context.tournament.id, tournamentId: context.tournament.id, after: { matchId: context.row.id, match: context.row.key, ...after } }, at);

  /** The captain's team plays the match, which is on: both teams known, no result, not cancelled. */
  function assertCaptainCan(context: MatchContext, teamId: string): void {
    const { tournament, match } = context;
    if (tournament.cancelledAt) throw conflict(reportMessages.cancelled);
    if (match.isBye) throw conflict(reportMessages.bye);
    if (!match.team1Id || !match.team2Id) throw conflict(reportMessages.noTeams);
    if (teamId !== match.team1Id && teamId !== match.team2Id) throw new AppError('forbidden', reportMessages.notInMatch);
    if (match.winnerTeamId !== null) throw conflict(reportMessages.hasResult);
  }

  function assertReportable(context: MatchContext, teamId: string): void {
    if (!context.tournament.selfReporting) throw conflict(reportMessages.selfReportingOff);
    assertCaptainCan(context, teamId);
    if (!bothReadyAt(context.row, context.match)) throw conflict(reportMessages.notReady);
    const veto = vetoOf(context);
    if (context.bracket.mapVeto && !veto?.state.done) throw conflict(reportMessages.vetoNotDone);
  }

  /** Moves the stored report by its declared transition (report-states.ts), or refuses with `refusal`. */
  function moved(transition: ReportTransition, from: ReportState, refusal: string): void {
    if (!canMove(transition, from)) throw conflict(refusal);
  }

  async function storeReport(tx: Tx, context: MatchContext, report: StoredReport | null): Promise<void> {
    await tx.update(matches).set({ report }).where(eq(matches.id, context.row.id));
  }

  /** A confirmed report becomes the match's result through the organizer's path (bracket, audit, public data, Discord). */
  async function confirmed(tx: Tx, context: MatchContext, stored: StoredReport, report: CaptainReport, actor: Actor): Promise<MatchResultOutcome> {
    await storeReport(tx, context, { ...stored, state: 'confirmed' });
    return results.enterIn(tx, context.row.id, { maps: report.maps, winnerTeamId: report.winnerTeamId }, actor, 'captains');
  }

  /**
   * A report whose deadline passed unanswered counts as confirmed (the read already says so): write
   * it now. Returns the outcome if it did.
   */
  async function settleOverdue(tx: Tx, context: MatchContext, at: Date): Promise<MatchResultOutcome | null> {
    const stored = context.row.report;
    if (!stored || stored.state !== 'reported' || reportStateOf(stored, context.match, at) !== 'confirmed') return null;
    moved('deadline', 'reported', reportMessages.nothingToConfirm);
    const outcome = await confirmed(tx, context, stored, stored.reports[0], systemActor('report deadline'));
    await audit(tx, context, systemActor('report deadline'), 'match.report_confirm', { teamId: null, deadline: stored.deadline }, at);
    return outcome;
  }

  /**
   * One match action (a captain's or staff's) in its own transaction: locks (bracket, then match rows), settles an overdue
   * report first, runs `work`, and answers the match as it is now. A confirmed result is announced
   * once committed.
   */
  async function matchAction(matchId: string, work: (tx: Tx, context: MatchContext, at: Date, settled: boolean) => Promise<MatchResultOutcome | null | void>): Promise<MatchDetail> {
    let outcome: MatchResultOutcome | null = null;
    const detail = await hub.transaction(db, async (tx) => {
      const at = now();
      let context = await loadMatchContext(tx, matchId, { lock: true });
      const settled = await settleOverdue(tx, context, at);
      if (settled) {
        outcome = settled;
        context = await loadMatchContext(tx, matchId);
      }
      const result = await work(tx, context, at, settled !== null);
      if (result) outcome = result;
      await hub.emit(tx, 'publicDataChanged', {});
      return matchDetailOf(tx, await loadMatchContext(tx, matchId), at);
    });
    if (outcome) announceResult(matchId, outcome);
    return detail;
  }

  return {
    /** From 15 minutes before the match's time, a captain says the team is ready (again: no change). */
    async ready(matchId: string, who: Who): Promise<MatchDetail> {
      return matchAction(matchId, async (tx, context, at) => {
        assertCaptainCan(context, who.teamId);
        const opensAt = readyOpensAtOf(context);
        if (!opensAt || at < opensAt) throw conflict(reportMessages.readyTooEarly);
        const current = readyOf(context.row, context.match);
        if ((who.teamId === context.match.team1Id ? current.team1 : current.team2) !== null) return;
        // Only entries for the teams the match has now are kept.
        const kept = (context.row.ready ?? []).filter((r) => r.teamId === context.match.team1Id || r.teamId === context.match.team2Id);
        await tx.update(matches).set({ ready: [...kept, { teamId: who.teamId, at: at.toISOString() }] }).where(eq(matches.id, matchId));
        await audit(tx, context, who.actor, 'match.ready', { teamId: who.teamId }, at);
      });
    },

    /** A ready team claims the win once the match's time plus the no-show allowance passed and the other team is still not ready. */
    async claimForfeit(matchId: string, who: Who): Promise<MatchDetail> {
      return matchAction(matchId, async (tx, context, at) => {
        assertCaptainCan(context, who.teamId);
        const { match, row } = context;
        const current = readyOf(row, match);
        const opponentId = who.teamId === match.team1Id ? match.team2Id! : match.team1Id!;
        const [mine, theirs] = who.teamId === match.team1Id ? [current.team1, current.team2] : [current.team2, current.team1];
        if (!mine) throw conflict(reportMessages.claimNotReady);
        if (theirs) throw conflict(reportMessages.claimOpponentReady);
        const claimableAt = claimForfeitAtOf(context);
        if (!claimableAt || at < claimableAt) throw conflict(reportMessages.claimTooEarly);
        if (forfeitClaimOf(row, match)) throw conflict(reportMessages.claimPending);
        await tx.update(matches).set({ forfeitClaim: { teamId: who.teamId, opponentId, at: at.toISOString() } }).where(eq(matches.id, matchId));
        await audit(tx, context, who.actor, 'match.forfeit_claim', { teamId: who.teamId, opponentId }, at);
      });
    },

    /** A captain reports the maps; a second report by the other team confirms an equal one or disputes a different one. */
    async report(matchId: string, who: Who, maps: MapResultInput[]): Promise<MatchDetail> {
      return matchAction(matchId, async (tx, context, at) => {
        assertReportable(context, who.teamId);
        const { winnerTeamId, storedMaps } = checkedResult(context, { maps });
        if (!winnerTeamId || !storedMaps) throw new AppError('validation', reportMessages.notDecided, [{ path: 'maps', message: reportMessages.notDecided }]);
        const entry: CaptainReport = { teamId: who.teamId, maps: storedMaps, winnerTeamId, at: at.toISOString() };
        const state = reportStateOf(context.row.report, context.match, at);
        if (state === 'none') {
          moved('report', state, reportMessages.hasResult);
          const deadline = new Date(at.getTime() + context.tournament.reportConfirmMinutes * 60_000).toISOString();
          await storeReport(tx, context, { team1Id: context.match.team1Id!, team2Id: context.match.team2Id!, state: 'reported', reports: [entry], deadline });
          await audit(tx, context, who.actor, 'match.report', { teamId: who.teamId, maps: storedMaps, winnerTeamId, deadline }, at);
          await hub.emit(tx, 'matchReported', { matchId, reportingTeamId: who.teamId, deadline });
          return;
        }
        if (state === 'disputed') throw conflict(reportMessages.disputed);
        if (state !== 'reported') throw conflict(reportMessages.hasResult);
        const stored = context.row.report!;
        if (stored.reports.some((r) => r.teamId === who.teamId)) throw conflict(reportMessages.alreadyReported);
        const first = stored.reports[0];
        const reports = [...stored.reports, entry];
        if (sameMaps(first.maps, storedMaps)) {
          moved('sameReport', state, reportMessages.hasResult);
          await audit(tx, context, who.actor, 'match.report_confirm', { teamId: who.teamId, maps: storedMaps, sameReport: true }, at);
          return confirmed(tx, context, { ...stored, reports }, first, who.actor);
        }
        moved('differentReport', state, reportMessages.hasResult);
        await storeReport(tx, context, { ...stored, reports, state: 'disputed', dispute: { teamId: who.teamId, reason: reportMessages.differentReports, evidence: [], at: at.toISOString() } });
        await audit(tx, context, who.actor, 'match.report_dispute', { teamId: who.teamId, maps: storedMaps, reason: reportMessages.differentReports }, at);
      });
    },

    /** The opponent confirms the report: it becomes the result. After the deadline it already counts as confirmed (no error). */
    async confirm(matchId: string, who: Who): Promise<MatchDetail> {
      return matchAction(matchId, async (tx, context, at, settled) => {
        if (settled) {
          if (who.teamId !== context.match.team1Id && who.teamId !== context.match.team2Id) throw new AppError('forbidden', reportMessages.notInMatch);
          return;
        }
        assertReportable(context, who.teamId);
        const state = reportStateOf(context.row.report, context.match, at);
        if (state === 'disputed') throw conflict(reportMessages.disputed);
        moved('confirm', state, reportMessages.nothingToConfirm);
        const stored = context.row.report!;
        if (stored.reports.some((r) => r.teamId === who.teamId)) throw conflict(reportMessages.ownReport);
        await audit(tx, context, who.actor, 'match.report_confirm', { teamId: who.teamId }, at);
        return confirmed(tx, context, stored, stored.reports[0], who.actor);
      });
    },

    /** The opponent disputes the report before its deadline, with a reason and up to 4 uploaded screenshots. */
    async dispute(matchId: string, who: Who, values: { reason: string; evidence?: string[] }): Promise<MatchDetail> {
      // Checked before the transaction: the object store is not the database.
      const evidence = values.evidence ?? [];
      const missing = (await Promise.all(evidence.map(async (url, index) => ((await evidenceExists(url)) ? null : index)))).filter((index) => index !== null);
      if (missing.length) throw new AppError('validation', reportMessages.evidenceMissing, missing.map((index) => ({ path: `evidence.${index}`, message: reportMessages.evidenceMissing })));
      return matchAction(matchId, async (tx, context, at, settled) => {
        if (settled) throw conflict(reportMessages.deadlinePassed);
        assertReportable(context, who.teamId);
        const state = reportStateOf(context.row.report, context.match, at);
        if (state === 'disputed') throw conflict(reportMessages.disputed);
        moved('dispute', state, reportMessages.nothingToDispute);
        const stored = context.row.report!;
        if (stored.reports.some((r) => r.teamId === who.teamId)) throw conflict(reportMessages.ownDispute);
        await storeReport(tx, context, { ...stored, state: 'disputed', dispute: { teamId: who.teamId, reason: values.reason, evidence, at: at.toISOString() } });
        // The reason and screenshots are the team's own words and images: they stay on the match, where erasure reaches them (the log is append-only).
        await audit(tx, context, who.actor, 'match.report_dispute', { teamId: who.teamId, screenshots: evidence.length }, at);
      });
    },

    /** Staff reopen reporting: an open report (reported or disputed) goes, the captains report again. A result is corrected with PUT instead. */
    async reopen(matchId: string, actor: Actor): Promise<MatchDetail> {
      return matchAction(matchId, async (tx, context, at) => {
        const stored = context.row.report;
        const state = reportStateOf(stored, context.match, at);
        moved('reopen', state, reportMessages.nothingToReopen);
        await storeReport(tx, context, null);
        await recordAudit(
          tx,
          actor,
          { action: 'match.report_reopen', targetType: 'tournament', targetId: context.tournament.id, tournamentId: context.tournament.id, before: { matchId, match: context.row.key, report: stored } },
          at,
        );
      });
    },

    /** The organizer approves a forfeit claim (the claimer wins by forfeit, through the result path) or refuses it. */
    async decideForfeitClaim(matchId: string, values: { approve: boolean; note?: string | null }, actor: Actor): Promise<MatchDetail> {
      return matchAction(matchId, async (tx, context, at) => {
        const claim = forfeitClaimOf(context.row, context.match);
        if (!claim) throw conflict(reportMessages.noClaim);
        // A refused claim stays, marked, so both captains see the decision (an approved one becomes the result).
        const refused = values.approve ? null : { ...claim, refused: { note: values.note ?? null, at: at.toISOString() } };
        await tx.update(matches).set({ forfeitClaim: refused }).where(eq(matches.id, matchId));
        await audit(tx, context, actor, 'match.forfeit_claim_decision', { teamId: claim.teamId, approve: values.approve, note: values.note ?? null }, at);
        await hub.emit(tx, 'forfeitClaimDecided', { matchId, claimTeamId: claim.teamId, opponentTeamId: claim.opponentId, approved: values.approve, claimedAt: claim.at });
        if (values.approve) return results.enterIn(tx, matchId, { winnerTeamId: claim.teamId, forfeit: true, note: values.note ?? null }, actor, 'staff');
      });
    },

    /** What waits on the organizer in a tournament: disputed reports and forfeit claims. */
    async queue(tournamentId: string): Promise<MatchQueueItem[]> {
      const at = now();
      const [tournament] = await db.select().from(tournaments).where(and(eq(tournaments.id, tournamentId), isNull(tournaments.deletedAt)));
      if (!tournament) throw notFound('Tournament');
      const [bracket] = await db.select().from(brackets).where(eq(brackets.tournamentId, tournamentId));
      if (!bracket) return [];
      const rows = await db.select().from(matches).where(eq(matches.tournamentId, tournamentId)).orderBy(asc(matches.key));
      const derived = deriveFromRows(bracket, rows);
      const byKey = new Map(rows.map((row) => [row.key, row]));
      const waiting = allMatches(derived).flatMap((match) => {
        const row = byKey.get(match.key);
        if (!row || !match.team1Id || !match.team2Id || match.winnerTeamId !== null) return [];
        const claim = forfeitClaimOf(row, match);
        const report = reportViewOf(row, match, at);
        const kind = report.state === 'disputed' ? ('dispute' as const) : claim ? ('forfeitClaim' as const) : null;
        return kind ? [{ kind, row, match, claim, report }] : [];
      });
      const ids = [...new Set(waiting.flatMap((w) => [w.match.team1Id!, w.match.team2Id!]))];
      const names = new Map(ids.length ? (await db.select({ id: teams.id, name: teams.name }).from(teams).where(inArray(teams.id, ids))).map((t) => [t.id, t.name]) : []);
      return waiting.map(({ kind, row, match, claim, report }) => ({
        kind,
        matchId: row.id,
        label: matchLabelOf(derived, match),
        team1Id: match.team1Id!,
        team1Name: names.get(match.team1Id!) ?? null,
        team2Id: match.team2Id!,
        team2Name: names.get(match.team2Id!) ?? null,
        report,
        forfeitClaim: claim ? { teamId: claim.teamId, at: claim.at } : null,
      }));
    },

    /**
     * The sweep: every report whose deadline passed unanswered is written as confirmed (its result
     * entered). Safe from several processes: each match is settled under the lock, and one already
     * settled is left. Returns how many it confirmed.
     */
    async confirmOverdue(at: Date = now()): Promise<number> {
      const due = await db
        .select({ id: matches.id, report: matches.report })
        .from(matches)
        .innerJoin(tournaments, eq(tournaments.id, matches.tournamentId))
        .innerJoin(brackets, eq(brackets.tournamentId, matches.tournamentId))
        .where(and(notDeletedOrCancelledSql, isNull(brackets.confirmedAt), isNull(matches.winnerTeamId), isNotNull(matches.report), lte(tournaments.tournamentDate, at)));
      let settled = 0;
      for (const { id, report } of due) {
        if (report?.state !== 'reported' || Date.parse(report.deadline) > at.getTime()) continue;
        let outcome: MatchResultOutcome | null = null;
        try {
          await hub.transaction(db, async (tx) => {
            const context = await loadMatchContext(tx, id, { lock: true });
            outcome = await settleOverdue(tx, context, at);
            if (outcome) await hub.emit(tx, 'publicDataChanged', {});
          });
        } catch (error) {
          // A match the event no longer has (a correction took it away) has nothing to settle; the others still do.
          if (error instanceof AppError && error.code === 'not_found') continue;
          throw error;
        }
        if (outcome) {
          settled += 1;
          announceResult(id, outcome);
        }
      }
      return settled;
    },
  };
}

export type MatchReports = ReturnType<typeof createMatchReports>;
