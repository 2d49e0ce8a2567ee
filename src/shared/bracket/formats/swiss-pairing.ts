/**
 * The pairing of one Swiss round, written for this site (no third-party pairing code).
 *
 * Teams come ranked (best first). The search always pairs the best team still unpaired, trying
 * opponents in this order of preference: the same record first, and within it the team half a
 * score group below (1 v 5, 2 v 6 of eight, as the Dutch system folds a group), then the teams
 * around it; then the best teams of the next score groups down (the lowest team of an odd group
 * floats down). It backtracks when the rest cannot be paired, so:
 * - no two teams meet again while any pairing of the round avoids it (with an odd count, over
 *   every team that may still take the bye);
 * - when every pairing has a rematch, it takes one with the fewest;
 * - the bye goes to the lowest-ranked team that has not had one, unless that would force a
 *   rematch another bye-taker avoids.
 * A failed set of remaining teams is remembered, so the search never explores it twice.
 */

export interface PairingInput {
  /** Team ids, best first. */
  ranked: string[];
  winsOf: (teamId: string) => number;
  havePlayed: (a: string, b: string) => boolean;
  hasHadBye: (teamId: string) => boolean;
}

export interface RoundPairing {
  /** Best-ranked team first in each pair; pairs in the order of their first team. */
  pairs: [string, string][];
  bye: string | null;
  rematches: number;
}

export function pairRound({ ranked, winsOf, havePlayed, hasHadBye }: PairingInput): RoundPairing {
  const byeCandidates = ranked.length % 2 === 0 ? [null] : [...ranked].reverse().filter((id) => !hasHadBye(id));
  // Everyone has had a bye (more rounds than the field allows): the lowest-ranked takes another.
  if (byeCandidates.length === 0) byeCandidates.push(ranked[ranked.length - 1]);
  for (let budget = 0; budget <= ranked.length / 2; budget++) {
    for (const bye of byeCandidates) {
      const pairs = pairWithin(
        ranked.filter((id) => id !== bye),
        budget,
        winsOf,
        havePlayed,
      );
      if (pairs) return { pairs, bye, rematches: pairs.filter(([a, b]) => havePlayed(a, b)).length };
    }
  }
  throw new Error('unreachable: any even set of teams can be paired with rematches allowed');
}

/** Opponents for the first of `remaining`, most wanted first. */
function preferences(remaining: string[], winsOf: (teamId: string) => number): string[] {
  const top = remaining[0];
  const group = remaining.filter((id) => winsOf(id) === winsOf(top));
  const ideal = Math.floor(group.length / 2);
  const sameGroup = group
    .map((id, index) => ({ id, index }))
    .filter(({ index }) => index > 0)
    .sort((a, b) => {
      const aBelow = a.index >= ideal;
      const bBelow = b.index >= ideal;
      if (aBelow !== bBelow) return aBelow ? -1 : 1;
      return aBelow ? a.index - b.index : b.index - a.index;
    })
    .map(({ id }) => id);
  const lower = remaining.filter((id) => winsOf(id) !== winsOf(top)).sort((a, b) => Math.abs(winsOf(top) - winsOf(a)) - Math.abs(winsOf(top) - winsOf(b)));
  return [...sameGroup, ...lower];
}

/** A pairing of `teams` (even count, best first) with at most `budget` rematches, or null. */
function pairWithin(
  teams: string[],
  budget: number,
  winsOf: (teamId: string) => number,
  havePlayed: (a: string, b: string) => boolean,
): [string, string][] | null {
  const failed = new Set<string>();
  function search(remaining: string[], left: number): [string, string][] | null {
    if (remaining.length === 0) return [];
    const key = `${left}:${remaining.join('|')}`;
    if (failed.has(key)) return null;
    const top = remaining[0];
    for (const opponent of preferences(remaining, winsOf)) {
      const isRematch = havePlayed(top, opponent);
      if (isRematch && left === 0) continue;
      const rest = search(
        remaining.filter((id) => id !== top && id !== opponent),
        left - (isRematch ? 1 : 0),
      );
      if (rest) return [[top, opponent], ...rest];
    }
    failed.add(key);
    return null;
  }
  return search(teams, budget);
}
