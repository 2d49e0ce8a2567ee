import { and, asc, eq, gte, inArray, or, sql } from 'drizzle-orm';
import type { AuditAction } from '../../shared/schemas/audit.js';
import type { MatchHistoryStep } from '../../shared/schemas/match.js';
import type { Db, Tx } from '../db/client.js';
import { auditLog } from '../db/schema.js';

/**
 * A match's history on its public page, oldest first, read from the audit log: every captain's and
 * staff's step is recorded there in the transaction that makes it, so the history exists exactly
 * when the change does, and the writes that change it already drop the read cache (publicDataChanged).
 * The stored columns alone would not do: reopening clears the report, a forfeit decision clears the
 * claim and a correction overwrites the result. What no request writes comes from the match itself:
 * the veto's end (captains' turns are not audited) and a report the clock already counts as confirmed
 * before the sweep writes it.
 *
 * What is public: who was ready, reported, confirmed, disputed or claimed a forfeit, and what staff
 * did, with the ruling's note (the match read already shows it to both captains). Never a dispute's
 * reason or screenshots: the audit entry holds them for staff, this view leaves them out.
 */

/** The audit actions a match's history is made of. */
const historyActions = [
  'match.ready',
  'match.report',
  'match.report_confirm',
  'match.report_dispute',
  'match.report_reopen',
  'match.forfeit_claim',
  'match.forfeit_claim_decision',
  'match.result',
] as const satisfies readonly AuditAction[];

/** The match as the history needs it (match-view.ts fills it in). */
export interface HistorySubject {
  tournamentId: string;
  /** The match's key ("r1m0"): result entries name their match by it. */
  key: string;
  /** When the bracket was drawn: entries from an earlier draw (same keys, other matches) are older. */
  drawnAt: Date;
  team1Id: string | null;
  team2Id: string | null;
  /** When the veto run for the current teams finished; null while it is not. */
  vetoDoneAt: string | null;
  /** The staff's ruling on the current teams' report. */
  ruling: { note: string | null; at: string } | null;
  /** A report whose deadline passed unanswered that the sweep has not written yet: its deadline. */
  overdueDeadline: string | null;
}

/** Who enters a result on the captains' behalf (match-reports.ts): the confirm step tells it, the result entry would repeat it. */
const captainsPathActors = new Set(['captain', 'report deadline']);

type Json = Record<string, unknown>;
const objectOf = (value: unknown): Json => (value && typeof value === 'object' ? (value as Json) : {});
const stringOf = (value: unknown): string | null => (typeof value === 'string' ? value : null);

export async function matchHistoryOf(executor: Db | Tx, subject: HistorySubject): Promise<MatchHistoryStep[]> {
  const rows = await executor
    .select({
      action: auditLog.action,
      at: auditLog.at,
      actorId: auditLog.actorId,
      actor: auditLog.actor,
      requestId: auditLog.requestId,
      before: auditLog.before,
      after: auditLog.after,
    })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.tournamentId, subject.tournamentId),
        inArray(auditLog.action, [...historyActions]),
        gte(auditLog.at, subject.drawnAt),
        or(sql`${auditLog.after} ->> 'match' = ${subject.key}`, sql`${auditLog.before} ->> 'match' = ${subject.key}`),
      ),
    )
    .orderBy(asc(auditLog.id));
  return historyFromEntries(rows, subject);
}

export interface HistoryEntry {
  action: string;
  at: Date;
  actorId: string | null;
  actor: string;
  requestId: string | null;
  before: unknown;
  after: unknown;
}

/**
 * The steps the entries tell, for the match's current teams (a corrected earlier result that gave
 * the match other teams leaves their steps out), with the veto's end and an overdue report put in
 * their place by time.
 */
export function historyFromEntries(entries: HistoryEntry[], subject: HistorySubject): MatchHistoryStep[] {
  const teams = new Set([subject.team1Id, subject.team2Id].filter((id): id is string => id !== null));
  const isCurrent = (teamId: string | null): teamId is string => teamId !== null && teams.has(teamId);
  // An approved forfeit claim enters the result in the same request: the decision tells it.
  const approvals = new Set(
    entries.filter((e) => e.action === 'match.forfeit_claim_decision' && objectOf(e.after).approve === true && e.requestId).map((e) => e.requestId),
  );
  const steps: MatchHistoryStep[] = [];
  const step = (kind: MatchHistoryStep['kind'], at: Date | string, teamId: string | null, note: string | null = null) =>
    steps.push({ kind, at: typeof at === 'string' ? at : at.toISOString(), teamId, note });
  // A staff result entered while a report waited on a confirmation or a ruling is their ruling.
  let isReportOpen = false;

  for (const entry of entries) {
    const after = objectOf(entry.after);
    const teamId = stringOf(after.teamId);
    switch (entry.action) {
      case 'match.ready':
        if (isCurrent(teamId)) step('ready', entry.at, teamId);
        break;
      case 'match.report':
        if (isCurrent(teamId)) step('reported', entry.at, teamId);
        isReportOpen = true;
        break;
      case 'match.report_confirm':
        // The sweep confirms as nobody (teamId null): the report counts as confirmed from its deadline.
        if (teamId === null) step('confirmedByDeadline', stringOf(after.deadline) ?? entry.at, null);
        else if (isCurrent(teamId)) step('confirmed', entry.at, teamId);
        isReportOpen = false;
        break;
      case 'match.report_dispute':
        // A second report with other maps is a dispute too; it has the maps, a dispute has a reason (never shown).
        if (isCurrent(teamId)) step('maps' in after ? 'reportsDiffer' : 'disputed', entry.at, teamId);
        break;
      case 'match.report_reopen':
        step('reopened', entry.at, null);
        isReportOpen = false;
        break;
      case 'match.forfeit_claim':
        if (isCurrent(teamId)) step('forfeitClaimed', entry.at, teamId);
        break;
      case 'match.forfeit_claim_decision':
        if (isCurrent(teamId)) step(after.approve === true ? 'forfeitApproved' : 'forfeitRefused', entry.at, teamId);
        break;
      case 'match.result': {
        if ((entry.actorId === null && captainsPathActors.has(entry.actor)) || (entry.requestId && approvals.has(entry.requestId))) {
          isReportOpen = false;
          break;
        }
        const winner = stringOf(after.winnerTeamId);
        if (winner !== null && !isCurrent(winner)) break;
        const hadWinner = stringOf(objectOf(entry.before).winnerTeamId) !== null;
        if (hadWinner) step('resultCorrected', entry.at, winner);
        else if (winner === null) step('mapsEntered', entry.at, null);
        else if (isReportOpen) step('ruled', entry.at, winner, subject.ruling?.note ?? null);
        else step(after.forfeit === true ? 'forfeitMarked' : 'resultEntered', entry.at, winner);
        if (winner !== null) isReportOpen = false;
        break;
      }
    }
  }
  if (subject.vetoDoneAt) step('vetoDone', subject.vetoDoneAt, null);
  if (subject.overdueDeadline) step('confirmedByDeadline', subject.overdueDeadline, null);
  // Stable: steps at the same moment keep the log's order.
  return steps
    .map((s, index) => ({ s, index }))
    .sort((a, b) => Date.parse(a.s.at) - Date.parse(b.s.at) || a.index - b.index)
    .map(({ s }) => s);
}
