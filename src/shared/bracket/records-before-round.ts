import type { BracketMatch } from '../schemas/bracket.js';

export interface WinLoss {
  wins: number;
  losses: number;
}

/**
 * Each team's record going into each round of a Swiss stage (what paired it: teams with the same
 * record meet), from the decided matches of the rounds before. A bye counts as a win, as in the
 * standings (team-record.ts). Keyed by the round's number, then the team's id.
 */
export function recordsBeforeRounds(rounds: { number: number; matches: BracketMatch[] }[]): Map<number, Map<string, WinLoss>> {
  const running = new Map<string, WinLoss>();
  const recordOf = (teamId: string) => running.get(teamId) ?? { wins: 0, losses: 0 };
  const before = new Map<number, Map<string, WinLoss>>();
  for (const round of [...rounds].sort((a, b) => a.number - b.number)) {
    const snapshot = new Map<string, WinLoss>();
    for (const match of round.matches) for (const id of [match.team1Id, match.team2Id]) if (id !== null) snapshot.set(id, recordOf(id));
    before.set(round.number, snapshot);
    for (const match of round.matches) {
      if (match.winnerTeamId === null) continue;
      for (const id of [match.team1Id, match.team2Id]) {
        if (id === null) continue;
        const record = recordOf(id);
        running.set(id, id === match.winnerTeamId ? { ...record, wins: record.wins + 1 } : { ...record, losses: record.losses + 1 });
      }
    }
  }
  return before;
}
