import { z } from 'zod';
import { idSchema, text } from './common.js';
import { paymentStatuses } from './team.js';
import { msg } from '../i18n/msg.js';

export const stripeConfigSchema = z.object({ publishableKey: z.string().nullable(), mode: z.enum(['stripe', 'demo']) });
export type StripeConfig = z.infer<typeof stripeConfigSchema>;

export const paymentIntentRequestSchema = z.object({ tournamentId: idSchema, teamId: idSchema });
export const paymentIntentResponseSchema = z.object({ clientSecret: z.string() });

export const teamIdParamsSchema = z.object({ teamId: idSchema });
/** Optional: the payment the browser just confirmed; by default the team's own payment. */
export const paymentCompleteRequestSchema = z
  .object({
    paymentIntentId: z
      .string()
      .regex(/^(pi|demo_pi)_[A-Za-z0-9_]{1,200}$/, msg('Not a payment id'))
      .optional(),
  })
  .nullish();
export const paymentCompleteResponseSchema = z.object({ paymentStatus: z.enum(paymentStatuses) });

export const demoConfirmRequestSchema = z.object({
  clientSecret: text().min(1).max(255),
  cardNumber: text().max(40),
  expiry: text().max(10),
  cvc: text().max(8),
});
export const demoConfirmResponseSchema = z.object({ status: z.literal('succeeded'), paymentIntentId: z.string() });
/** A refused card, as Stripe's API answers it: 402 with the message to show. */
export const cardErrorSchema = z.object({ error: z.string(), code: z.string() });

/**
 * A payment route's 409. `fee_changed`: the payment was for an older fee and is being refunded;
 * `payment_canceled`: it was cancelled when the fee changed, before any charge. Either way the captain pays again.
 */
export const feeChangedCode = 'fee_changed';
export const paymentCanceledCode = 'payment_canceled';
export const paymentConflictSchema = z.object({ error: z.string(), code: z.enum([feeChangedCode, paymentCanceledCode]).optional() });

/** POST /api/webhooks/stripe: the event was taken (or was a repeat, or of a kind we do not handle). */
export const webhookReceivedSchema = z.object({ received: z.literal(true), duplicate: z.literal(true).optional(), ignored: z.literal(true).optional() });
