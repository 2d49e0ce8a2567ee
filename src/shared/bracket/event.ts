import { msg } from '../i18n/msg.js';
import type { BracketFormat, FormatOptions, PlayoffSettings } from '../schemas/bracket.js';
import { deriveBracket, standardSeedOrder, thirdPlaceKey, type DerivedMatch, type DerivedRound } from './derive-bracket.js';
import { deriveDoubleElimination, grandFinalKeys, type DoubleEliminationBracket } from './formats/double-elimination.js';
import type { FormatBracket, FormatResult, FormatRound } from './formats/format-match.js';
import type { GroupStanding } from './formats/group-standings.js';
import { deriveRoundRobin, type RoundRobinStage } from './formats/round-robin.js';
import { deriveSwiss, type SwissStage, type SwissStanding } from './formats/swiss.js';

/**
 * An event in any format, recomputed whole from the seeding, the format's options and the stored
 * results: a first stage, and the playoff after it once the organizer drew it (its teams are the
 * first stage's standings, so a correction there re-seeds it and clears the playoff results whose
 * teams changed). Everything the server and the pages need of a format comes from here:
 * - `rounds`, the schedule: every round in play order, numbered 1…N across stages (the upper and
 *   lower rounds interleaved as they can be played, the groups' rounds side by side);
 * - `labels`, each match's name ("Lower round 2, Match 1", "Group B, Round 3, Match 2");
 * - `stages`, the public view of each stage (absent for a lone single elimination, whose public
 *   shape predates formats);
 * - `placements` from the last stage, `cleared` results, as in derive-bracket.ts.
 */

export interface EventSetup {
  format: BracketFormat;
  /** Seed 1 first. */
  teamIds: string[];
  /** Single elimination's third-place match. */
  thirdPlace: boolean;
  options: FormatOptions;
  /** The organizer drew the playoff (a first stage with a playoff). */
  playoffDrawn: boolean;
}

/** A match of any format; `bracket` and `group` are absent in single elimination. */
export type EventMatch = DerivedMatch & { bracket?: FormatBracket; group?: string };

export type StageStanding = (GroupStanding | SwissStanding) & { buchholz?: number; advances?: boolean };

export interface EventStage {
  type: BracketFormat;
  name: string;
  rounds: (DerivedRound & { bracket?: FormatBracket })[];
  groups?: { name: string; standings: StageStanding[]; matches: EventMatch[] }[];
  standings?: StageStanding[];
  isComplete: boolean;
}

export interface DerivedEvent {
  format: BracketFormat;
  rounds: DerivedRound[];
  /** A lone single elimination's third-place match (in a playoff it is in the last round). */
  thirdPlace: DerivedMatch | null;
  cleared: FormatResult[];
  placements: { first: string; second: string; third: string[] } | null;
  labels: Map<string, string>;
  /** The matches played as the final's best-of: the last stage's final or grand finals. */
  finalKeys: string[];
  stages: EventStage[] | null;
  playoff: (PlayoffSettings & { isDrawn: boolean; canDraw: boolean; teamIds: string[] | null }) | null;
}

/** Playoff match keys carry this prefix, so they never meet a group's (A1-1) or Swiss (S1-1) key. */
export const playoffKeyPrefix = 'P-';

interface StageResult {
  stage: EventStage;
  schedule: DerivedRound[];
  labels: [string, string][];
  cleared: FormatResult[];
  placements: DerivedEvent['placements'];
  /** A round robin's or Swiss stage's final standings (by group), once complete. */
  ranking: string[][] | null;
  /** The matches that decide an elimination stage (the final, the grand finals). */
  finalKeys: string[];
}

const withKeyPrefix = <T extends { key: string }>(prefix: string, match: T): T => (prefix ? { ...match, key: prefix + match.key } : match);
const matchLabel = (roundName: string, position: number) => `${roundName}, Match ${position + 1}`;

