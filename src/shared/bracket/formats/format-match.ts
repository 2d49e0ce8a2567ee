import { resultFits, type DerivedMatch, type StoredResult } from '../derive-bracket.js';
import type { MapResultInput } from '../../schemas/match.js';

/**
 * What every format shares: a match as derived (its teams follow from the seeding and the results
 * before it), a stored result with its maps, and the rule that a stored result counts only while
 * its match still has the two teams it was entered for (as derive-bracket.ts does for single
 * elimination). Nothing is locked: a correction is a changed input, and the results it invalidates
 * come back in `cleared`.
 */

/** Which part of an event a match belongs to; the public API's `bracket` field. */
export type FormatBracket = 'upper' | 'lower' | 'grand_final' | 'group' | 'swiss';

/** A stored result with the maps played, each map's rounds given for the stored team1 and team2. */
export interface FormatResult extends StoredResult {
  /** Null or absent: a forfeit or a winner without maps, which counts as a win only. */
  maps?: MapResultInput[] | null;
}

/** A single-elimination match's fields, plus its part of the event and its maps; `round` counts within its bracket (or group), and in Swiss a bye takes the round's win. */
export interface FormatMatch extends DerivedMatch {
  bracket: FormatBracket;
  maps: MapResultInput[] | null;
}

export interface FormatRound {
  number: number;
  name: string;
  matches: FormatMatch[];
}

export const emptyMatch = (
  key: string,
  bracket: FormatBracket,
  round: number,
  position: number,
  team1Id: string | null,
  team2Id: string | null,
): FormatMatch => ({
  key,
  bracket,
  round,
  position,
  team1Id,
  team2Id,
  winnerTeamId: null,
  isBye: false,
  score: null,
  maps: null,
});

export const byeMatch = (key: string, bracket: FormatBracket, round: number, position: number, teamId: string): FormatMatch => ({
  ...emptyMatch(key, bracket, round, position, teamId, null),
  winnerTeamId: teamId,
  isBye: true,
});

export const loserOf = (match: FormatMatch): string | null =>
  match.winnerTeamId === null || match.isBye ? null : match.winnerTeamId === match.team1Id ? match.team2Id : match.team1Id;

/** Whether a result can be entered for the match now: both teams known, not a bye. */
export const isPlayableMatch = (match: FormatMatch) => !match.isBye && match.team1Id !== null && match.team2Id !== null;

/**
 * The stored results, looked up by match key. `decide` gives a match its result when the result
 * was entered for exactly the match's two teams, and otherwise sets the result aside as cleared;
 * `cleared` then adds every result whose key the format no longer has.
 */
export function resultBook(results: FormatResult[]) {
  const byKey = new Map(results.map((result) => [result.matchKey, result]));
  const used = new Set<string>();
  const clearedNow: FormatResult[] = [];
  return {
    decide(match: FormatMatch): FormatMatch {
      const stored = byKey.get(match.key);
      if (!stored || match.isBye) return match;
      used.add(match.key);
      if (!resultFits(stored, match)) {
        clearedNow.push(stored);
        return match;
      }
      return { ...match, winnerTeamId: stored.winnerTeamId, score: stored.score, maps: stored.maps ?? null };
    },
    cleared(): FormatResult[] {
      return [...clearedNow, ...results.filter((result) => !used.has(result.matchKey))];
    },
  };
}

export function checkField(teamIds: string[], minTeams: number, formatName: string): void {
  if (teamIds.length < minTeams) throw new Error(`${formatName} needs at least ${minTeams} teams`);
  if (new Set(teamIds).size !== teamIds.length) throw new Error('A team is seeded twice');
}
