import { msg } from '../i18n/msg.js';
import { inEnglish, type Translate } from '../in-english.js';
import type { BestOf, MapResultInput, ScoringRule } from '../schemas/match.js';

/**
 * A series' rules, pure: whether a map's rounds are a final score under the tournament's scoring
 * rule, and what the maps played so far make of the series (maps won, the winner once a team has
 * won more than half). The server checks results with it; the browser can show the same messages.
 */

/**
 * The pools too small for a best-of (a pool has at least 2 maps), written out whole so the catalogs
 * have them: the API's message is looked up as it is.
 */
const poolTooSmallMessages: Record<string, string> = {
  '2/3': msg('The map pool has 2 maps: a best of 3 needs at least 4'),
  '3/3': msg('The map pool has 3 maps: a best of 3 needs at least 4'),
  '2/5': msg('The map pool has 2 maps: a best of 5 needs at least 6'),
  '3/5': msg('The map pool has 3 maps: a best of 5 needs at least 6'),
  '4/5': msg('The map pool has 4 maps: a best of 5 needs at least 6'),
  '5/5': msg('The map pool has 5 maps: a best of 5 needs at least 6'),
};

/** A veto needs one map more than the series can play. */
export const poolTooSmallMessage = (poolSize: number, bestOf: BestOf) =>
  poolTooSmallMessages[`${poolSize}/${bestOf}`] ?? `The map pool has ${poolSize} maps: a best of ${bestOf} needs at least ${bestOf + 1}`;

/** Maps a team must win to take the series: 1 of 1, 2 of 3, 3 of 5. */
export const mapsToWin = (bestOf: BestOf) => Math.ceil(bestOf / 2);

/** Why a map's rounds are not a final score under the rule, or null when they are (in English unless the caller passes the reader's `t`). */
export function mapScoreError(rule: ScoringRule, team1Rounds: number, team2Rounds: number, t: Translate = inEnglish): string | null {
  if (team1Rounds === team2Rounds) return t('A map cannot end in a draw');
  if (rule === 'free') return null;
  const winner = Math.max(team1Rounds, team2Rounds);
  const loser = Math.min(team1Rounds, team2Rounds);
  // Regulation: first to 13 with the loser at 11 or fewer; at 12–12 overtime goes on until one team leads by two.
  const regulation = winner === 13 && loser <= 11;
  const overtime = loser >= 12 && winner === loser + 2;
  return regulation || overtime ? null : t('{team1Rounds}–{team2Rounds} is not a final score: a map is won 13 to at most 11, or by two in overtime', { team1Rounds, team2Rounds });
}

export interface SeriesMap extends MapResultInput {
  /** Which team won the map: 1 or 2. */
  winner: 1 | 2;
}

export interface SeriesOutcome {
  maps: SeriesMap[];
  team1Maps: number;
  team2Maps: number;
  /** 1 or 2 once a team has won `mapsToWin(bestOf)` maps; null while the series is still on. */
  winner: 1 | 2 | null;
}

export interface SeriesIssue {
  /** Where the problem is, as a form path: `maps.1.team1Rounds`, `maps.3`. */
  path: string;
  message: string;
}

/**
 * The series from its maps in order. Returns every problem (each map's score, maps after the series
 * was won) with the field it belongs to, or the outcome when there is none. The messages are English
 * unless the caller passes the reader's `t`.
 */
export function seriesOutcome(bestOf: BestOf, rule: ScoringRule, maps: MapResultInput[], t: Translate = inEnglish): { outcome: SeriesOutcome; issues: SeriesIssue[] } {
  const issues: SeriesIssue[] = [];
  const played: SeriesMap[] = [];
  const won = { 1: 0, 2: 0 };
  let winner: 1 | 2 | null = null;
  maps.forEach((map, index) => {
    if (winner !== null) {
      issues.push({ path: `maps.${index}`, message: t('The series was already won: remove the maps after it') });
      return;
    }
    const error = mapScoreError(rule, map.team1Rounds, map.team2Rounds, t);
    if (error) {
      issues.push({ path: `maps.${index}.team1Rounds`, message: error });
      return;
    }
    const mapWinner = map.team1Rounds > map.team2Rounds ? 1 : 2;
    played.push({ ...map, winner: mapWinner });
    won[mapWinner]++;
    if (won[mapWinner] >= mapsToWin(bestOf)) winner = mapWinner;
  });
  return { outcome: { maps: played, team1Maps: won[1], team2Maps: won[2], winner }, issues };
}
