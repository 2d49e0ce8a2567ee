import { msg } from '../i18n/msg.js';
import type { Bracket, BracketMatch } from '../schemas/bracket.js';

export type StandingStatus = 'champion' | 'runner_up' | 'third' | 'fourth' | 'playing' | 'out';

export interface Standing {
  teamId: string;
  teamName: string;
  teamLogoUrl: string | null;
  /** Where the team stands: its final place, still playing, or out. */
  status: StandingStatus;
  /** The last round it reached (where it is playing, or went out). */
  reached: string;
  wins: number;
  /** 1 for the champion; teams out in the same round share a place (5 for the quarter-final losers of eight). */
  place: number | null;
}

export const standingLabels: Record<StandingStatus, string> = {
  champion: msg('Champion'),
  runner_up: msg('Runner-up'),
  third: msg('Third'),
  fourth: msg('Fourth'),
  playing: msg('Still in'),
  out: msg('Out'),
};

const sides = (match: BracketMatch) =>
  [
    { id: match.team1Id, name: match.team1Name, logoUrl: match.team1LogoUrl },
    { id: match.team2Id, name: match.team2Name, logoUrl: match.team2LogoUrl },
  ].filter((side): side is { id: string; name: string | null; logoUrl: string | null } => side.id !== null);

/**
 * The standings of a single-elimination bracket: every team with the furthest round it reached,
 * its wins, and its place once known; the teams still in first, then by how far they went.
 */
export function standingsOf(bracket: Bracket): Standing[] {
  const table = new Map<string, Standing & { depth: number }>();
  const roundCount = bracket.rounds.length;
  bracket.rounds.forEach((round, index) => {
    for (const match of round.matches) {
      for (const side of sides(match)) {
        const row = table.get(side.id) ?? { teamId: side.id, teamName: side.name ?? '', teamLogoUrl: side.logoUrl, status: 'playing' as StandingStatus, reached: round.name, wins: 0, place: null, depth: 0 };
        row.depth = index + 1;
        row.reached = round.name;
        if (match.winnerTeamId !== null && !match.isBye) {
          if (match.winnerTeamId === side.id) row.wins++;
          else {
            row.status = 'out';
            // Out in round r of n: as many teams went further as the bracket has places above them.
            row.place = 2 ** (roundCount - index - 1) + 1;
          }
        }
        table.set(side.id, row);
      }
    }
  });
  const final = bracket.rounds.at(-1)?.matches[0];
  if (final?.winnerTeamId) {
    for (const side of sides(final)) {
      const row = table.get(side.id)!;
      row.status = side.id === final.winnerTeamId ? 'champion' : 'runner_up';
      row.place = side.id === final.winnerTeamId ? 1 : 2;
    }
  }
  const third = bracket.thirdPlace;
  if (third?.winnerTeamId) {
    for (const side of sides(third)) {
      const row = table.get(side.id);
      if (!row) continue;
      if (side.id === third.winnerTeamId) row.wins++;
      row.status = side.id === third.winnerTeamId ? 'third' : 'fourth';
      row.place = side.id === third.winnerTeamId ? 3 : 4;
    }
  }
  const order = (row: Standing & { depth: number }) => (row.place ?? 0) || (row.status === 'playing' ? 0 : 999);
  return [...table.values()]
    .sort((a, b) => {
      if (a.place !== null && b.place !== null && a.place !== b.place) return a.place - b.place;
      if ((a.place === null) !== (b.place === null)) return a.place === null ? (a.status === 'playing' && b.place! > 2 ? -1 : 1) : b.status === 'playing' && a.place > 2 ? 1 : -1;
      return b.depth - a.depth || b.wins - a.wins || order(a) - order(b) || a.teamName.localeCompare(b.teamName);
    })
    .map(({ depth: _depth, ...row }) => row);
}
