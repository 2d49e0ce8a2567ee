import { evidenceLimit } from '../../../shared/schemas/match';

/** Every text of the captain's "Your match" card, in one place, so the browser tests assert the same words. */
export const yourMatchTexts = {
  title: 'Your match',
  lastTitle: 'Your last match',
  loading: 'Loading your match…',
  opponentUnknown: 'Your opponent is not known yet: their match is still being played.',
  notYourTurn: (team: string) => `Waiting for ${team}.`,
  vetoFailed: 'Your choice could not be saved. Please try again.',
  openMatchPage: 'Open the match page',

  // The time, in the captain's zone, and the calendar file.
  timeUnknown: 'Not set yet',
  timeZoneNote: (zone: string) => `Shown in your time zone (${zone}).`,
  addToCalendar: 'Add to calendar',
  addToCalendarLabel: (opponent: string) => `Add to calendar: your match against ${opponent} (.ics file)`,

  readyTitle: 'Ready check',
  readyOpensAt: (at: string) => `The ready check opens at ${at}, 15 minutes before the match.`,
  readyButton: 'Ready',
  weAreReady: (opponent: string) => `Your team is ready. Waiting for ${opponent}.`,
  theyAreReady: (opponent: string) => `${opponent} is ready.`,
  readyThenVeto: 'When both teams are ready, the map veto opens.',
  readyThenReport: 'When both teams are ready, the match is on and either captain reports the result.',
  readyFailed: 'Your team could not be marked ready. Please try again.',

  // No-show: the ready team claims the win by forfeit; the organizer decides.
  claimFrom: (opponent: string, at: string) => `If ${opponent} is still not ready at ${at}, you can claim the win by forfeit.`,
  claimButton: 'Claim the win by forfeit',
  claimWaiting: (opponent: string) => `You claimed the win by forfeit: ${opponent} was not ready in time. The organizer decides.`,
  claimAgainstUs: (opponent: string) => `${opponent} claimed the win by forfeit because your team was not ready. The organizer decides: press Ready if you are here.`,
  claimRefused: 'The organizer refused the forfeit claim: the match is to be played.',
  claimRefusedNote: (note: string) => `Organizer's note: ${note}`,
  claimFailed: 'The forfeit could not be claimed. Please try again.',

  // The result, reported by the captains.
  reportTitle: 'Result',
  staffOnly: 'Results for this tournament are entered by staff: nothing to report here.',
  reportIntro: (bestOf: number) =>
    bestOf === 1 ? 'When the map is played, enter its rounds. Your opponent then confirms.' : 'When the series is decided, enter each map played, in order. Your opponent then confirms.',
  mapLegend: (index: number, map?: string) => (map ? `Map ${index + 1}: ${map}` : `Map ${index + 1}`),
  map: 'Map',
  chooseMap: 'Choose a map',
  rounds: (team: string) => `${team} rounds`,
  addMap: 'Add a map',
  removeMap: (index: number) => `Remove map ${index + 1}`,
  notDecided: 'The maps do not decide the series yet',
  reportButton: 'Report the result',
  reportFailed: 'The result could not be sent. Please try again.',
  reopened: 'Staff reopened reporting: report the result again.',

  waitingForConfirm: (opponent: string, until: string) => `Waiting for ${opponent} to confirm until ${until}. Unanswered by then, your report counts as confirmed.`,
  yourReport: 'You reported',
  theirReport: (opponent: string) => `${opponent} reported`,
  answerBy: (until: string) => `Confirm or dispute by ${until}. Unanswered by then, the report counts as confirmed.`,
  confirmButton: 'Confirm',
  disputeButton: 'Dispute',
  confirmFailed: 'The result could not be confirmed. Please try again.',
  mapLine: (index: number, map: string, rounds: string) => `Map ${index + 1}: ${map}, ${rounds}`,
  roundsOf: (team1: string, team1Rounds: number, team2: string, team2Rounds: number) => `${team1} ${team1Rounds}–${team2Rounds} ${team2}`,
  winnerLine: (team: string) => `Winner: ${team}`,

  disputeTitle: 'Dispute the result',
  reason: 'What is wrong with this result?',
  reasonHint: 'Staff read it with both reports. Say what the right result is and why.',
  screenshots: `Screenshots (optional, up to ${evidenceLimit})`,
  screenshotsHint: 'PNG, JPEG, WebP, GIF or AVIF, up to 5 MB each: the scoreboard at the end of each map.',
  notAnImage: 'This file is not an image. Choose a PNG, JPEG, WebP, GIF or AVIF file.',
  tooLarge: 'A screenshot must be 5 MB or smaller',
  tooMany: `At most ${evidenceLimit} screenshots`,
  uploading: 'Uploading…',
  uploadFailed: 'The screenshot could not be uploaded. Please try again.',
  screenshotAlt: (index: number) => `Screenshot ${index + 1}`,
  removeScreenshot: (index: number) => `Remove screenshot ${index + 1}`,
  sendDispute: 'Send the dispute',
  cancelDispute: 'Cancel',
  disputeFailed: 'The dispute could not be sent. Please try again.',

  disputedByUs: 'You disputed the result: staff will rule. Both captains see their decision here.',
  disputedByThem: (opponent: string) => `${opponent} disputed your report: staff will rule. Both captains see their decision here.`,
  differentReports: 'The two captains reported different results: staff will rule. Both captains see their decision here.',
  disputeReason: (reason: string) => `Reason: ${reason}`,

  // What is decided.
  confirmed: 'Result confirmed.',
  ruled: 'Staff ruled on the dispute.',
  ruledNote: (note: string) => `Staff note: ${note}`,
  enteredByStaff: 'Result entered by staff.',
  mapsTitle: 'Maps',
  wonByForfeit: (team: string) => `${team} won by forfeit.`,
  resultLine: (winner: string, score: string) => `${winner} won${score ? ` ${score}` : ''}.`,
};

/** What a screen reader hears when the match moves on (the state, not each poll). */
export const reportAnnouncements = {
  reported: 'Your report was sent.',
  confirmed: 'The result is confirmed.',
  disputed: 'The result is disputed: staff will rule.',
  claimed: 'Your forfeit claim was sent to the organizer.',
};
