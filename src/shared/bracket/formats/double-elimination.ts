import { msg } from '../../i18n/msg.js';
import { standardSeedOrder } from '../derive-bracket.js';
import { byeMatch, checkField, emptyMatch, loserOf, resultBook, type FormatMatch, type FormatResult, type FormatRound } from './format-match.js';

/**
 * Double elimination, recomputed whole from the seeding and the stored results.
 *
 * - The upper bracket is the single-elimination draw: the field rounded up to a power of two,
 *   seeds in the standard order, the byes to the top seeds (U1-1, U2-1, …).
 * - A team that loses in the upper bracket drops into the lower bracket (L1-1, …). The lower
 *   bracket alternates: round 1 pairs the upper round 1 losers; each even round takes the winners
 *   of the round before against the losers dropping from the next upper round; each odd round
 *   after the first pairs the survivors. Drop-ins are crossed so that a team does not meet again
 *   the teams it beat (`dropInPosition`): the first drop-in round in reverse order, the later ones
 *   with neighbours swapped. Byes in upper round 1 leave empty slots: a lower match with one team is a bye,
 *   one with none is left out (its key stays unused, so the other keys never move).
 * - The grand final (GF1) is the upper winner against the lower winner. With `grandFinalReset`
 *   (the default) a lower-bracket win there means both teams have lost once, so a second match
 *   (GF2) decides; without it GF1 decides, and the upper team goes out on its only loss.
 * - Places: the champion, the runner-up, 3rd the lower final's loser, then teams out in the same
 *   lower round share the place after everyone who went further.
 * A stored result counts only while its match has the teams it was entered for; the others come
 * back in `cleared` (format-match.ts).
 */

export interface DoubleEliminationOptions {
  /** A second grand final when the lower-bracket team wins the first. Default true. */
  grandFinalReset?: boolean;
}

export interface TeamPlace {
  teamId: string;
  /** 1-based; teams out in the same lower round share it. */
  place: number;
  /** The match the team went out in (the last grand final for the champion). */
  matchKey: string;
}

export interface DoubleEliminationBracket {
  upper: FormatRound[];
  lower: FormatRound[];
  /** GF1, and GF2 once the lower-bracket team has won GF1 (with the reset). */
  grandFinal: FormatRound;
  cleared: FormatResult[];
  /** Every team whose place is known: out in the lower bracket or in the grand final, and the champion. */
  places: TeamPlace[];
  /** 1st, 2nd and 3rd once the grand final is decided. */
  placements: { first: string; second: string; third: string[] } | null;
}

export const doubleEliminationLimits = { minTeams: 3, maxTeams: 1024 } as const;

export const upperKey = (round: number, position: number) => `U${round}-${position + 1}`;
export const lowerKey = (round: number, position: number) => `L${round}-${position + 1}`;
export const grandFinalKeys = { first: 'GF1', reset: 'GF2' } as const;

export const upperRoundName = (round: number, roundCount: number) => (round === roundCount ? msg('Upper final') : `Upper round ${round}`);
export const lowerRoundName = (round: number, roundCount: number) => (round === roundCount ? msg('Lower final') : `Lower round ${round}`);

/** A slot of a match: a team, not known yet (null), or empty for good (a bye upstream). */
const EMPTY = Symbol('empty');
type Slot = string | null | typeof EMPTY;

/**
 * The position in the dropping upper round whose loser a lower match of the `dropIn`-th drop-in
 * round (of `count` matches) takes. The first drop-in round is reversed and the later ones swap
 * neighbours. Seen as a mask XORed onto the position (all ones, then 1), this keeps a dropping team
 * away from the lower matches its upper victims went to in every drop-in round of at least four
 * matches (a victim of upper round j sits where the masks of the drop-ins since shifted it, and
 * these masks never coincide once truncated); with two matches or one a rematch can be forced.
 */
export function dropInPosition(dropIn: number, count: number, position: number): number {
  if (dropIn === 1) return count - 1 - position;
  return count === 1 ? 0 : position ^ 1;
}

