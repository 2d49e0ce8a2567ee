import type { MapResultInput } from '../schemas/match.js';

/**
 * A match's result as the captains report it, declared as data: its states, the transitions
 * between them (who moves it and from where) and, for each state, the organizer's action that
 * unblocks it, so no match can stay stuck on a captain. Only src/server/matches/match-reports.ts
 * writes matches.report, by these rows; the organizer's result entry (result-entry.ts) moves an
 * open report to `ruled`.
 *
 *   none ── report ──▶ reported ── confirm | same second report | deadline ──▶ confirmed
 *                         └─ dispute | different second report ──▶ disputed ── staff enter the result ──▶ ruled
 *   reopen (staff): reported | disputed ──▶ none (a result, confirmed or ruled, is corrected with PUT instead)
 */
export const reportStates = ['none', 'reported', 'confirmed', 'disputed', 'ruled'] as const;
export type ReportState = (typeof reportStates)[number];

export const reportTransitions = {
  report: { from: ['none'], to: 'reported', by: 'captain' },
  confirm: { from: ['reported'], to: 'confirmed', by: 'the other captain' },
  sameReport: { from: ['reported'], to: 'confirmed', by: 'the other captain' },
  differentReport: { from: ['reported'], to: 'disputed', by: 'the other captain' },
  dispute: { from: ['reported'], to: 'disputed', by: 'the other captain' },
  deadline: { from: ['reported'], to: 'confirmed', by: 'the clock' },
  rule: { from: ['reported', 'disputed'], to: 'ruled', by: 'staff' },
  reopen: { from: ['reported', 'disputed'], to: 'none', by: 'staff' },
} as const satisfies Record<string, { from: readonly ReportState[]; to: ReportState; by: string }>;
export type ReportTransition = keyof typeof reportTransitions;

/**
 * What the organizer can do in each state so the match moves on: enter (or correct) the result with
 * PUT /api/matches/{id}, or reopen reporting with DELETE /api/matches/{id}/report.
 */
export const organizerUnblocks: Record<ReportState, readonly ('enterResult' | 'reopen')[]> = {
  none: ['enterResult'],
  reported: ['enterResult', 'reopen'],
  disputed: ['enterResult', 'reopen'],
  confirmed: ['enterResult'],
  ruled: ['enterResult'],
};

export const canMove = (transition: ReportTransition, from: ReportState): boolean => (reportTransitions[transition].from as readonly ReportState[]).includes(from);

/** One captain's report: the maps in order with their rounds, and the series winner they give. */
export interface CaptainReport {
  teamId: string;
  maps: MapResultInput[];
  winnerTeamId: string;
  at: string;
}

/** matches.report: the captains' reports for the teams the match had then (else it no longer counts). */
export interface StoredReport {
  team1Id: string;
  team2Id: string;
  /** `none` is never stored: a null column or a report for other teams. */
  state: Exclude<ReportState, 'none'>;
  reports: CaptainReport[];
  /** Until when the opponent may confirm or dispute the first report (ISO). */
  deadline: string;
  dispute?: { teamId: string; reason: string; evidence: string[]; at: string };
  /** The staff's ruling note, once ruled. */
  ruling?: { note: string | null; at: string; by: string };
}

/** matches.ready: one entry per team whose captain said ready. */
export interface StoredReady {
  teamId: string;
  at: string;
}

/** matches.forfeit_claim: a ready team claims the win because the other never got ready. */
export interface StoredForfeitClaim {
  teamId: string;
  opponentId: string;
  at: string;
  /** The organizer refused it: kept (no longer waiting) so the captains see the decision; a new claim replaces it. */
  refused?: { note: string | null; at: string };
}

/** The report's state as the clock reads it: a report whose deadline passed unanswered counts as confirmed (the sweep then writes it). */
export function reportStateOf(stored: StoredReport | null, teams: { team1Id: string | null; team2Id: string | null }, at: Date): ReportState {
  if (!stored || stored.team1Id !== teams.team1Id || stored.team2Id !== teams.team2Id) return 'none';
  if (stored.state === 'reported' && Date.parse(stored.deadline) <= at.getTime()) return 'confirmed';
  return stored.state;
}

/** Two reports agree when they list the same maps (ignoring case) with the same rounds. */
export function sameMaps(a: MapResultInput[], b: MapResultInput[]): boolean {
  return a.length === b.length && a.every((map, i) => map.map.toLowerCase() === b[i].map.toLowerCase() && map.team1Rounds === b[i].team1Rounds && map.team2Rounds === b[i].team2Rounds);
}
