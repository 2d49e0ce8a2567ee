import { msg } from '../../../shared/i18n/msg';

/**
 * Every text of the captain's "Your match" card, in one place, so the browser tests assert the same
 * words. Each is the English message: shown with `t(text)`, or `t(text, values)` for those with
 * `{values}` (a map's `{number}` counts from 1).
 */
export const yourMatchTexts = {
  title: msg('Your match'),
  lastTitle: msg('Your last match'),
  loading: msg('Loading your match…'),
  opponentUnknown: msg('Your opponent is not known yet: their match is still being played.'),
  /** `{ team }` */
  notYourTurn: msg('Waiting for {team}.'),
  vetoFailed: msg('Your choice could not be saved. Please try again.'),
  openMatchPage: msg('Open the match page'),

  // The time, in the captain's zone, and the calendar file.
  timeUnknown: msg('Not set yet'),
  /** `{ zone }` */
  timeZoneNote: msg('Shown in your time zone ({zone}).'),
  addToCalendar: msg('Add to calendar'),
  /** `{ opponent }` */
  addToCalendarLabel: msg('Add to calendar: your match against {opponent} (.ics file)'),

  readyTitle: msg('Ready check'),
  /** `{ at }` */
  readyOpensAt: msg('The ready check opens at {at}, 15 minutes before the match.'),
  readyButton: msg('Ready'),
  /** `{ opponent }` */
  weAreReady: msg('Your team is ready. Waiting for {opponent}.'),
  /** `{ opponent }` */
  theyAreReady: msg('{opponent} is ready.'),
  readyThenVeto: msg('When both teams are ready, the map veto opens.'),
  readyThenReport: msg('When both teams are ready, the match is on and either captain reports the result.'),
  readyFailed: msg('Your team could not be marked ready. Please try again.'),

  // No-show: the ready team claims the win by forfeit; the organizer decides.
  /** `{ opponent, at }` */
  claimFrom: msg('If {opponent} is still not ready at {at}, you can claim the win by forfeit.'),
  claimButton: msg('Claim the win by forfeit'),
  /** `{ opponent }` */
  claimWaiting: msg('You claimed the win by forfeit: {opponent} was not ready in time. The organizer decides.'),
  /** `{ opponent }` */
  claimAgainstUs: msg('{opponent} claimed the win by forfeit because your team was not ready. The organizer decides: press Ready if you are here.'),
  claimRefused: msg('The organizer refused the forfeit claim: the match is to be played.'),
  /** `{ note }` */
  claimRefusedNote: msg("Organizer's note: {note}"),
  claimFailed: msg('The forfeit could not be claimed. Please try again.'),

  // The result, reported by the captains.
  reportTitle: msg('Result'),
  staffOnly: msg('Results for this tournament are entered by staff: nothing to report here.'),
  /** `{ bestOf }` (a number) */
  reportIntro: msg(
    '{bestOf, plural, =1 {When the map is played, enter its rounds. Your opponent then confirms.} other {When the series is decided, enter each map played, in order. Your opponent then confirms.}}',
  ),
  /** `{ number, map }`: a map the veto named */
  mapLegend: msg('Map {number}: {map}'),
  /** `{ number }`: a map still to be named */
  mapLegendUnnamed: msg('Map {number}'),
  map: msg('Map'),
  chooseMap: msg('Choose a map'),
  /** `{ team }` */
  rounds: msg('{team} rounds'),
  addMap: msg('Add a map'),
  /** `{ number }` */
  removeMap: msg('Remove map {number}'),
  notDecided: msg('The maps do not decide the series yet'),
  reportButton: msg('Report the result'),
  reportFailed: msg('The result could not be sent. Please try again.'),
  reopened: msg('Staff reopened reporting: report the result again.'),

  /** `{ opponent, until }` */
  waitingForConfirm: msg('Waiting for {opponent} to confirm until {until}. Unanswered by then, your report counts as confirmed.'),
  yourReport: msg('You reported'),
  /** `{ opponent }` */
  theirReport: msg('{opponent} reported'),
  /** `{ until }` */
  answerBy: msg('Confirm or dispute by {until}. Unanswered by then, the report counts as confirmed.'),
  confirmButton: msg('Confirm'),
  disputeButton: msg('Dispute'),
  confirmFailed: msg('The result could not be confirmed. Please try again.'),
  /** `{ number, map, rounds }`: `rounds` is `roundsOf` */
  mapLine: msg('Map {number}: {map}, {rounds}'),
  /** `{ team1, team1Rounds, team2Rounds, team2 }` */
  roundsOf: msg('{team1} {team1Rounds}–{team2Rounds} {team2}'),
  /** `{ team }` */
  winnerLine: msg('Winner: {team}'),

  disputeTitle: msg('Dispute the result'),
  reason: msg('What is wrong with this result?'),
  reasonHint: msg('Staff read it with both reports. Say what the right result is and why.'),
  /** `{ limit }`: evidenceLimit */
  screenshots: msg('Screenshots (optional, up to {limit})'),
  screenshotsHint: msg('PNG, JPEG, WebP, GIF or AVIF, up to 5 MB each: the scoreboard at the end of each map.'),
  notAnImage: msg('This file is not an image. Choose a PNG, JPEG, WebP, GIF or AVIF file.'),
  tooLarge: msg('A screenshot must be 5 MB or smaller'),
  /** `{ limit }`: evidenceLimit */
  tooMany: msg('At most {limit} screenshots'),
  uploading: msg('Uploading…'),
  uploadFailed: msg('The screenshot could not be uploaded. Please try again.'),
  /** `{ number }` */
  screenshotAlt: msg('Screenshot {number}'),
  /** `{ number }` */
  removeScreenshot: msg('Remove screenshot {number}'),
  sendDispute: msg('Send the dispute'),
  cancelDispute: msg('Cancel'),
  disputeFailed: msg('The dispute could not be sent. Please try again.'),

  disputedByUs: msg('You disputed the result: staff will rule. Both captains see their decision here.'),
  /** `{ opponent }` */
  disputedByThem: msg('{opponent} disputed your report: staff will rule. Both captains see their decision here.'),
  differentReports: msg('The two captains reported different results: staff will rule. Both captains see their decision here.'),
  /** `{ reason }` */
  disputeReason: msg('Reason: {reason}'),

  // What is decided.
  confirmed: msg('Result confirmed.'),
  ruled: msg('Staff ruled on the dispute.'),
  /** `{ note }` */
  ruledNote: msg('Staff note: {note}'),
  enteredByStaff: msg('Result entered by staff.'),
  mapsTitle: msg('Maps'),
  /** `{ team }` */
  wonByForfeit: msg('{team} won by forfeit.'),
  /** `{ winner, score }` */
  resultLine: msg('{winner} won {score}.'),
  /** `{ winner }`: no score to say */
  resultLineWithoutScore: msg('{winner} won.'),
};

/** What a screen reader hears when the match moves on (the state, not each poll). */
export const reportAnnouncements = {
  reported: msg('Your report was sent.'),
  confirmed: msg('The result is confirmed.'),
  disputed: msg('The result is disputed: staff will rule.'),
  claimed: msg('Your forfeit claim was sent to the organizer.'),
};