export function deriveDoubleElimination(teamIds: string[], options: DoubleEliminationOptions, results: FormatResult[]): DoubleEliminationBracket {
  checkField(teamIds, doubleEliminationLimits.minTeams, 'Double elimination');
  if (teamIds.length > doubleEliminationLimits.maxTeams) throw new Error(`Double elimination takes at most ${doubleEliminationLimits.maxTeams} teams`);
  const hasReset = options.grandFinalReset ?? true;
  const book = resultBook(results);

  let size = 2;
  while (size < teamIds.length) size *= 2;
  const upperCount = Math.log2(size);
  const lowerCount = 2 * (upperCount - 1);

  interface Placed {
    match: FormatMatch | null;
    winner: Slot;
    loser: Slot;
  }

  /** The match between two slots: played, a bye, or nothing at all when both are empty. */
  function place(key: string, bracket: 'upper' | 'lower', round: number, position: number, a: Slot, b: Slot): Placed {
    if (a === EMPTY && b === EMPTY) return { match: null, winner: EMPTY, loser: EMPTY };
    if (a === EMPTY || b === EMPTY) {
      const team = a === EMPTY ? b : a;
      if (team === EMPTY) throw new Error('unreachable');
      // The lone team goes through; until it is known the match is a bye waiting for it.
      const match = team === null ? { ...emptyMatch(key, bracket, round, position, null, null), isBye: true } : byeMatch(key, bracket, round, position, team);
      return { match, winner: team, loser: EMPTY };
    }
    const match = book.decide(emptyMatch(key, bracket, round, position, a, b));
    return { match, winner: match.winnerTeamId, loser: loserOf(match) };
  }

  const order = standardSeedOrder(size);
  const seedSlot = (seed: number): Slot => teamIds[seed - 1] ?? EMPTY;

  const upperPlaced: Placed[][] = [];
  for (let round = 1; round <= upperCount; round++) {
    const count = size / 2 ** round;
    const placed: Placed[] = [];
    for (let position = 0; position < count; position++) {
      const [a, b]: [Slot, Slot] =
        round === 1
          ? [seedSlot(order[position * 2]), seedSlot(order[position * 2 + 1])]
          : [upperPlaced[round - 2][position * 2].winner, upperPlaced[round - 2][position * 2 + 1].winner];
      placed.push(place(upperKey(round, position), 'upper', round, position, a, b));
    }
    upperPlaced.push(placed);
  }

  const lowerPlaced: Placed[][] = [];
  for (let round = 1; round <= lowerCount; round++) {
    const placed: Placed[] = [];
    if (round === 1) {
      const fromUpper = upperPlaced[0];
      for (let position = 0; position < size / 4; position++) {
        placed.push(place(lowerKey(round, position), 'lower', round, position, fromUpper[position * 2].loser, fromUpper[position * 2 + 1].loser));
      }
    } else if (round % 2 === 0) {
      const dropIn = round / 2;
      const survivors = lowerPlaced[round - 2];
      const dropping = upperPlaced[dropIn];
      for (let position = 0; position < survivors.length; position++) {
        const from = dropping[dropInPosition(dropIn, dropping.length, position)];
        placed.push(place(lowerKey(round, position), 'lower', round, position, survivors[position].winner, from.loser));
      }
    } else {
      const survivors = lowerPlaced[round - 2];
      for (let position = 0; position < survivors.length / 2; position++) {
        placed.push(place(lowerKey(round, position), 'lower', round, position, survivors[position * 2].winner, survivors[position * 2 + 1].winner));
      }
    }
    lowerPlaced.push(placed);
  }

  const upperWinner = upperPlaced[upperCount - 1][0].winner;
  const lowerWinner = lowerPlaced[lowerCount - 1][0].winner;
  const slotTeam = (slot: Slot) => (slot === EMPTY ? null : slot);
  const gf1 = book.decide(emptyMatch(grandFinalKeys.first, 'grand_final', 1, 0, slotTeam(upperWinner), slotTeam(lowerWinner)));
  const needsReset = hasReset && gf1.winnerTeamId !== null && gf1.winnerTeamId === gf1.team2Id;
  const gf2 = needsReset ? book.decide(emptyMatch(grandFinalKeys.reset, 'grand_final', 2, 0, gf1.team1Id, gf1.team2Id)) : null;

  const roundsOf = (placedRounds: Placed[][], name: (round: number) => string): FormatRound[] =>
    placedRounds.map((placed, index) => ({
      number: index + 1,
      name: name(index + 1),
      matches: placed.map((p) => p.match).filter((match): match is FormatMatch => match !== null),
    }));
  const upper = roundsOf(upperPlaced, (round) => upperRoundName(round, upperCount));
  const lower = roundsOf(lowerPlaced, (round) => lowerRoundName(round, lowerCount));
  const grandFinal: FormatRound = { number: 1, name: msg('Grand final'), matches: gf2 ? [gf1, gf2] : [gf1] };

  // Out in lower round r: behind the champion, the runner-up and one team per played match after r.
  const places: TeamPlace[] = [];
  let behind = 2;
  for (let index = lower.length - 1; index >= 0; index--) {
    const played = lower[index].matches.filter((match) => !match.isBye);
    for (const match of played) {
      const loser = loserOf(match);
      if (loser !== null) places.push({ teamId: loser, place: behind + 1, matchKey: match.key });
    }
    behind += played.length;
  }

  const deciding = gf2 ?? (needsReset ? null : gf1);
  let placements: DoubleEliminationBracket['placements'] = null;
  if (deciding?.winnerTeamId) {
    const first = deciding.winnerTeamId;
    const second = loserOf(deciding)!;
    places.push({ teamId: second, place: 2, matchKey: deciding.key }, { teamId: first, place: 1, matchKey: deciding.key });
    const third = places.find((row) => row.place === 3)!.teamId;
    placements = { first, second, third: [third] };
  }
  places.sort((a, b) => a.place - b.place);

  return { upper, lower, grandFinal, cleared: book.cleared(), places, placements };
}

/** Every match in play order: the upper rounds, the lower rounds, the grand final. */
export function doubleEliminationMatches(bracket: Pick<DoubleEliminationBracket, 'upper' | 'lower' | 'grandFinal'>): FormatMatch[] {
  return [...bracket.upper, ...bracket.lower, bracket.grandFinal].flatMap((round) => round.matches);
}
