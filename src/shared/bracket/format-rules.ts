import type { BracketGenerateInput, FormatOptions } from '../schemas/bracket.js';
import { doubleEliminationLimits } from './formats/double-elimination.js';
import { snakeGroups } from './formats/round-robin.js';
import { maxSwissRounds } from './formats/swiss.js';

/**
 * What a format asks of the field, checked where the bracket is drawn and shown on the draw form:
 * the zod schema checks each option alone; these need the number of teams. Each problem names
 * the field it belongs to.
 */
export interface FormatProblem {
  path: string;
  message: string;
}

export const maxGroupSize = 32;

type FormatValues = Pick<BracketGenerateInput, 'format' | 'groups' | 'rounds' | 'playoff' | 'thirdPlace'>;

/** The smallest group's size when `teamCount` teams are snaked into `groups` groups. */
const smallestGroup = (teamCount: number, groups: number) => Math.min(...snakeGroups(teamCount, groups).map((group) => group.length));

export function formatProblems(values: FormatValues, teamCount: number): FormatProblem[] {
  const problems: FormatProblem[] = [];
  const format = values.format ?? 'single_elimination';
  const groups = values.groups ?? 1;
  if (format === 'double_elimination' && teamCount < doubleEliminationLimits.minTeams) {
    problems.push({ path: 'format', message: `Double elimination needs at least ${doubleEliminationLimits.minTeams} teams` });
  }
  if (format === 'round_robin') {
    if (teamCount < groups * 2) problems.push({ path: 'groups', message: `${groups} groups need at least ${groups * 2} teams` });
    // Every pair of a group meets: 32 teams already play 31 rounds.
    else if (Math.ceil(teamCount / groups) > maxGroupSize) {
      problems.push({
        path: 'groups',
        message: `A group has at most ${maxGroupSize} teams: ${teamCount} teams need at least ${Math.ceil(teamCount / maxGroupSize)} groups`,
      });
    } else if (groups > 1 && !values.playoff) problems.push({ path: 'playoff', message: 'Several groups need a playoff to decide the champion' });
  }
  if (format === 'swiss' && values.rounds !== undefined && values.rounds > maxSwissRounds(teamCount)) {
    problems.push({ path: 'rounds', message: `${teamCount} teams play at most ${maxSwissRounds(teamCount)} Swiss rounds` });
  }
  const playoff = values.playoff;
  if (playoff && (format === 'round_robin' || format === 'swiss') && !problems.some((p) => p.path === 'groups')) {
    const most = format === 'round_robin' ? smallestGroup(teamCount, groups) : teamCount;
    const advancing = format === 'round_robin' ? Math.min(playoff.advance, most) * groups : Math.min(playoff.advance, most);
    const fewest = playoff.format === 'double_elimination' ? doubleEliminationLimits.minTeams : playoff.thirdPlace ? 4 : 2;
    if (playoff.advance > most) {
      problems.push({
        path: 'playoff.advance',
        message: format === 'round_robin' ? `A group has ${most} teams: at most ${most} go through` : `At most ${most} teams go through`,
      });
    } else if (advancing < fewest) {
      problems.push({ path: 'playoff.advance', message: `The playoff needs at least ${fewest} teams` });
    }
  }
  return problems;
}

/** The options a bracket stores: only those its format reads. */
export function formatOptionsOf(
  values: Pick<BracketGenerateInput, 'format' | 'grandFinalReset' | 'groups' | 'doubleRoundRobin' | 'rounds' | 'playoff'>,
): FormatOptions {
  switch (values.format ?? 'single_elimination') {
    case 'double_elimination':
      return { grandFinalReset: values.grandFinalReset ?? true };
    case 'round_robin':
      return { groups: values.groups ?? 1, doubleRoundRobin: values.doubleRoundRobin ?? false, ...playoffOf(values) };
    case 'swiss':
      return { ...(values.rounds !== undefined ? { rounds: values.rounds } : {}), ...playoffOf(values) };
    default:
      return {};
  }
}

const playoffOf = (values: Pick<BracketGenerateInput, 'playoff'>): FormatOptions =>
  values.playoff
    ? {
        playoff: {
          format: values.playoff.format,
          advance: values.playoff.advance,
          thirdPlace: values.playoff.thirdPlace ?? false,
          grandFinalReset: values.playoff.grandFinalReset ?? true,
        },
      }
    : {};
