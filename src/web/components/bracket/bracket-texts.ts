import { bracketFormatLabels, type BracketFormat, type PlayoffFormat } from '../../../shared/bracket-labels';

const playoffFormatNames: Record<PlayoffFormat, string> = {
  single_elimination: 'single-elimination',
  double_elimination: 'double-elimination',
};

/** A difference with its sign: +3, −2 (a true minus, read as "minus"), 0. */
const signed = (value: number) => (value > 0 ? `+${value}` : value < 0 ? `−${-value}` : '0');

/**
 * Every text of the public bracket views, in one place, so the browser tests assert the same words.
 */
export const bracketTexts = {
  nowPlaying: 'Now playing',
  thirdPlace: 'Third place',
  matchLabel: (roundName: string, index: number) => `${roundName}, match ${index + 1}`,
  bracketLabel: (name: string) => `${name} bracket`,

  /** How the event is played, opening the bracket page ("Swiss, then a double-elimination playoff."). */
  formatSentence: (format: BracketFormat = 'single_elimination', playoff?: PlayoffFormat) =>
    `${bracketFormatLabels[format]}${playoff ? `, then a ${playoffFormatNames[playoff]} playoff` : ''}.`,
  champion: (name: string) => `Champion: ${name}`,

  // Double elimination.
  upperBracket: 'Upper bracket',
  lowerBracket: 'Lower bracket',
  grandFinal: 'Grand final',
  grandFinalMatch: 'Grand final',
  bracketReset: 'Grand final, bracket reset',
  sectionRounds: (section: string) => `${section} rounds`,

  // Round robin.
  groupCaption: (group: string) => `${group} standings`,
  groupMatches: (group: string) => `${group} matches`,

  // Swiss.
  standingsTitle: 'Standings',
  swissCaption: 'Swiss standings',
  roundsTitle: 'Rounds',
  swissRounds: 'Swiss rounds',
  record: (wins: number, losses: number) => `${wins}–${losses}`,
  recordBefore: ', record before this round: ',
  recordsNote: 'From round 2, beside each team: its record (wins–losses) going into the round. Teams with the same record meet.',

  // The playoff after a first stage.
  playoffTitle: 'Playoffs',
  playoffRounds: 'Playoff rounds',
  playoffAhead: (advance: number, from: 'groups' | 'group' | 'standings', format: PlayoffFormat) =>
    `The top ${advance} ${from === 'groups' ? 'of each group' : from === 'group' ? 'of the group' : 'of the standings'} go through to a ${playoffFormatNames[format]} playoff.`,
  playoffReady: 'The first stage is complete: the playoff appears here once the organizer draws it.',

  // The standings tables: each column's short visible head and its full name.
  columns: {
    place: { short: '#', full: 'Place' },
    team: { short: 'Team', full: 'Team' },
    played: { short: 'P', full: 'Played' },
    wins: { short: 'W', full: 'Wins' },
    losses: { short: 'L', full: 'Losses' },
    record: { short: 'W–L', full: 'Wins and losses' },
    buchholz: { short: 'Bhz', full: 'Buchholz (wins of the opponents played)' },
    mapDiff: { short: 'MD', full: 'Map difference' },
    roundDiff: { short: 'RD', full: 'Round difference' },
  },
  legendGroup: 'P played · W wins · L losses · MD map difference · RD round difference',
  legendSwiss: 'W–L wins and losses · Bhz Buchholz, the wins of the opponents played · MD map difference · RD round difference',
  advances: 'Advances',
  signed,
} as const;
