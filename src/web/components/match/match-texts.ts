import { mapSideLabels, vetoAutoNotes as autoNote } from '../../../shared/match-labels';
import type { MatchDetail, MatchHistoryStep, VetoLogEntry, VetoView } from '../../../shared/schemas/match';

/** The names the texts use: each team's id to its name. */
export interface MatchTeamNames {
  team1Id: string | null;
  team1Name: string | null;
  team2Id: string | null;
  team2Name: string | null;
}

export function teamNameOf(match: MatchTeamNames, teamId: string | null): string {
  if (teamId !== null && teamId === match.team1Id) return match.team1Name ?? 'Team 1';
  if (teamId !== null && teamId === match.team2Id) return match.team2Name ?? 'Team 2';
  return 'A team';
}

export function opponentOf(match: MatchTeamNames, teamId: string): string | null {
  return teamId === match.team1Id ? match.team2Id : teamId === match.team2Id ? match.team1Id : null;
}

export const bestOfLabel = (bestOf: number) => `Best of ${bestOf}`;

/** One line of the veto log, as the match page, the team page and Match Day say it. */
export function vetoLogLine(match: MatchTeamNames, entry: VetoLogEntry): string {
  const team = teamNameOf(match, entry.teamId);
  const other = entry.teamId ? teamNameOf(match, opponentOf(match, entry.teamId)) : 'the other team';
  const line = (() => {
    switch (entry.action) {
      case 'coin':
        return `Equal seeds: ${team} won the coin toss`;
      case 'order':
        return entry.order === 'second' ? `${team} let ${other} start the veto` : `${team} chose to start the veto`;
      case 'ban':
        return `${team} banned ${entry.map ?? 'a map'}`;
      case 'pick':
        return `${team} picked ${entry.map ?? 'a map'}`;
      case 'decider':
        return `${entry.map ?? 'The last map'} is the decider`;
      case 'side':
        return `${team} starts on ${entry.side ? mapSideLabels[entry.side] : 'a side'}${entry.map ? ` on ${entry.map}` : ''}`;
    }
  })();
  return entry.auto ? line + autoNote[entry.action] : line;
}

/** Whose turn it is and what they do: "Alpha Wolves bans a map". */
export function vetoTurnLine(match: MatchTeamNames, next: NonNullable<VetoView['next']>): string {
  const team = teamNameOf(match, next.teamId);
  switch (next.action) {
    case 'order':
      return `${team} chooses whether to start the veto`;
    case 'ban':
      return `${team} bans a map`;
    case 'pick':
      return `${team} picks a map`;
    case 'side':
      return `${team} chooses a starting side${next.map ? ` on ${next.map}` : ''}`;
  }
}

/** The captain's own turn, said to them. */
export function yourTurnLine(next: NonNullable<VetoView['next']>): string {
  switch (next.action) {
    case 'order':
      return 'Your turn: choose whether to start the veto';
    case 'ban':
      return 'Your turn: ban a map';
    case 'pick':
      return 'Your turn: pick a map';
    case 'side':
      return `Your turn: choose your starting side${next.map ? ` on ${next.map}` : ''}`;
  }
}

/** "1:05 left", "0:09 left"; "Time is up" once the deadline passed (the site acts within seconds). */
export function timeLeftText(deadline: string, now: number): string {
  const seconds = Math.ceil((Date.parse(deadline) - now) / 1000);
  if (seconds <= 0) return 'Time is up: the site chooses';
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')} left`;
}

/** The series score with an en dash: "2–1". */
export function seriesScoreText(match: Pick<MatchDetail, 'seriesScore'>): string {
  return `${match.seriesScore.team1}–${match.seriesScore.team2}`;
}

/** A settled map's line: who picked it (or the decider) and who starts on which side. */
export function settledMapLine(match: MatchTeamNames, settled: VetoView['maps'][number]): string {
  const origin = settled.pickedByTeamId === null ? 'decider' : `picked by ${teamNameOf(match, settled.pickedByTeamId)}`;
  const side = settled.side ? `; ${teamNameOf(match, settled.side.teamId)} starts on ${mapSideLabels[settled.side.side]}` : '';
  return `${origin}${side}`;
}

/** One step of the match's history, as the match page says it. */
export function historyLine(match: MatchTeamNames, step: MatchHistoryStep): string {
  const team = teamNameOf(match, step.teamId);
  switch (step.kind) {
    case 'ready':
      return `${team} is ready`;
    case 'vetoDone':
      return 'The map veto finished';
    case 'reported':
      return `${team} reported the result`;
    case 'confirmed':
      return `${team} confirmed the result`;
    case 'confirmedByDeadline':
      return 'The result was confirmed: no answer before the deadline';
    case 'disputed':
      return `${team} disputed the result`;
    case 'reportsDiffer':
      return `${team} reported a different result: disputed`;
    case 'ruled':
      return `Staff ruled: ${team} won`;
    case 'reopened':
      return 'Staff reopened reporting';
    case 'forfeitClaimed':
      return `${team} claimed the win by forfeit`;
    case 'forfeitApproved':
      return `Staff approved the forfeit: ${team} won`;
    case 'forfeitRefused':
      return `Staff refused ${team}'s forfeit claim`;
    case 'resultEntered':
      return `Staff entered the result: ${team} won`;
    case 'forfeitMarked':
      return `Staff marked a forfeit: ${team} won`;
    case 'mapsEntered':
      return 'Staff entered the maps played so far';
    case 'resultCorrected':
      return `Staff corrected the result: ${team} won`;
  }
}

/** The ruling's note under its step. */
export const staffNoteLine = (note: string) => `Staff's note: ${note}`;

export const matchTexts = {
  vetoNotOpen: 'The map veto opens once the tournament has started and both captains have said their team is ready.',
  vetoDone: 'The veto is over: the maps are settled.',
  noVeto: 'No map veto for this match.',
  /** A bracket drawn before the site ran vetoes: the captains settle the maps between them. */
  noSiteVeto: 'This match has no map veto on the site: the captains settle the maps between them, as before.',
  /** The result came in without a veto (a best of one entered directly, a forfeit). */
  noVetoRun: 'No map veto was run for this match.',
  waiting: 'The teams are not known yet.',
  forfeit: 'Won by forfeit',
  bye: 'Bye: the team advances without playing.',
  noHistory: 'Nothing yet: the ready check, the reports and what staff decide appear here as they happen.',
  /** Before the time, the visitor's zone named ("Sat 12 Dec, 18:00 CET"). */
  matchTime: 'Match time:',
};
