import { inEnglish, type Translate } from '../../../../shared/in-english';
import { msg } from '../../../../shared/i18n/msg';
import type { PageLocale } from '../../../../shared/i18n/locales';
import { formatMinor } from '../../../lib/team-status';
import type { Refund } from '../../../../shared/schemas/refund';

/**
 * Every text the refund, removal and cancellation dialogs, toasts and team cards show about money,
 * in one place, so the browser tests assert the same words the organizer reads. The plain texts are
 * English messages (`msg`): a component shows them with `t(text)`. The sentences with values take
 * the component's `t` last (useT); without it they are in English, as the tests read them.
 */
export const refundTexts = {
  paid: (amount: string, t: Translate = inEnglish) => t('Paid {amount}', { amount }),
  refunded: (amount: string, t: Translate = inEnglish) => t('Refunded {amount}', { amount }),
  lastRefundFailed: (reason: string, t: Translate = inEnglish) => t('Last refund failed: {reason}', { reason }),

  refundTitle: msg('Refund Team'),
  refundDescription: (team: string, t: Translate = inEnglish) => t("Send part or all of {team}'s entry fee back to the card it was paid with.", { team }),
  byPolicy: (amount: string, t: Translate = inEnglish) => t('By the refund policy: {amount}', { amount }),
  customAmount: msg('A custom amount'),
  amountLabel: (currency: string, t: Translate = inEnglish) => t('Amount ({currency})', { currency }),
  amountHint: (left: string, t: Translate = inEnglish) => t('Up to {left} is left to refund.', { left }),
  reasonLabel: msg('Reason'),
  confirmRefund: msg('Confirm Refund'),
  quoteFailed: msg('Could not load the refund policy for this team.'),
  refundIssuedTitle: msg('Refund Issued'),
  refundIssued: (amount: string, team: string, t: Translate = inEnglish) => t('{amount} refunded to {team}.', { amount, team }),
  refundOnItsWay: (amount: string, team: string, t: Translate = inEnglish) => t('{amount} is on its way back to {team}.', { amount, team }),
  refundFailedTitle: msg('Refund Failed'),
  refundFailed: (amount: string, team: string, reason: string, t: Translate = inEnglish) =>
    t('The payment provider refused to refund {amount} to {team}: {reason}', { amount, team, reason }),
  refundError: msg('Could not refund. Please try again.'),

  removeTitle: msg('Remove Team'),
  removeDescription: (team: string, hasRefundChoice: boolean, t: Translate = inEnglish) =>
    hasRefundChoice
      ? t('{team} gives up its spot in the tournament. Choose what goes back to the captain.', { team })
      : t('{team} gives up its spot in the tournament.', { team }),
  refundChoice: msg('Refund'),
  inFull: (amount: string, t: Translate = inEnglish) => t('In full: {amount}', { amount }),
  noRefund: msg('No refund'),
  refundsAreOwners: msg('Only an owner can send money back: removing the team here refunds nothing. Ask an owner first if the captain is owed a refund.'),
  confirmRemove: msg('Remove Team'),
  removedTitle: msg('Team Removed'),
  removed: (team: string, t: Translate = inEnglish) => t('{team} was removed from the tournament.', { team }),
  removeError: msg('Could not remove the team. Please try again.'),

  cancelTitle: msg('Cancel Tournament'),
  cancelDescription: (tournament: string, t: Translate = inEnglish) =>
    t('Cancel "{tournament}"? Registration closes for good and every paid team will be refunded in full. This cannot be undone.', { tournament }),
  cancelQuote: (teams: number, paid: number, amount: string, t: Translate = inEnglish) =>
    t(
      '{teams, plural, one {# team} other {# teams}} will be removed; {paid, plural, =0 {no team has paid: nothing to refund.} one {# paid team gets {amount} back in full.} other {# paid teams get {amount} back in full.}}',
      { teams, paid, amount },
    ),
  keepTournament: msg('Keep Tournament'),
  confirmCancel: msg('Cancel Tournament'),
  cancelError: msg('Could not cancel the tournament. Please try again.'),
  cancelledTitle: msg('Tournament Cancelled'),
  cancelledSummary: (refunded: number, failed: number, t: Translate = inEnglish) =>
    t('{refunded, plural, one {# team} other {# teams}} refunded{failed, plural, =0 {} one {, # refund failed} other {, # refunds failed}}.', { refunded, failed }),
  refundedHeading: msg('Refunded'),
  failedHeading: msg('Failed'),
  noPaidTeams: msg('No team had paid: nothing to refund.'),
  retryHint: msg('Cancelling again asks the payment provider again for the refunds that failed.'),
  done: msg('Done'),
  cancelledBadge: msg('cancelled'),
} as const;

/** A refund line of the cancellation summary: "Night Owls: $25.00" or "Night Owls: $25.00 (card refused)". In English; `refundLineIn` in the page's language. */
export const refundLine = (refund: Refund): string => refundLineIn(refund, inEnglish);

/** A refund line in the page's language: `t` from useT, `locale` from useFormats() (its money form). */
export function refundLineIn(refund: Refund, t: Translate, locale?: PageLocale): string {
  const amount = formatMinor(refund.amount, refund.currency, locale);
  const team = refund.teamName ?? t('A team');
  return refund.status === 'failed'
    ? t('{team}: {amount} ({reason})', { team, amount, reason: refund.failureReason ?? t('refused') })
    : t('{team}: {amount}', { team, amount });
}
