import type { FormatMatch } from './format-match.js';

/**
 * A team's record over decided matches, the columns group and Swiss standings sort by. Maps and
 * rounds come from the result's maps; a result without maps (a forfeit, a winner entered alone)
 * counts as a win or a loss only. A bye is a win with no maps or rounds.
 */
export interface TeamRecord {
  teamId: string;
  /** 1 is the top seed; the last tiebreaker. */
  seed: number;
  played: number;
  wins: number;
  losses: number;
  byes: number;
  mapsWon: number;
  mapsLost: number;
  roundsWon: number;
  roundsLost: number;
}

export const mapDiff = (record: TeamRecord) => record.mapsWon - record.mapsLost;
export const roundDiff = (record: TeamRecord) => record.roundsWon - record.roundsLost;

export function emptyRecord(teamId: string, seed: number): TeamRecord {
  return { teamId, seed, played: 0, wins: 0, losses: 0, byes: 0, mapsWon: 0, mapsLost: 0, roundsWon: 0, roundsLost: 0 };
}

/** Adds each decided match to the records of its teams (teams without a record are ignored). */
export function addMatches(records: Map<string, TeamRecord>, matches: FormatMatch[]): void {
  for (const match of matches) {
    if (match.winnerTeamId === null) continue;
    if (match.isBye) {
      const record = records.get(match.winnerTeamId);
      if (record) {
        record.wins++;
        record.byes++;
      }
      continue;
    }
    const sides = [
      { id: match.team1Id!, own: 'team1Rounds', other: 'team2Rounds' },
      { id: match.team2Id!, own: 'team2Rounds', other: 'team1Rounds' },
    ] as const;
    for (const side of sides) {
      const record = records.get(side.id);
      if (!record) continue;
      record.played++;
      if (match.winnerTeamId === side.id) record.wins++;
      else record.losses++;
      for (const map of match.maps ?? []) {
        const own = map[side.own];
        const other = map[side.other];
        record.roundsWon += own;
        record.roundsLost += other;
        if (own > other) record.mapsWon++;
        else if (other > own) record.mapsLost++;
      }
    }
  }
}
