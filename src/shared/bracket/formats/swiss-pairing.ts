/**
 * The pairing of one Swiss round, written for this site (no third-party pairing code).
 *
 * Teams come ranked (best first). The search always pairs the best team still unpaired, trying
 * opponents in this order of preference: the same record first, and within it the team half a
 * score group below (1 v 5, 2 v 6 of eight, as the Dutch system folds a group), then the teams
 * around it; then the best teams of the next score groups down (the lowest team of an odd group
 * floats down). The result is the first pairing in that order that
 * - has no rematch, when any pairing of the round avoids them (with an odd count, over every team
 *   that may still take the bye), and otherwise has the fewest rematches;
 * - gives the bye to the lowest-ranked team that has not had one, unless that would force a
 *   rematch another bye-taker avoids.
 * A short backtracking search finds it in the usual case; when it runs long (a field that has
 * played most of its pairs), a maximum matching (max-matching.ts) tells at each choice whether
 * the rest can still be paired well enough, so the same pairing is found without backtracking.
 */

import { maxMatchingSize } from './max-matching.js';

export interface PairingInput {
  /** Team ids, best first. */
  ranked: string[];
  winsOf: (teamId: string) => number;
  havePlayed: (a: string, b: string) => boolean;
  hasHadBye: (teamId: string) => boolean;
  /** How long the quick search may run before the matching takes over; tests set 0 to compare the two. */
  searchSteps?: number;
}

export interface RoundPairing {
  /** Best-ranked team first in each pair; pairs in the order of their first team. */
  pairs: [string, string][];
  bye: string | null;
  rematches: number;
}

export function pairRound({ ranked, winsOf, havePlayed, hasHadBye, searchSteps = 20_000 }: PairingInput): RoundPairing {
  const byeCandidates: (string | null)[] = ranked.length % 2 === 0 ? [null] : [...ranked].reverse().filter((id) => !hasHadBye(id));
  // Everyone has had a bye (more rounds than the field allows): the lowest-ranked takes another.
  if (byeCandidates.length === 0) byeCandidates.push(ranked[ranked.length - 1]);
  const without = (bye: string | null) => ranked.filter((id) => id !== bye);
  const result = (pairs: [string, string][], bye: string | null) => ({ pairs, bye, rematches: pairs.filter(([a, b]) => havePlayed(a, b)).length });

  // Usually a short search finds a pairing without a rematch; when it is cut short, the matching
  // oracle says whether one exists and guides the same choices without backtracking.
  for (const bye of byeCandidates) {
    const teams = without(bye);
    const quick = quickSearch(teams, winsOf, havePlayed, searchSteps);
    if (quick === 'none') continue;
    if (quick !== 'cut short') return result(quick, bye);
    if (newPairsPossible(teams, havePlayed) === teams.length / 2) return result(guidedPairing(teams, teams.length / 2, winsOf, havePlayed), bye);
  }
  // Every pairing has a rematch: the bye that leaves the most new pairs, then the fewest rematches.
  let best = { bye: byeCandidates[0], newPairs: -1 };
  for (const bye of byeCandidates) {
    const newPairs = newPairsPossible(without(bye), havePlayed);
    if (newPairs > best.newPairs) best = { bye, newPairs };
  }
  return result(guidedPairing(without(best.bye), best.newPairs, winsOf, havePlayed), best.bye);
}

/** How many pairs of teams that have not met can be made at once (a maximum matching). */
function newPairsPossible(teams: string[], havePlayed: (a: string, b: string) => boolean): number {
  return maxMatchingSize(teams.length, (a, b) => !havePlayed(teams[a], teams[b]));
}

/**
 * The pairing a full search in preference order would find first among those with `newPairs`
 * pairs that have not met: each team takes its most wanted opponent that still lets the rest
 * reach that number.
 */
function guidedPairing(
  teams: string[],
  newPairs: number,
  winsOf: (teamId: string) => number,
  havePlayed: (a: string, b: string) => boolean,
): [string, string][] {
  const pairs: [string, string][] = [];
  let remaining = teams;
  let needed = newPairs;
  while (remaining.length > 0) {
    const top = remaining[0];
    for (const opponent of preferences(remaining, winsOf)) {
      const rest = remaining.filter((id) => id !== top && id !== opponent);
      const gain = havePlayed(top, opponent) ? 0 : 1;
      if (gain + newPairsPossible(rest, havePlayed) < needed) continue;
      pairs.push([top, opponent]);
      remaining = rest;
      needed -= gain;
      break;
    }
  }
  return pairs;
}

/**
 * Opponents for the first of `remaining` (ranked, so its score group is a prefix), most wanted
 * first: the fold within the group (half the group below, then further down, then back up), then
 * everyone below the group in rank order.
 */
function* preferences(remaining: string[], winsOf: (teamId: string) => number): Generator<string> {
  const topWins = winsOf(remaining[0]);
  let groupSize = 1;
  while (groupSize < remaining.length && winsOf(remaining[groupSize]) === topWins) groupSize++;
  const ideal = Math.max(1, Math.floor(groupSize / 2));
  for (let index = ideal; index < groupSize; index++) yield remaining[index];
  for (let index = ideal - 1; index >= 1; index--) yield remaining[index];
  for (let index = groupSize; index < remaining.length; index++) yield remaining[index];
}

/** The first pairing without a rematch in preference order; 'none' when there is none, 'cut short' past the step limit. */
function quickSearch(
  teams: string[],
  winsOf: (teamId: string) => number,
  havePlayed: (a: string, b: string) => boolean,
  maxSteps: number,
): [string, string][] | 'none' | 'cut short' {
  // Teams are taken out and put back in place (no copies per step), and a set of remaining teams
  // is a bit mask, so failed sets are remembered cheaply.
  const isLeft = teams.map(() => true);
  const bit = teams.map((_, index) => 1n << BigInt(index));
  const failed = new Set<bigint>();
  let steps = 0;
  /** The same order as `preferences`, over the teams still left after `top`. */
  function* opponents(top: number): Generator<number> {
    const group = [top];
    let next = top + 1;
    for (; next < teams.length; next++) {
      if (!isLeft[next]) continue;
      if (winsOf(teams[next]) !== winsOf(teams[top])) break;
      group.push(next);
    }
    const ideal = Math.max(1, Math.floor(group.length / 2));
    for (let index = ideal; index < group.length; index++) yield group[index];
    for (let index = ideal - 1; index >= 1; index--) yield group[index];
    for (; next < teams.length; next++) if (isLeft[next]) yield next;
  }
  function search(from: number, mask: bigint): [string, string][] | null {
    let top = from;
    while (top < teams.length && !isLeft[top]) top++;
    if (top === teams.length) return [];
    if (++steps > maxSteps) throw cutShort;
    if (failed.has(mask)) return null;
    isLeft[top] = false;
    for (const opponent of opponents(top)) {
      if (havePlayed(teams[top], teams[opponent])) continue;
      isLeft[opponent] = false;
      const rest = search(top + 1, mask ^ bit[top] ^ bit[opponent]);
      isLeft[opponent] = true;
      if (rest) {
        isLeft[top] = true;
        return [[teams[top], teams[opponent]], ...rest];
      }
    }
    isLeft[top] = true;
    failed.add(mask);
    return null;
  }
  try {
    return (
      search(
        0,
        bit.reduce((mask, one) => mask | one, 0n),
      ) ?? 'none'
    );
  } catch (error) {
    if (error === cutShort) return 'cut short';
    throw error;
  }
}
const cutShort = new Error('cut short');
