import { z } from 'zod';
import { prizeRecordSchema } from './prizes.js';
import { refundKinds, refundStatuses } from './refund.js';
import { msg } from '../i18n/msg.js';

/** Money is in minor units (2550 = 25.50) with its currency, upper-case. */
const minor = z.number().int();

/** One payment a team made for the tournament, with the fee the provider kept on it. */
export const financePaymentSchema = z.object({
  paymentRef: z.string(),
  teamId: z.string(),
  teamName: z.string(),
  paidAt: z.string().nullable(),
  amount: minor,
  currency: z.string(),
  /** Null while the provider reports no fee (nothing charged yet). */
  fee: minor.nullable(),
  feeCurrency: z.string().nullable(),
  /** The demo provider's made-up fee, never money that moved. */
  feeSimulated: z.boolean(),
});
export type FinancePayment = z.infer<typeof financePaymentSchema>;

export const financeRefundSchema = z.object({
  id: z.string(),
  paymentRef: z.string(),
  teamId: z.string(),
  teamName: z.string(),
  createdAt: z.string(),
  amount: minor,
  currency: z.string(),
  kind: z.enum(refundKinds),
  status: z.enum(refundStatuses),
  reason: z.string().nullable(),
});
export type FinanceRefund = z.infer<typeof financeRefundSchema>;

/**
 * GET /api/tournaments/:id/finance. Totals are in the tournament's currency: gross is every payment
 * collected, fees what the provider kept, refunds only those that succeeded, net = gross − fees − refunds.
 */
export const financeSchema = z.object({
  tournamentId: z.string(),
  tournamentName: z.string(),
  currency: z.string(),
  /** Set when the fees are the demo provider's simulation ("Demo: simulated fee"). */
  feesSimulated: z.boolean(),
  totals: z.object({ gross: minor, fees: minor, refunds: minor, net: minor }),
  payments: z.array(financePaymentSchema),
  refunds: z.array(financeRefundSchema),
  /** The prize split by placement, with each payout the organizer recorded (amounts in the tournament's currency). */
  prizes: z.array(prizeRecordSchema).optional(),
});
export type Finance = z.infer<typeof financeSchema>;

export const simulatedFeeLabel = msg('Demo: simulated fee');
