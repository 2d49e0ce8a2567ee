import { byeMatch, checkField, emptyMatch, resultBook, type FormatMatch, type FormatResult, type FormatRound } from './format-match.js';
import { pairRound } from './swiss-pairing.js';
import { addMatches, emptyRecord, mapDiff, roundDiff, type TeamRecord } from './team-record.js';

/**
 * Swiss, recomputed whole from the seeding and the stored results.
 *
 * - `rounds` rounds, by default the ceiling of log2 of the field (enough to leave one unbeaten
 *   team in a field of a power of two); at most two more, and never more than a complete round
 *   robin (an odd field: one bye each). Past that a Swiss is a round robin played in a worse
 *   order, and pairing a field that has met most of itself gets slow.
 * - Round 1 pairs by seed (1 v n/2+1, …). Round r+1 is paired only once every match of round r
 *   has a result, from the records after it (swiss-pairing.ts): the same record where possible,
 *   no rematch while any pairing avoids one, the bye (a win without maps) to the lowest-ranked
 *   team that has not had one.
 * - Pairing ranks teams by wins, then Buchholz, then seed, leaving maps and rounds out on
 *   purpose: correcting a map's score then never re-pairs the next round. Correcting a winner
 *   can: the round is paired again from the new records, and its stored results whose teams
 *   changed come back in `cleared` (format-match.ts), as in the elimination brackets.
 * - Standings: wins, Buchholz (the wins of the opponents a team played), map difference, round
 *   difference, seed.
 * Keys: S1-1, S1-2, …; a round's bye is its last match.
 */

export interface SwissOptions {
  /** Default: the ceiling of log2 of the number of teams. */
  rounds?: number;
}

export interface SwissStanding extends TeamRecord {
  place: number;
  buchholz: number;
  mapDiff: number;
  roundDiff: number;
}

export interface SwissStage {
  roundCount: number;
  /** The rounds paired so far. */
  rounds: FormatRound[];
  standings: SwissStanding[];
  cleared: FormatResult[];
  isComplete: boolean;
}

export const swissLimits = { minTeams: 2, maxTeams: 1024 } as const;
export const swissMatchKey = (round: number, position: number) => `S${round}-${position + 1}`;
export const defaultSwissRounds = (teamCount: number) => Math.ceil(Math.log2(teamCount));
/** A complete round robin at most (one bye each in an odd field), and two rounds past the default: pairing stays quick. */
export const maxSwissRounds = (teamCount: number) => Math.min(teamCount % 2 === 0 ? teamCount - 1 : teamCount, defaultSwissRounds(teamCount) + 2);

const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

export function deriveSwiss(teamIds: string[], options: SwissOptions, results: FormatResult[]): SwissStage {
  checkField(teamIds, swissLimits.minTeams, 'Swiss');
  if (teamIds.length > swissLimits.maxTeams) throw new Error(`Swiss takes at most ${swissLimits.maxTeams} teams`);
  const roundCount = options.rounds ?? defaultSwissRounds(teamIds.length);
  const maxRounds = maxSwissRounds(teamIds.length);
  if (!Number.isInteger(roundCount) || roundCount < 1 || roundCount > maxRounds) {
    throw new Error(`${teamIds.length} teams play between 1 and ${maxRounds} Swiss rounds`);
  }

  const book = resultBook(results);
  const seedOf = new Map(teamIds.map((id, index) => [id, index + 1]));
  const rounds: FormatRound[] = [];
  const played = new Set<string>();
  const hadBye = new Set<string>();

  for (let number = 1; number <= roundCount; number++) {
    const previous = rounds.at(-1);
    if (previous && previous.matches.some((match) => match.winnerTeamId === null)) break;
    const table = tableOf(teamIds, seedOf, rounds);
    const ranked = [...table.values()].sort((a, b) => b.wins - a.wins || b.buchholz - a.buchholz || a.seed - b.seed).map((row) => row.teamId);
    const pairing = pairRound({
      ranked,
      winsOf: (id) => table.get(id)!.wins,
      havePlayed: (a, b) => played.has(pairKey(a, b)),
      hasHadBye: (id) => hadBye.has(id),
    });
    const matches: FormatMatch[] = keepStoredPlaces(number, pairing.pairs, results).map(([a, b], position) =>
      book.decide(emptyMatch(swissMatchKey(number, position), 'swiss', number, position, a, b)),
    );
    if (pairing.bye !== null) {
      matches.push(byeMatch(swissMatchKey(number, matches.length), 'swiss', number, matches.length, pairing.bye));
      hadBye.add(pairing.bye);
    }
    for (const [a, b] of pairing.pairs) played.add(pairKey(a, b));
    rounds.push({ number, name: `Round ${number}`, matches });
  }

  const table = tableOf(teamIds, seedOf, rounds);
  const standings = [...table.values()]
    .sort((a, b) => b.wins - a.wins || b.buchholz - a.buchholz || mapDiff(b) - mapDiff(a) || roundDiff(b) - roundDiff(a) || a.seed - b.seed)
    .map((row, index) => ({ ...row, place: index + 1, mapDiff: mapDiff(row), roundDiff: roundDiff(row) }));
  const isComplete = rounds.length === roundCount && rounds.every((round) => round.matches.every((match) => match.winnerTeamId !== null));
  return { roundCount, rounds, standings, cleared: book.cleared(), isComplete };
}

/**
 * The round's pairs in key order: a pair that has a stored result in this round keeps that
 * result's key and side order, so a correction that re-pairs the round but leaves a pair together
 * (elsewhere in the order) clears nothing of it; the other pairs fill the remaining keys in
 * pairing order.
 */
function keepStoredPlaces(round: number, pairs: [string, string][], results: FormatResult[]): [string, string][] {
  const prefix = `S${round}-`; // swissMatchKey's, without the position
  const stored = new Map<string, { position: number; sides: [string, string] }>();
  for (const result of results) {
    if (!result.matchKey.startsWith(prefix)) continue;
    const position = Number(result.matchKey.slice(prefix.length)) - 1;
    if (Number.isInteger(position) && position >= 0 && position < pairs.length) stored.set(pairKey(result.team1Id, result.team2Id), { position, sides: [result.team1Id, result.team2Id] });
  }
  const placed: ([string, string] | undefined)[] = new Array(pairs.length);
  const rest: [string, string][] = [];
  for (const pair of pairs) {
    const kept = stored.get(pairKey(pair[0], pair[1]));
    if (kept && placed[kept.position] === undefined) placed[kept.position] = kept.sides;
    else rest.push(pair);
  }
  for (let position = 0; position < placed.length; position++) placed[position] ??= rest.shift();
  return placed as [string, string][];
}

/** Every team's record and Buchholz over the decided matches of `rounds`. */
function tableOf(teamIds: string[], seedOf: Map<string, number>, rounds: FormatRound[]): Map<string, TeamRecord & { buchholz: number }> {
  const records = new Map(teamIds.map((id) => [id, emptyRecord(id, seedOf.get(id)!)]));
  const matches = rounds.flatMap((round) => round.matches);
  addMatches(records, matches);
  const buchholz = new Map(teamIds.map((id) => [id, 0]));
  for (const match of matches) {
    if (match.isBye || match.winnerTeamId === null) continue;
    buchholz.set(match.team1Id!, buchholz.get(match.team1Id!)! + records.get(match.team2Id!)!.wins);
    buchholz.set(match.team2Id!, buchholz.get(match.team2Id!)! + records.get(match.team1Id!)!.wins);
  }
  return new Map(teamIds.map((id) => [id, { ...records.get(id)!, buchholz: buchholz.get(id)! }]));
}
