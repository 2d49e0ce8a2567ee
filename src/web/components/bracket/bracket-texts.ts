import type { BracketFormat, PlayoffFormat } from '../../../shared/bracket-labels';
import { sourceLocale } from '../../../shared/i18n/locales';
import { msg } from '../../../shared/i18n/msg';
import { createTranslator, type Translate } from '../../../shared/i18n/translator';

/** For a caller that does not pass its `t` yet: the English texts. */
const english = createTranslator(sourceLocale, {});

/** A difference with its sign: +3, −2 (a true minus, read as "minus"), 0. */
const signed = (value: number) => (value > 0 ? `+${value}` : value < 0 ? `−${-value}` : '0');

/**
 * Every text of the public bracket views, in one place, so the browser tests assert the same words.
 * The texts are English (`msg`): a component shows them with `t(text)`; the sentences with values
 * take the component's `t`.
 */
export const bracketTexts = {
  nowPlaying: msg('Now playing'),
  thirdPlace: msg('Third place'),
  matchLabel: (roundName: string, index: number, t: Translate) => t('{round}, match {number}', { round: roundName, number: index + 1 }),
  bracketLabel: (name: string, t: Translate = english) => t('{name} bracket', { name }),

  /** How the event is played, opening the bracket page ("Swiss, then a double-elimination playoff."). */
  formatSentence: (format: BracketFormat = 'single_elimination', playoff?: PlayoffFormat, t: Translate = english) =>
    t(
      '{format, select, double_elimination {Double elimination} round_robin {Round-robin groups} swiss {Swiss} other {Single elimination}}{playoff, select, single_elimination {, then a single-elimination playoff} double_elimination {, then a double-elimination playoff} other {}}.',
      { format, playoff: playoff ?? 'none' },
    ),
  champion: (name: string, t: Translate) => t('Champion: {name}', { name }),

  // Double elimination.
  upperBracket: msg('Upper bracket'),
  lowerBracket: msg('Lower bracket'),
  grandFinal: msg('Grand final'),
  grandFinalMatch: msg('Grand final'),
  bracketReset: msg('Grand final, bracket reset'),
  sectionRounds: (part: 'upper' | 'lower', t: Translate) => (part === 'upper' ? t('Upper bracket rounds') : t('Lower bracket rounds')),

  // Round robin.
  groupCaption: (group: string, t: Translate) => t('{group} standings', { group }),
  groupMatches: (group: string, t: Translate) => t('{group} matches', { group }),

  // Swiss.
  standingsTitle: msg('Standings'),
  swissCaption: msg('Swiss standings'),
  roundsTitle: msg('Rounds'),
  swissRounds: msg('Swiss rounds'),
  record: (wins: number, losses: number) => `${wins}–${losses}`,
  /** Said before a team's record, after its name: ", record before this round: ". */
  recordBefore: msg('record before this round:'),
  recordsNote: msg('From round 2, beside each team: its record (wins–losses) going into the round. Teams with the same record meet.'),

  // The playoff after a first stage.
  playoffTitle: msg('Playoffs'),
  playoffRounds: msg('Playoff rounds'),
  playoffAhead: (advance: number, from: 'groups' | 'group' | 'standings', format: PlayoffFormat, t: Translate) =>
    t(
      'The top {advance} {from, select, groups {of each group} group {of the group} other {of the standings}} go through to a {format, select, double_elimination {double-elimination} other {single-elimination}} playoff.',
      { advance, from, format },
    ),
  playoffReady: msg('The first stage is complete: the playoff appears here once the organizer draws it.'),

  // The standings tables: each column's short visible head and its full name.
  columns: {
    place: { short: msg('#'), full: msg('Place') },
    team: { short: msg('Team'), full: msg('Team') },
    played: { short: msg('P'), full: msg('Played') },
    wins: { short: msg('W'), full: msg('Wins') },
    losses: { short: msg('L'), full: msg('Losses') },
    record: { short: msg('W–L'), full: msg('Wins and losses') },
    buchholz: { short: msg('Bhz'), full: msg('Buchholz (wins of the opponents played)') },
    mapDiff: { short: msg('MD'), full: msg('Map difference') },
    roundDiff: { short: msg('RD'), full: msg('Round difference') },
  },
  legendGroup: msg('P played · W wins · L losses · MD map difference · RD round difference'),
  legendSwiss: msg('W–L wins and losses · Bhz Buchholz, the wins of the opponents played · MD map difference · RD round difference'),
  advances: msg('Advances'),
  signed,
} as const;

/** A stage's, group's or round's name in the page's language (one place for the site, the mail and Discord). */
export { bracketNameText } from '../../../shared/bracket/name-text';