function singleEliminationStage(teamIds: string[], thirdPlace: boolean, results: FormatResult[], prefix: string): StageResult {
  const derived = deriveBracket({ teamIds, thirdPlace }, results);
  const rounds = derived.rounds.map((round) => ({ ...round, matches: round.matches.map((m) => withKeyPrefix(prefix, m)) }));
  const third = derived.thirdPlace ? withKeyPrefix(prefix, derived.thirdPlace) : null;
  const labels: [string, string][] = rounds.flatMap((round) => round.matches.map((m): [string, string] => [m.key, matchLabel(round.name, m.position)]));
  if (third) labels.push([third.key, msg('Third-place match')]);
  const stageRounds = third ? [...rounds, { number: third.round, name: msg('Third-place match'), matches: [third] }] : rounds;
  // In a playoff the third-place match is played beside the final.
  const schedule = third ? rounds.map((round, index) => (index === rounds.length - 1 ? { ...round, matches: [...round.matches, third] } : round)) : rounds;
  return {
    stage: { type: 'single_elimination', name: msg('Bracket'), rounds: stageRounds, isComplete: derived.placements !== null },
    schedule,
    labels,
    cleared: derived.cleared,
    placements: derived.placements,
    ranking: null,
    finalKeys: rounds.at(-1)!.matches.map((m) => m.key),
  };
}

/** Upper round k, then every lower round that can be played once it is (U1, L1, U2, L2, L3, U3, L4, L5, …), then the grand final and its reset. */
function doubleEliminationSchedule(bracket: DoubleEliminationBracket): FormatRound[] {
  const schedule: FormatRound[] = [];
  let nextLower = 0;
  // Lower round 1 takes upper round 1's losers, an even lower round 2j upper round j+1's, an odd one none.
  const upperNeeded = (lowerRound: number) => (lowerRound === 1 ? 1 : lowerRound % 2 === 0 ? lowerRound / 2 + 1 : 0);
  bracket.upper.forEach((round, index) => {
    schedule.push(round);
    while (nextLower < bracket.lower.length && upperNeeded(nextLower + 1) <= index + 1) schedule.push(bracket.lower[nextLower++]);
  });
  // The reset is played after the first grand final, by the same two teams: a round of its own.
  const [first, reset] = bracket.grandFinal.matches;
  schedule.push(...bracket.lower.slice(nextLower), { ...bracket.grandFinal, matches: [first] });
  if (reset) schedule.push({ number: 2, name: msg('Grand final reset'), matches: [reset] });
  return schedule.filter((round) => round.matches.length > 0);
}

function doubleEliminationStage(teamIds: string[], grandFinalReset: boolean, results: FormatResult[], prefix: string): StageResult {
  const bracket = deriveDoubleElimination(teamIds, { grandFinalReset }, results);
  const prefixed = (round: FormatRound) => ({ ...round, matches: round.matches.map((m) => withKeyPrefix(prefix, m)) });
  const labelOf = (round: FormatRound, position: number, key: string) =>
    key === grandFinalKeys.first ? msg('Grand final') : key === grandFinalKeys.reset ? msg('Grand final reset') : matchLabel(round.name, position);
  const labels = [...bracket.upper, ...bracket.lower, bracket.grandFinal].flatMap((round) =>
    round.matches.map((m): [string, string] => [prefix + m.key, labelOf(round, m.position, m.key)]),
  );
  const stageRounds = [
    ...bracket.upper.map((round) => ({ ...prefixed(round), bracket: 'upper' as const })),
    ...bracket.lower.filter((round) => round.matches.length > 0).map((round) => ({ ...prefixed(round), bracket: 'lower' as const })),
    { ...prefixed(bracket.grandFinal), bracket: 'grand_final' as const },
  ];
  return {
    stage: { type: 'double_elimination', name: msg('Bracket'), rounds: stageRounds, isComplete: bracket.placements !== null },
    schedule: doubleEliminationSchedule(bracket).map(prefixed),
    labels,
    cleared: bracket.cleared,
    placements: bracket.placements,
    ranking: null,
    finalKeys: [grandFinalKeys.first, grandFinalKeys.reset].map((key) => prefix + key),
  };
}

