import { formatMinor } from '../../../lib/team-status';
import type { Refund } from '../../../../shared/schemas/refund';

/**
 * Every text the refund, removal and cancellation dialogs, toasts and team cards show about money,
 * in one place, so the browser tests assert the same words the organizer reads.
 */
export const refundTexts = {
  paid: (amount: string) => `Paid ${amount}`,
  refunded: (amount: string) => `Refunded ${amount}`,
  lastRefundFailed: (reason: string) => `Last refund failed: ${reason}`,

  refundTitle: 'Refund Team',
  refundDescription: (team: string) => `Send part or all of ${team}'s entry fee back to the card it was paid with.`,
  byPolicy: (amount: string) => `By the refund policy: ${amount}`,
  customAmount: 'A custom amount',
  amountLabel: (currency: string) => `Amount (${currency})`,
  amountHint: (left: string) => `Up to ${left} is left to refund.`,
  reasonLabel: 'Reason',
  confirmRefund: 'Confirm Refund',
  quoteFailed: 'Could not load the refund policy for this team.',
  refundIssuedTitle: 'Refund Issued',
  refundIssued: (amount: string, team: string) => `${amount} refunded to ${team}.`,
  refundOnItsWay: (amount: string, team: string) => `${amount} is on its way back to ${team}.`,
  refundFailedTitle: 'Refund Failed',
  refundFailed: (amount: string, team: string, reason: string) => `The payment provider refused to refund ${amount} to ${team}: ${reason}`,
  refundError: 'Could not refund. Please try again.',

  removeTitle: 'Remove Team',
  removeDescription: (team: string, hasRefundChoice: boolean) =>
    `${team} gives up its spot in the tournament.${hasRefundChoice ? ' Choose what goes back to the captain.' : ''}`,
  refundChoice: 'Refund',
  inFull: (amount: string) => `In full: ${amount}`,
  noRefund: 'No refund',
  refundsAreOwners: 'Only an owner can send money back: removing the team here refunds nothing. Ask an owner first if the captain is owed a refund.',
  confirmRemove: 'Remove Team',
  removedTitle: 'Team Removed',
  removed: (team: string) => `${team} was removed from the tournament.`,
  removeError: 'Could not remove the team. Please try again.',

  cancelTitle: 'Cancel Tournament',
  cancelDescription: (tournament: string) =>
    `Cancel "${tournament}"? Registration closes for good and every paid team will be refunded in full. This cannot be undone.`,
  cancelQuote: (teams: number, paid: number, amount: string) =>
    `${teams} ${teams === 1 ? 'team' : 'teams'} will be removed; ${paid === 0 ? 'no team has paid: nothing to refund.' : `${paid} paid ${paid === 1 ? 'team gets' : 'teams get'} ${amount} back in full.`}`,
  keepTournament: 'Keep Tournament',
  confirmCancel: 'Cancel Tournament',
  cancelError: 'Could not cancel the tournament. Please try again.',
  cancelledTitle: 'Tournament Cancelled',
  cancelledSummary: (refunded: number, failed: number) =>
    `${refunded} ${refunded === 1 ? 'team' : 'teams'} refunded${failed ? `, ${failed} ${failed === 1 ? 'refund' : 'refunds'} failed` : ''}.`,
  refundedHeading: 'Refunded',
  failedHeading: 'Failed',
  noPaidTeams: 'No team had paid: nothing to refund.',
  retryHint: 'Cancelling again asks the payment provider again for the refunds that failed.',
  done: 'Done',
  cancelledBadge: 'cancelled',
} as const;

/** A refund line of the cancellation summary: "Night Owls: $25.00" or "Night Owls: $25.00 (card refused)". */
export function refundLine(refund: Refund): string {
  const amount = formatMinor(refund.amount, refund.currency);
  const team = refund.teamName ?? 'A team';
  return refund.status === 'failed' ? `${team}: ${amount} (${refund.failureReason ?? 'refused'})` : `${team}: ${amount}`;
}
