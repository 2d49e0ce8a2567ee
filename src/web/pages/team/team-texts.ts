import type { TeamPageData } from '../../../shared/schemas/team-page';
import type { RefundStatus } from '../../../shared/schemas/refund';
import type { TeamStatus } from '../../../shared/schemas/team';
import { formatMinor as formatMinorOf } from '../../lib/team-status';

/** Every text the captain's team page shows, in one place, so the browser tests assert the same words. */
export const teamPageTexts = {
  linkMissingTitle: 'Team link needed',
  linkMissing: 'This page opens with your team link: the address from your registration e-mail, or the "Manage your team" button shown after registering.',
  linkUnknownTitle: 'Team link not recognised',
  linkUnknown: 'This link does not open a team. It may have been replaced by a newer link from the organizer, or the team’s data was erased.',
  loadFailed: 'Could not load your team. Please try again.',
  statusTitle: 'Registration',
  holdUntil: (time: string) => `Your spot is held until ${time}. Pay the entry fee before then to keep it.`,
  finishPayment: 'Finish Payment',
  paymentStarting: 'Could not start the payment. Please try again.',
  receiptTitle: 'Receipt',
  printReceipt: 'Print Receipt',
  rosterTitle: 'Roster',
  rosterOpen: (time: string) => `You can change players 2 to 5 and the substitutes until ${time}.`,
  rosterLocked: 'The roster is locked: ask the organizer for any change.',
  rosterLockedAtDraw: 'The roster is locked: the bracket has been drawn.',
  rosterClosed: 'The roster can no longer change: the team does not hold a spot.',
  saveRoster: 'Save Roster',
  rosterSaved: 'Roster Saved',
  rosterSavedDescription: 'The organizer sees the change.',
  rosterFailed: 'Could not save the roster. Please try again.',
  withdrawTitle: 'Withdraw',
  withdrawIntro: 'Withdrawing releases your spot to another team. It cannot be undone.',
  leaveWaitlistIntro: 'Withdrawing takes your team off the waitlist and frees its name and Riot IDs. It cannot be undone.',
  withdrawButton: 'Withdraw Team',
  withdrawConfirmTitle: 'Withdraw your team?',
  refundQuote: (amount: string, percent: number) => `You will receive ${amount} (${percent} %)`,
  noRefundQuote: 'You will receive no refund',
  nothingPaid: 'Nothing was paid, so nothing is refunded',
  withdrawConfirm: 'Withdraw',
  withdrawn: 'Team Withdrawn',
  withdrawnDescription: 'Your spot is released. Any refund is shown on this page with its state.',
  withdrawFailed: 'Could not withdraw the team. Please try again.',
  refundsTitle: 'Refunds',
  dataTitle: 'Your Data',
  dataIntro: 'Download everything we store about your team, its players and its captain, or have it erased.',
  downloadData: 'Download our data',
  downloadFailed: 'Could not download your data. Please try again.',
  eraseData: 'Erase our data',
  eraseTitle: 'Erase your team’s data?',
  eraseGoes:
    'The Riot IDs, the captain’s Discord name and e-mail, the logo and this team link are deleted. The team then appears as “Removed team” and its players as “Removed player” everywhere, the Hall of Fame included.',
  eraseKeeps:
    'Kept: the amounts, dates and references of payments and refunds, which accounting law requires, and the organizer’s activity log, which names no one. This cannot be undone.',
  eraseWithdrawFirst: 'Your team still holds its spot: it is withdrawn first.',
  eraseConfirm: 'Erase our data',
  erasedTitle: 'Your data was erased',
  erased: 'Your team’s personal data is gone from this site, and this link no longer opens anything.',
  eraseFailed: 'Could not erase your data. Please try again.',
};

export const waitlistTexts = {
  title: 'Waitlist',
  position: (position: number) => (position === 1 ? 'Your team is next on the waitlist.' : `Your team is number ${position} on the waitlist.`),
  waiting: (hasEmail: boolean) =>
    `When a spot frees, the first team waiting is offered it here${hasEmail ? ' and by e-mail' : ' (keep this page: no e-mail address was given)'}, with a deadline to claim it.`,
  offer: (until: string) =>
    `A spot is yours to claim until ${until}. Claiming it takes you to payment, and the spot is then held for you like any registration's. Unclaimed, it passes to the next team on the waitlist.`,
  claim: 'Claim your spot',
  claiming: 'Claiming...',
  claimFailed: 'Could not claim the spot. The offer may have expired.',
  lapsed: 'The spot offered to your team was not claimed in time and passed to the next team.',
  closed:
    'Registration is closed, so no spot is offered now. Your place is kept if the organizer opens registration again. Nothing was paid, so nothing is owed.',
};

