import { checkField, emptyMatch, resultBook, type FormatMatch, type FormatResult, type FormatRound } from './format-match.js';
import { groupStandings, type GroupStanding } from './group-standings.js';

/**
 * Round-robin groups, recomputed whole from the seeding and the stored results.
 *
 * - `groups` groups filled by snake seeding: seeds 1…g go to groups A…, seeds g+1…2g come back
 *   the other way, so every group gets a fair share of strong and weak seeds.
 * - Each group plays every pair once (twice with `doubleRoundRobin`, the second cycle with the
 *   sides swapped), scheduled by the circle method: the group's first team stays put and the
 *   others rotate one place a round, so no team plays twice in a round. An odd group adds an
 *   empty seat; the team facing it sits the round out (no match, no win).
 * - Match keys name the group, the round and the match: A1-1, A1-2, B3-1. The schedule depends
 *   only on the seeding, so a correction never changes a match's teams: it changes the standings
 *   (group-standings.ts has the tiebreakers).
 */

export interface RoundRobinOptions {
  /** How many groups; default 1. Each group needs at least 2 teams. */
  groups?: number;
  /** Every pair meets twice. Default false. */
  doubleRoundRobin?: boolean;
}

export interface RoundRobinGroup {
  /** "A", "B", … */
  letter: string;
  name: string;
  /** The group's teams, best seed first. */
  teamIds: string[];
  rounds: FormatRound[];
  standings: GroupStanding[];
  isComplete: boolean;
}

export interface RoundRobinStage {
  groups: RoundRobinGroup[];
  cleared: FormatResult[];
  isComplete: boolean;
}

export const roundRobinLimits = { minTeams: 2, maxGroups: 26, maxTeams: 1024 } as const;

export const groupLetter = (index: number) => String.fromCharCode(65 + index);
export const groupMatchKey = (letter: string, round: number, position: number) => `${letter}${round}-${position + 1}`;

/** Seed indexes (0-based) of each group, snake order: A B C D, D C B A, A B C D, … */
export function snakeGroups(teamCount: number, groupCount: number): number[][] {
  const groups: number[][] = Array.from({ length: groupCount }, () => []);
  for (let seed = 0; seed < teamCount; seed++) {
    const row = Math.floor(seed / groupCount);
    const column = seed % groupCount;
    groups[row % 2 === 0 ? column : groupCount - 1 - column].push(seed);
  }
  return groups;
}

/**
 * One cycle of the circle method for `count` entries (indexes): `count - 1` rounds (an odd count
 * gets an empty seat, `null`), each a list of pairs. The fixed entry alternates sides so it is
 * not always listed first.
 */
export function circleRounds(count: number): [number, number][][] {
  const seats: (number | null)[] = Array.from({ length: count }, (_, i) => i);
  if (count % 2 === 1) seats.push(null);
  const size = seats.length;
  const rounds: [number, number][][] = [];
  for (let round = 0; round < size - 1; round++) {
    const others = seats.slice(1);
    const rotated = others.map((_, k) => others[(k - round + others.length) % others.length]);
    const table = [seats[0], ...rotated];
    const pairs: [number, number][] = [];
    for (let j = 0; j < size / 2; j++) {
      let a = table[j];
      let b = table[size - 1 - j];
      if (a === null || b === null) continue;
      if (j === 0 && round % 2 === 1) [a, b] = [b, a];
      pairs.push([a, b]);
    }
    rounds.push(pairs);
  }
  return rounds;
}

export function deriveRoundRobin(teamIds: string[], options: RoundRobinOptions, results: FormatResult[]): RoundRobinStage {
  checkField(teamIds, roundRobinLimits.minTeams, 'A round robin');
  const groupCount = options.groups ?? 1;
  if (!Number.isInteger(groupCount) || groupCount < 1) throw new Error('The number of groups must be a whole number of at least 1');
  if (groupCount > roundRobinLimits.maxGroups) throw new Error(`A round robin has at most ${roundRobinLimits.maxGroups} groups`);
  if (teamIds.length < groupCount * 2) throw new Error(`${groupCount} groups need at least ${groupCount * 2} teams`);
  if (teamIds.length > roundRobinLimits.maxTeams) throw new Error(`A round robin takes at most ${roundRobinLimits.maxTeams} teams`);

  const book = resultBook(results);
  const seedOf = new Map(teamIds.map((id, index) => [id, index + 1]));
  const cycles = options.doubleRoundRobin ? 2 : 1;

  const groups = snakeGroups(teamIds.length, groupCount).map((seeds, index): RoundRobinGroup => {
    const letter = groupLetter(index);
    const members = seeds.map((seed) => teamIds[seed]);
    const cycle = circleRounds(members.length);
    const rounds: FormatRound[] = [];
    for (let pass = 0; pass < cycles; pass++) {
      cycle.forEach((pairs, index) => {
        const number = pass * cycle.length + index + 1;
        const matches = pairs.map(([a, b], position) => {
          const [team1, team2] = pass === 0 ? [members[a], members[b]] : [members[b], members[a]];
          return book.decide(emptyMatch(groupMatchKey(letter, number, position), 'group', number, position, team1, team2));
        });
        rounds.push({ number, name: `Round ${number}`, matches });
      });
    }
    const matches: FormatMatch[] = rounds.flatMap((round) => round.matches);
    return {
      letter,
      name: `Group ${letter}`,
      teamIds: members,
      rounds,
      standings: groupStandings(members, (id) => seedOf.get(id)!, matches),
      isComplete: matches.every((match) => match.winnerTeamId !== null),
    };
  });

  return { groups, cleared: book.cleared(), isComplete: groups.every((group) => group.isComplete) };
}
