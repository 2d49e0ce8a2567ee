import { inEnglish, type Translate } from '../in-english.js';
import type { BracketGenerateInput, FormatOptions } from '../schemas/bracket.js';
import { doubleEliminationLimits } from './formats/double-elimination.js';
import { snakeGroups } from './formats/round-robin.js';
import { maxSwissRounds } from './formats/swiss.js';

/**
 * What a format asks of the field, checked where the bracket is drawn and shown on the draw form:
 * the zod schema checks each option alone; these need the number of teams. Each problem names
 * the field it belongs to. The messages are English unless the caller passes the reader's `t`; counts
 * of teams go in as written (a field of 1024 teams reads "1024", as it always has).
 */
export interface FormatProblem {
  path: string;
  message: string;
}

export const maxGroupSize = 32;

type FormatValues = Pick<BracketGenerateInput, 'format' | 'groups' | 'rounds' | 'playoff' | 'thirdPlace'>;

/** The smallest group's size when `teamCount` teams are snaked into `groups` groups. */
const smallestGroup = (teamCount: number, groups: number) => Math.min(...snakeGroups(teamCount, groups).map((group) => group.length));

export function formatProblems(values: FormatValues, teamCount: number, t: Translate = inEnglish): FormatProblem[] {
  const problems: FormatProblem[] = [];
  const format = values.format ?? 'single_elimination';
  const groups = values.groups ?? 1;
  if (format === 'double_elimination' && teamCount < doubleEliminationLimits.minTeams) {
    problems.push({ path: 'format', message: t('Double elimination needs at least {count} teams', { count: String(doubleEliminationLimits.minTeams) }) });
  }
  if (format === 'round_robin') {
    if (teamCount < groups * 2) problems.push({ path: 'groups', message: t('{groups} groups need at least {count} teams', { groups: String(groups), count: String(groups * 2) }) });
    // Every pair of a group meets: 32 teams already play 31 rounds.
    else if (Math.ceil(teamCount / groups) > maxGroupSize) {
      problems.push({
        path: 'groups',
        message: t('A group has at most {max} teams: {teams} teams need at least {groups} groups', {
          max: String(maxGroupSize),
          teams: String(teamCount),
          groups: String(Math.ceil(teamCount / maxGroupSize)),
        }),
      });
    } else if (groups > 1 && !values.playoff) problems.push({ path: 'playoff', message: t('Several groups need a playoff to decide the champion') });
  }
  if (format === 'swiss' && values.rounds !== undefined && values.rounds > maxSwissRounds(teamCount)) {
    problems.push({ path: 'rounds', message: t('{teams} teams play at most {rounds} Swiss rounds', { teams: String(teamCount), rounds: String(maxSwissRounds(teamCount)) }) });
  }
  const playoff = values.playoff;
  if (playoff && (format === 'round_robin' || format === 'swiss') && !problems.some((p) => p.path === 'groups')) {
    const most = format === 'round_robin' ? smallestGroup(teamCount, groups) : teamCount;
    const advancing = format === 'round_robin' ? Math.min(playoff.advance, most) * groups : Math.min(playoff.advance, most);
    const fewest = playoff.format === 'double_elimination' ? doubleEliminationLimits.minTeams : playoff.thirdPlace ? 4 : 2;
    if (playoff.advance > most) {
      problems.push({
        path: 'playoff.advance',
        message: format === 'round_robin' ? t('A group has {count} teams: at most {count} go through', { count: String(most) }) : t('At most {count} teams go through', { count: String(most) }),
      });
    } else if (advancing < fewest) {
      problems.push({ path: 'playoff.advance', message: t('The playoff needs at least {count} teams', { count: String(fewest) }) });
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
