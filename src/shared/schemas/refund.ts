import { z } from 'zod';
import { amountPattern } from '../money.js';
import { text } from './common.js';
import { paymentStatuses } from './team.js';
import { msg } from '../i18n/msg.js';

export const refundKinds = ['withdrawal', 'cancellation', 'custom', 'automatic'] as const;
export type RefundKind = (typeof refundKinds)[number];

/** requested: key stored, provider not (yet) answered; pending: the provider is sending it; then succeeded or failed. */
export const refundStatuses = ['requested', 'pending', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof refundStatuses)[number];

const reason = text().trim().min(3, msg('Give a reason of at least 3 characters')).max(500, msg('Must be at most 500 characters'));

/** POST /api/teams/:id/refund: by the policy when no amount is given, or a custom amount up to what is left. */
export const teamRefundSchema = z.object({
  amount: text()
    .trim()
    .regex(amountPattern, { error: msg('Enter an amount like 12.50'), abort: true })
    .optional(),
  reason,
});
export type TeamRefundInput = z.input<typeof teamRefundSchema>;

/** POST /api/teams/:id/remove. */
export const teamRemoveSchema = z.object({
  refund: z.enum(['policy', 'full', 'none'], { error: msg('Choose policy, full or none') }),
  reason,
});
export type TeamRemoveInput = z.input<typeof teamRemoveSchema>;

/** POST /api/tournaments/:id/cancel. */
export const tournamentCancelSchema = z.object({ reason });
export type TournamentCancelInput = z.input<typeof tournamentCancelSchema>;

export const refundSchema = z.object({
  id: z.string(),
  teamId: z.string(),
  teamName: z.string().optional(),
  amount: z.number(),
  currency: z.string(),
  kind: z.enum(refundKinds),
  reason: z.string().nullable(),
  requestedBy: z.string(),
  status: z.enum(refundStatuses),
  failureReason: z.string().nullable(),
  createdAt: z.string(),
});
export type Refund = z.infer<typeof refundSchema>;

/** GET /api/teams/:id/refund-quote: what the policy gives back now and what is left of the payment (decimal strings). */
export const refundQuoteSchema = z.object({ policyAmount: z.string(), left: z.string(), currency: z.string(), explanation: z.string() });
export type RefundQuote = z.infer<typeof refundQuoteSchema>;

/** POST /api/teams/:id/remove: the team's status now, and the refund made (null: none). */
export const teamRemovedSchema = z.object({ status: z.enum(paymentStatuses), refund: refundSchema.nullable() });

/** POST /api/tournaments/:id/cancel: the refunds started for the paid teams. */
export const tournamentCancelledSchema = z.object({ refunds: z.array(refundSchema) });
