import type { TeamPageData } from '../../../shared/schemas/team-page';
import type { RefundStatus } from '../../../shared/schemas/refund';
import { msg } from '../../../shared/i18n/msg';
import type { Translate } from '../../../shared/i18n/translator';

/**
 * Every text the captain's team page shows, in one place, so the browser tests assert the same words.
 * Each is the English message: shown with `t(text)`, or `t(text, values)` for those with `{values}`.
 */
export const teamPageTexts = {
  linkMissingTitle: msg('Team link needed'),
  linkMissing: msg('This page opens with your team link: the address from your registration e-mail, or the "Manage your team" button shown after registering.'),
  linkUnknownTitle: msg('Team link not recognised'),
  linkUnknown: msg('This link does not open a team. It may have been replaced by a newer link from the organizer, or the team’s data was erased.'),
  loadFailed: msg('Could not load your team. Please try again.'),
  statusTitle: msg('Registration'),
  /** `{ time }` */
  holdUntil: msg('Your spot is held until {time}. Pay the entry fee before then to keep it.'),
  finishPayment: msg('Finish Payment'),
  paymentStarting: msg('Could not start the payment. Please try again.'),
  receiptTitle: msg('Receipt'),
  printReceipt: msg('Print Receipt'),
  rosterTitle: msg('Roster'),
  /** `{ time }` */
  rosterOpen: msg('You can change players 2 to 5 and the substitutes until {time}.'),
  rosterLocked: msg('The roster is locked: ask the organizer for any change.'),
  rosterLockedAtDraw: msg('The roster is locked: the bracket has been drawn.'),
  rosterClosed: msg('The roster can no longer change: the team does not hold a spot.'),
  saveRoster: msg('Save Roster'),
  rosterSaved: msg('Roster Saved'),
  rosterSavedDescription: msg('The organizer sees the change.'),
  rosterFailed: msg('Could not save the roster. Please try again.'),
  withdrawTitle: msg('Withdraw'),
  withdrawIntro: msg('Withdrawing releases your spot to another team. It cannot be undone.'),
  leaveWaitlistIntro: msg('Withdrawing takes your team off the waitlist and frees its name and Riot IDs. It cannot be undone.'),
  withdrawButton: msg('Withdraw Team'),
  withdrawConfirmTitle: msg('Withdraw your team?'),
  /** `{ amount, percent }` */
  refundQuote: msg('You will receive {amount} ({percent} %)'),
  noRefundQuote: msg('You will receive no refund'),
  nothingPaid: msg('Nothing was paid, so nothing is refunded'),
  withdrawConfirm: msg('Withdraw'),
  withdrawn: msg('Team Withdrawn'),
  withdrawnDescription: msg('Your spot is released. Any refund is shown on this page with its state.'),
  withdrawFailed: msg('Could not withdraw the team. Please try again.'),
  refundsTitle: msg('Refunds'),
  dataTitle: msg('Your Data'),
  dataIntro: msg('Download everything we store about your team, its players and its captain, or have it erased.'),
  downloadData: msg('Download our data'),
  downloadFailed: msg('Could not download your data. Please try again.'),
  eraseData: msg('Erase our data'),
  eraseTitle: msg('Erase your team’s data?'),
  eraseGoes: msg(
    'The Riot IDs, the captain’s Discord name and e-mail, the logo and this team link are deleted. The team then appears as “Removed team” and its players as “Removed player” everywhere, the Hall of Fame included.',
  ),
  eraseKeeps: msg(
    'Kept: the amounts, dates and references of payments and refunds, which accounting law requires, and the organizer’s activity log, which names no one. This cannot be undone.',
  ),
  eraseWithdrawFirst: msg('Your team still holds its spot: it is withdrawn first.'),
  eraseConfirm: msg('Erase our data'),
  erasedTitle: msg('Your data was erased'),
  erased: msg('Your team’s personal data is gone from this site, and this link no longer opens anything.'),
  eraseFailed: msg('Could not erase your data. Please try again.'),
};

export const waitlistTexts = {
  title: msg('Waitlist'),
  /** `{ position }` (a number) */
  position: msg('{position, plural, =1 {Your team is next on the waitlist.} other {Your team is number # on the waitlist.}}'),
  /** `{ email }`: `'yes'` when the captain gave an e-mail address, else `'no'` */
  waiting: msg(
    '{email, select, yes {When a spot frees, the first team waiting is offered it here and by e-mail, with a deadline to claim it.} other {When a spot frees, the first team waiting is offered it here (keep this page: no e-mail address was given), with a deadline to claim it.}}',
  ),
  /** `{ until }` */
  offer: msg(
    "A spot is yours to claim until {until}. Claiming it takes you to payment, and the spot is then held for you like any registration's. Unclaimed, it passes to the next team on the waitlist.",
  ),
  claim: msg('Claim your spot'),
  claiming: msg('Claiming...'),
  claimFailed: msg('Could not claim the spot. The offer may have expired.'),
  lapsed: msg('The spot offered to your team was not claimed in time and passed to the next team.'),
  closed: msg(
    'Registration is closed, so no spot is offered now. Your place is kept if the organizer opens registration again. Nothing was paid, so nothing is owed.',
  ),
};