function roundRobinStage(stage: RoundRobinStage, advance: number | null): StageResult {
  const roundCount = Math.max(...stage.groups.map((group) => group.rounds.length));
  const schedule: DerivedRound[] = Array.from({ length: roundCount }, (_, index) => ({
    number: index + 1,
    name: `Round ${index + 1}`,
    matches: stage.groups.flatMap((group) => (group.rounds[index]?.matches ?? []).map((m) => ({ ...m, group: group.letter }))),
  }));
  const labels = stage.groups.flatMap((group) =>
    group.rounds.flatMap((round) => round.matches.map((m): [string, string] => [m.key, `${group.name}, ${matchLabel(round.name, m.position)}`])),
  );
  const marked = (standings: GroupStanding[]) => standings.map((row) => (advance === null ? row : { ...row, advances: row.place <= advance }));
  const single = stage.groups.length === 1 ? stage.groups[0].standings : null;
  return {
    stage: {
      type: 'round_robin',
      name: msg('Groups'),
      rounds: schedule.map((round) => ({ ...round, bracket: 'group' as const })),
      groups: stage.groups.map((group) => ({
        name: group.name,
        standings: marked(group.standings),
        matches: group.rounds.flatMap((round) => round.matches.map((m) => ({ ...m, group: group.letter }))),
      })),
      isComplete: stage.isComplete,
    },
    schedule,
    labels,
    cleared: stage.cleared,
    placements: stage.isComplete && single && advance === null ? podiumOf(single.map((row) => row.teamId)) : null,
    ranking: stage.isComplete ? stage.groups.map((group) => group.standings.map((row) => row.teamId)) : null,
    finalKeys: [],
  };
}

function swissStage(stage: SwissStage, advance: number | null): StageResult {
  const labels = stage.rounds.flatMap((round) => round.matches.map((m): [string, string] => [m.key, m.isBye ? `${round.name}, Bye` : matchLabel(round.name, m.position)]));
  return {
    stage: {
      type: 'swiss',
      name: msg('Swiss stage'),
      rounds: stage.rounds.map((round) => ({ ...round, bracket: 'swiss' as const })),
      standings: stage.standings.map((row) => (advance === null ? row : { ...row, advances: row.place <= advance })),
      isComplete: stage.isComplete,
    },
    schedule: stage.rounds,
    labels,
    cleared: stage.cleared,
    placements: stage.isComplete && advance === null ? podiumOf(stage.standings.map((row) => row.teamId)) : null,
    ranking: stage.isComplete ? [stage.standings.map((row) => row.teamId)] : null,
    finalKeys: [],
  };
}

const podiumOf = (ranked: string[]) => ({ first: ranked[0], second: ranked[1], third: ranked.slice(2, 3) });

/**
 * The playoff's seeding from the first stage's final standings: every group's winner first (group
 * A's, B's, …), so the winners are the top seeds and stay apart; then each later place, every seed
 * given to the group whose teams already seeded it would meet latest in the standard draw (the
 * earlier group on a tie), so two teams of one group meet as late as the bracket allows.
 */
export function playoffSeeding(ranking: string[][], advance: number): string[] {
  const tiers = Array.from({ length: advance }, (_, place) => ranking.map((group, index) => ({ teamId: group[place], group: index })).filter((entry) => entry.teamId !== undefined));
  const total = tiers.reduce((sum, tier) => sum + tier.length, 0);
  let size = 2;
  while (size < total) size *= 2;
  const slotOf = new Map(standardSeedOrder(size).map((seed, slot) => [seed, slot]));
  // Two slots first meet in the round of the highest bit in which they differ (1: the first round).
  const meetingRound = (a: number, b: number) => Math.floor(Math.log2(slotOf.get(a)! ^ slotOf.get(b)!)) + 1;
  const seedsOfGroup = new Map<number, number[]>();
  const seeded: string[] = [];
  for (const tier of tiers) {
    const left = [...tier];
    while (left.length) {
      const seed = seeded.length + 1;
      const latest = (entry: { group: number }) => Math.min(Infinity, ...(seedsOfGroup.get(entry.group) ?? []).map((other) => meetingRound(seed, other)));
      const best = left.reduce((chosen, entry) => (latest(entry) > latest(chosen) ? entry : chosen));
      left.splice(left.indexOf(best), 1);
      seeded.push(best.teamId);
      seedsOfGroup.set(best.group, [...(seedsOfGroup.get(best.group) ?? []), seed]);
    }
  }
  return seeded;
}

