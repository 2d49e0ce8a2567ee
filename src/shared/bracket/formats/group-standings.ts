import type { FormatMatch } from './format-match.js';
import { addMatches, emptyRecord, mapDiff, roundDiff, type TeamRecord } from './team-record.js';

/**
 * A round-robin group's table. Teams are ranked by, in order:
 * 1. match wins;
 * 2. head-to-head among the teams tied on wins: a mini-table of the wins in the matches between
 *    them only. When it separates some of them, it is applied again to each smaller set it leaves
 *    tied (A and B level after a three-way mini-table are then split by their own match);
 * 3. map difference, then 4. round difference, over all the group's matches;
 * 5. seed order (the better seed first), so the order is always total.
 */

export interface GroupStanding extends TeamRecord {
  /** 1-based, no shared places: the tiebreakers always decide. */
  place: number;
  mapDiff: number;
  roundDiff: number;
}

export function groupStandings(teamIds: string[], seedOf: (teamId: string) => number, matches: FormatMatch[]): GroupStanding[] {
  const records = new Map(teamIds.map((id) => [id, emptyRecord(id, seedOf(id))]));
  addMatches(records, matches);
  const decided = matches.filter((match) => match.winnerTeamId !== null && !match.isBye);
  const ranked = partitionBy([...records.values()], (record) => record.wins).flatMap((tied) => breakTie(tied, decided));
  return ranked.map((record, index) => ({ ...record, place: index + 1, mapDiff: mapDiff(record), roundDiff: roundDiff(record) }));
}

/** Splits records into runs of equal `score`, the highest first. */
function partitionBy(records: TeamRecord[], score: (record: TeamRecord) => number): TeamRecord[][] {
  const runs = new Map<number, TeamRecord[]>();
  for (const record of records) runs.set(score(record), [...(runs.get(score(record)) ?? []), record]);
  return [...runs.entries()].sort(([a], [b]) => b - a).map(([, run]) => run);
}

function breakTie(tied: TeamRecord[], decided: FormatMatch[]): TeamRecord[] {
  if (tied.length === 1) return tied;
  const ids = new Set(tied.map((record) => record.teamId));
  const miniWins = new Map<string, number>();
  for (const match of decided) {
    if (ids.has(match.team1Id!) && ids.has(match.team2Id!)) miniWins.set(match.winnerTeamId!, (miniWins.get(match.winnerTeamId!) ?? 0) + 1);
  }
  const runs = partitionBy(tied, (record) => miniWins.get(record.teamId) ?? 0);
  if (runs.length > 1) return runs.flatMap((run) => breakTie(run, decided));
  return [...tied].sort((a, b) => mapDiff(b) - mapDiff(a) || roundDiff(b) - roundDiff(a) || a.seed - b.seed);
}