/** Money going back is never "done" before the provider says so. */
export const refundStatusLabels: Record<RefundStatus, string> = {
  requested: msg('Requested'),
  pending: msg('On its way'),
  succeeded: msg('Refunded'),
  failed: msg('Failed: the organizer has been told'),
};

/** The cup card: where the tournament is and where the team stands in it, in the captain's words. */
export const cupTexts = {
  title: msg('Your Cup'),
  cancelled: msg('Cancelled'),
  /** `{ amount }` */
  cancelledPaid: msg('The organizer cancelled the tournament. Your entry fee of {amount} is refunded in full; its state is shown under Refunds.'),
  cancelledFree: msg('The organizer cancelled the tournament. Nothing was paid, so nothing is owed.'),
  registered: msg('Registered'),
  registeredCheckIn: msg('Your team has its spot. Check in on tournament day to play.'),
  registeredNoCheckIn: msg('Your team has its spot. See you in the bracket!'),
  checkedIn: msg('Checked in'),
  checkedInDetail: msg('Your team is checked in. The bracket is drawn from the teams checked in.'),
  notInBracket: msg('Not in the bracket'),
  notInBracketDetail: msg('The bracket was drawn without your team: it had not checked in.'),
  playing: msg('Playing'),
  playingDetail: msg('Your team is in the bracket. Good luck!'),
  eliminated: msg('Eliminated'),
  /** `{ round }` */
  eliminatedDetail: msg('Your team went out in the {round}.'),
  eliminatedSomewhere: msg('Your team went out in the bracket.'),
  /** `{ place }` (a number, 2 and up) */
  placed: msg('{place, plural, =2 {2nd place} =3 {3rd place} other {#th place}}'),
  /** `{ place }` (a number, 2 and up) */
  placedDetail: msg('{place, plural, =2 {Your team finished 2nd.} =3 {Your team finished 3rd.} other {Your team finished #th.}}'),
  champion: msg('Champions'),
  championDetail: msg('Your team won the tournament. Congratulations!'),
};

/**
 * The cup card's title and line for this team, in the page's language, or null when it has no part
 * in the cup (waiting, withdrawn, released). `money` writes an amount in minor units.
 */
export function cupStandingText(team: TeamPageData, t: Translate, money: (minor: number, currency: string | null | undefined) => string): { title: string; detail: string } | null {
  if (team.tournament.isCancelled) {
    const paid = team.payment.amountPaid;
    return { title: t(cupTexts.cancelled), detail: paid ? t(cupTexts.cancelledPaid, { amount: money(paid, team.payment.currency) }) : t(cupTexts.cancelledFree) };
  }
  if (team.withdrawnAt || team.status === 'waitlisted') return null;
  const standing = team.cup.bracket;
  if (standing) {
    switch (standing.result) {
      case 'not_in_bracket':
        return { title: t(cupTexts.notInBracket), detail: t(cupTexts.notInBracketDetail) };
      case 'playing':
        return { title: t(cupTexts.playing), detail: t(cupTexts.playingDetail) };
      case 'eliminated':
        return {
          title: t(cupTexts.eliminated),
          detail: standing.roundName ? t(cupTexts.eliminatedDetail, { round: t(standing.roundName) }) : t(cupTexts.eliminatedSomewhere),
        };
      case 'placed':
        return { title: t(cupTexts.placed, { place: standing.placement! }), detail: t(cupTexts.placedDetail, { place: standing.placement! }) };
      case 'champion':
        return { title: t(cupTexts.champion), detail: t(cupTexts.championDetail) };
    }
  }
  if (team.status !== 'completed' && team.status !== 'partially_refunded') return null;
  if (team.checkIn.checkedInAt) return { title: t(cupTexts.checkedIn), detail: t(cupTexts.checkedInDetail) };
  // A no-show is told so by the check-in card.
  if (team.checkIn.isNoShow) return null;
  return { title: t(cupTexts.registered), detail: team.checkIn.state === 'off' ? t(cupTexts.registeredNoCheckIn) : t(cupTexts.registeredCheckIn) };
}