export function deriveEvent(setup: EventSetup, results: FormatResult[]): DerivedEvent {
  const { format, teamIds, options } = setup;
  const playoff = format === 'round_robin' || format === 'swiss' ? (options.playoff ?? null) : null;
  const firstResults = results.filter((result) => !result.matchKey.startsWith(playoffKeyPrefix));
  const playoffResults = results.filter((result) => result.matchKey.startsWith(playoffKeyPrefix)).map((result) => ({ ...result, matchKey: result.matchKey.slice(playoffKeyPrefix.length) }));
  const advance = playoff?.advance ?? null;

  const first: StageResult =
    format === 'single_elimination'
      ? singleEliminationStage(teamIds, setup.thirdPlace, firstResults, '')
      : format === 'double_elimination'
        ? doubleEliminationStage(teamIds, options.grandFinalReset ?? true, firstResults, '')
        : format === 'round_robin'
          ? roundRobinStage(deriveRoundRobin(teamIds, { groups: options.groups ?? 1, doubleRoundRobin: options.doubleRoundRobin ?? false }, firstResults), advance)
          : swissStage(deriveSwiss(teamIds, { rounds: options.rounds }, firstResults), advance);

  const playoffTeamIds = playoff && setup.playoffDrawn && first.ranking ? playoffSeeding(first.ranking, playoff.advance) : null;
  const second: StageResult | null =
    playoff && playoffTeamIds
      ? playoff.format === 'single_elimination'
        ? singleEliminationStage(playoffTeamIds, playoff.thirdPlace, playoffResults, playoffKeyPrefix)
        : doubleEliminationStage(playoffTeamIds, playoff.grandFinalReset, playoffResults, playoffKeyPrefix)
      : null;

  const lone = format === 'single_elimination';
  const playoffRounds = (second?.schedule ?? []).map((round) => ({ ...round, name: `Playoffs: ${round.name}` }));
  const rounds = [...first.schedule, ...playoffRounds].map((round, index) => ({ ...round, number: index + 1 }));
  const unplayedPlayoff = second ? [] : playoffResults;
  const cleared = [
    ...first.cleared,
    ...[...(second?.cleared ?? []), ...unplayedPlayoff].map((result) => ({ ...result, matchKey: playoffKeyPrefix + result.matchKey })),
  ];
  const labels = new Map([...first.labels, ...(second?.labels ?? []).map(([key, label]): [string, string] => [key, `Playoffs: ${label}`])]);
  const stages = lone ? null : [first.stage, ...(second ? [{ ...second.stage, name: msg('Playoffs') }] : [])];
  const thirdPlace = lone && setup.thirdPlace ? (rounds.at(-1)!.matches.find((m) => m.key === thirdPlaceKey) ?? null) : null;
  return {
    format,
    // A lone single elimination keeps its third-place match apart, as its public shape has it.
    rounds: lone && thirdPlace ? rounds.map((round) => ({ ...round, matches: round.matches.filter((m) => m.key !== thirdPlaceKey) })) : rounds,
    thirdPlace,
    cleared,
    placements: playoff ? (second?.placements ?? null) : first.placements,
    labels,
    finalKeys: playoff ? (second?.finalKeys ?? []) : first.finalKeys,
    stages,
    playoff: playoff ? { ...playoff, isDrawn: playoffTeamIds !== null, canDraw: !setup.playoffDrawn && first.ranking !== null, teamIds: playoffTeamIds } : null,
  };
}

/** Every match in play order. */
export function eventMatches(event: Pick<DerivedEvent, 'rounds' | 'thirdPlace'>): EventMatch[] {
  return [...event.rounds.flatMap((round) => round.matches), ...(event.thirdPlace ? [event.thirdPlace] : [])];
}
