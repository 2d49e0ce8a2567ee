import { msg } from '../i18n/msg.js';

/**
 * A single-elimination, best-of-one bracket, recomputed whole from its seeding and the stored
 * results, so a corrected result is just a changed input: nothing is "locked". A stored result
 * counts only while its match still has the two teams it was entered for; one whose teams changed
 * (an earlier result was corrected) is returned in `cleared`, for the organizer to enter again.
 */

export interface BracketSeeding {
  /** Team ids, seed 1 first. */
  teamIds: string[];
  thirdPlace: boolean;
}

/** A result as stored: the match, the two teams it was entered for, the winner. */
export interface StoredResult {
  matchKey: string;
  team1Id: string;
  team2Id: string;
  winnerTeamId: string;
  score: string | null;
}

export interface DerivedMatch {
  key: string;
  /** 1 for the first round; the third-place match carries the final's number. */
  round: number;
  /** 0-based, top to bottom. */
  position: number;
  team1Id: string | null;
  team2Id: string | null;
  winnerTeamId: string | null;
  /** One team and an empty slot: the team goes through without playing. */
  isBye: boolean;
  score: string | null;
}

export interface DerivedRound {
  number: number;
  name: string;
  matches: DerivedMatch[];
}

export interface DerivedBracket {
  rounds: DerivedRound[];
  thirdPlace: DerivedMatch | null;
  /** Stored results whose match no longer has the teams they were entered for. */
  cleared: StoredResult[];
  /** 1st, 2nd and 3rd once the final (and the third-place match, when there is one) is in. */
  placements: { first: string; second: string; third: string[] } | null;
}

export const thirdPlaceKey = 'third-place';
export const matchKey = (round: number, position: number) => `r${round}m${position + 1}`;

/** Fewest teams in a bracket; a third-place match needs two semi-finals, so four teams. */
export const bracketLimits = { minTeams: 2, minTeamsForThirdPlace: 4, maxTeams: 1024 } as const;

/**
 * Seed numbers (1-based) in bracket order for a field of `size` (a power of two): 1 meets `size`,
 * and the top two seeds can meet only in the final. Seeds above the number of teams are byes, so
 * byes go to the top seeds and two byes never meet.
 */
export function standardSeedOrder(size: number): number[] {
  let order = [1];
  while (order.length < size) {
    const next = order.length * 2 + 1;
    order = order.flatMap((seed) => [seed, next - seed]);
  }
  return order;
}

export function roundName(roundNumber: number, roundCount: number): string {
  const fromEnd = roundCount - roundNumber;
  if (fromEnd === 0) return msg('Final');
  if (fromEnd === 1) return msg('Semi-finals');
  if (fromEnd === 2) return msg('Quarter-finals');
  return `Round of ${2 ** (fromEnd + 1)}`;
}

/** A stored result counts only while its match has exactly the two teams it was entered for, and names one of them. */
export function resultFits(stored: Pick<StoredResult, 'team1Id' | 'team2Id' | 'winnerTeamId'>, match: { team1Id: string | null; team2Id: string | null }): boolean {
  return (
    match.team1Id !== null &&
    match.team2Id !== null &&
    stored.team1Id === match.team1Id &&
    stored.team2Id === match.team2Id &&
    (stored.winnerTeamId === match.team1Id || stored.winnerTeamId === match.team2Id)
  );
}

export function deriveBracket(seeding: BracketSeeding, results: StoredResult[]): DerivedBracket {
  const { teamIds } = seeding;
  if (teamIds.length < bracketLimits.minTeams) throw new Error(`A bracket needs at least ${bracketLimits.minTeams} teams`);
  if (new Set(teamIds).size !== teamIds.length) throw new Error('A team is seeded twice');
  if (seeding.thirdPlace && teamIds.length < bracketLimits.minTeamsForThirdPlace) throw new Error('A third-place match needs at least 4 teams');

  const byKey = new Map(results.map((result) => [result.matchKey, result]));
  const used = new Set<string>();
  const cleared: StoredResult[] = [];

  /** The stored result of a match, if it was entered for exactly these two teams. */
  function decide(match: DerivedMatch): DerivedMatch {
    const stored = byKey.get(match.key);
    if (!stored) return match;
    used.add(match.key);
    if (!resultFits(stored, match)) {
      cleared.push(stored);
      return match;
    }
    return { ...match, winnerTeamId: stored.winnerTeamId, score: stored.score };
  }

  let size = 2;
  while (size < teamIds.length) size *= 2;
  const roundCount = Math.log2(size);
  const order = standardSeedOrder(size);
  const seedTeam = (seed: number) => teamIds[seed - 1] ?? null;

  const rounds: DerivedRound[] = [];
  let previous: DerivedMatch[] = [];
  for (let number = 1; number <= roundCount; number++) {
    const count = size / 2 ** number;
    const matches: DerivedMatch[] = [];
    for (let position = 0; position < count; position++) {
      const [team1Id, team2Id] =
        number === 1
          ? [seedTeam(order[position * 2]), seedTeam(order[position * 2 + 1])]
          : [previous[position * 2].winnerTeamId, previous[position * 2 + 1].winnerTeamId];
      const isBye = number === 1 && (team1Id === null) !== (team2Id === null);
      const base: DerivedMatch = { key: matchKey(number, position), round: number, position, team1Id, team2Id, winnerTeamId: null, isBye, score: null };
      matches.push(isBye ? { ...base, team1Id: team1Id ?? team2Id, team2Id: null, winnerTeamId: team1Id ?? team2Id } : decide(base));
    }
    rounds.push({ number, name: roundName(number, roundCount), matches });
    previous = matches;
  }

  const loserOf = (match: DerivedMatch) => (match.winnerTeamId === null ? null : match.winnerTeamId === match.team1Id ? match.team2Id : match.team1Id);
  const semis = roundCount >= 2 ? rounds[roundCount - 2].matches : [];
  const thirdPlace = seeding.thirdPlace
    ? decide({ key: thirdPlaceKey, round: roundCount, position: 1, team1Id: loserOf(semis[0]), team2Id: loserOf(semis[1]), winnerTeamId: null, isBye: false, score: null })
    : null;

  // A result for a match the bracket no longer has (a smaller field, no third-place match).
  for (const result of results) if (!used.has(result.matchKey)) cleared.push(result);

  const final = rounds[roundCount - 1].matches[0];
  let placements: DerivedBracket['placements'] = null;
  if (final.winnerTeamId !== null && (!thirdPlace || thirdPlace.winnerTeamId !== null)) {
    const third = thirdPlace ? [thirdPlace.winnerTeamId!] : semis.map(loserOf).filter((id): id is string => id !== null);
    placements = { first: final.winnerTeamId, second: loserOf(final)!, third };
  }
  return { rounds, thirdPlace, cleared, placements };
}

/** Every match in play order: the rounds, then the third-place match just before the final. */
export function allMatches(bracket: Pick<DerivedBracket, 'rounds' | 'thirdPlace'>): DerivedMatch[] {
  return [...bracket.rounds.flatMap((round) => round.matches), ...(bracket.thirdPlace ? [bracket.thirdPlace] : [])];
}

/** Whether a result can be entered for the match now: both teams known, not a bye. */
export function isPlayable(match: DerivedMatch): boolean {
  return !match.isBye && match.team1Id !== null && match.team2Id !== null;
}