const statusLabels: Record<TeamStatus, string> = {
  pending: 'Awaiting payment',
  completed: 'Paid',
  failed: 'Payment failed',
  expired: 'Spot released',
  partially_refunded: 'Partially refunded',
  refunded: 'Refunded',
  removed: 'Removed',
  waitlisted: 'On the waitlist',
};

/** A withdrawn team reads as such whatever its refund became. */
export function captainStatusLabel(team: Pick<TeamPageData, 'status' | 'withdrawnAt'>): string {
  return team.withdrawnAt ? 'Withdrawn' : statusLabels[team.status];
}

/** Money going back is never "done" before the provider says so. */
export const refundStatusLabels: Record<RefundStatus, string> = {
  requested: 'Requested',
  pending: 'On its way',
  succeeded: 'Refunded',
  failed: 'Failed: the organizer has been told',
};

const ordinal = (place: number) => (place === 2 ? '2nd' : place === 3 ? '3rd' : `${place}th`);

/** The cup card: where the tournament is and where the team stands in it, in the captain's words. */
export const cupTexts = {
  title: 'Your Cup',
  cancelled: 'Cancelled',
  cancelledPaid: (amount: string) =>
    `The organizer cancelled the tournament. Your entry fee of ${amount} is refunded in full; its state is shown under Refunds.`,
  cancelledFree: 'The organizer cancelled the tournament. Nothing was paid, so nothing is owed.',
  registered: 'Registered',
  registeredCheckIn: 'Your team has its spot. Check in on tournament day to play.',
  registeredNoCheckIn: 'Your team has its spot. See you in the bracket!',
  checkedIn: 'Checked in',
  checkedInDetail: 'Your team is checked in. The bracket is drawn from the teams checked in.',
  notInBracket: 'Not in the bracket',
  notInBracketDetail: 'The bracket was drawn without your team: it had not checked in.',
  playing: 'Playing',
  playingDetail: 'Your team is in the bracket. Good luck!',
  eliminated: 'Eliminated',
  eliminatedDetail: (round: string) => `Your team went out in the ${round}.`,
  placed: (place: number) => `${ordinal(place)} place`,
  placedDetail: (place: number) => `Your team finished ${ordinal(place)}.`,
  champion: 'Champions',
  championDetail: 'Your team won the tournament. Congratulations!',
};

/** The cup card's title and line for this team, or null when it has no part in the cup (waiting, withdrawn, released). */
export function cupStandingText(team: TeamPageData): { title: string; detail: string } | null {
  if (team.tournament.isCancelled) {
    const paid = team.payment.amountPaid;
    return { title: cupTexts.cancelled, detail: paid ? cupTexts.cancelledPaid(formatMinorOf(paid, team.payment.currency)) : cupTexts.cancelledFree };
  }
  if (team.withdrawnAt || team.status === 'waitlisted') return null;
  const standing = team.cup.bracket;
  if (standing) {
    switch (standing.result) {
      case 'not_in_bracket':
        return { title: cupTexts.notInBracket, detail: cupTexts.notInBracketDetail };
      case 'playing':
        return { title: cupTexts.playing, detail: cupTexts.playingDetail };
      case 'eliminated':
        return { title: cupTexts.eliminated, detail: cupTexts.eliminatedDetail(standing.roundName ?? 'bracket') };
      case 'placed':
        return { title: cupTexts.placed(standing.placement!), detail: cupTexts.placedDetail(standing.placement!) };
      case 'champion':
        return { title: cupTexts.champion, detail: cupTexts.championDetail };
    }
  }
  if (team.status !== 'completed' && team.status !== 'partially_refunded') return null;
  if (team.checkIn.checkedInAt) return { title: cupTexts.checkedIn, detail: cupTexts.checkedInDetail };
  // A no-show is told so by the check-in card.
  if (team.checkIn.isNoShow) return null;
  return { title: cupTexts.registered, detail: team.checkIn.state === 'off' ? cupTexts.registeredNoCheckIn : cupTexts.registeredCheckIn };
}
