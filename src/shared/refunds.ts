import { msg } from './i18n/msg.js';

/**
 * The published refund policy (the one the refund policy page shows), as the one function every refund
 * path asks, so the amount a captain or organizer is shown is the amount refunded:
 *
 * | reason              | when                                   | share of what was paid |
 * |---------------------|----------------------------------------|------------------------|
 * | `cancellation`      | the organizer cancels, any time        | 100 %                  |
 * | `withdrawal`        | 48 h or more before the start          | 100 %                  |
 * | `withdrawal`        | from 24 h up to (not incl.) 48 h       | 50 %                   |
 * | `withdrawal`        | under 24 h, at the start or after it   | 0 %                    |
 * | `disqualification`  | any time                               | 0 %                    |
 *
 * What was already refunded counts against the share: the result is what is still owed back,
 * never negative. Half of an odd amount in minor units rounds down to the cent.
 */
export const refundReasons = ['withdrawal', 'cancellation', 'disqualification'] as const;
export type RefundReason = (typeof refundReasons)[number];

export type RefundRule = 'full' | 'half' | 'none';

export interface RefundDecision {
  /** What to refund now, in minor units. */
  amountMinor: number;
  rule: RefundRule;
  /** Why, in the policy's words, for the dialog and the audit log. */
  explanation: string;
}

const HOUR_MS = 3_600_000;

export function refundFor({
  paidMinor,
  refundedMinor,
  startsAt,
  at,
  reason,
}: {
  paidMinor: number;
  refundedMinor: number;
  startsAt: Date;
  at: Date;
  reason: RefundReason;
}): RefundDecision {
  const { rule, explanation } = ruleFor(reason, startsAt.getTime() - at.getTime());
  const entitled = rule === 'full' ? paidMinor : rule === 'half' ? Math.floor(paidMinor / 2) : 0;
  return { amountMinor: Math.max(0, Math.min(entitled, paidMinor) - refundedMinor), rule, explanation };
}

function ruleFor(reason: RefundReason, msBeforeStart: number): { rule: RefundRule; explanation: string } {
  if (reason === 'cancellation') return { rule: 'full', explanation: msg('Full refund: the organizer cancelled the tournament') };
  if (reason === 'disqualification') return { rule: 'none', explanation: msg('No refund: the team was disqualified') };
  if (msBeforeStart >= 48 * HOUR_MS) return { rule: 'full', explanation: msg('Full refund: 48 hours or more before the start') };
  if (msBeforeStart >= 24 * HOUR_MS) return { rule: 'half', explanation: msg('50% refund: between 24 and 48 hours before the start') };
  if (msBeforeStart > 0) return { rule: 'none', explanation: msg('No refund: less than 24 hours before the start') };
  return { rule: 'none', explanation: msg('No refund: the tournament has started') };
}
