import crypto from 'node:crypto';
import { and, eq, notInArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { demoPayments, demoRefunds } from '../db/schema.js';
import { conflict, notFound } from '../http/errors.js';
import {
  RefundRefusedError,
  WebhookSignatureError,
  type CreatePaymentInput,
  type PaymentIntentStatus,
  type PaymentProvider,
  type ProviderPayment,
  type ProviderRefund,
  type ProviderRefundStatus,
  type RefundRequest,
} from './provider.js';
import { msg } from '../../shared/i18n/msg.js';

/** Stripe's test cards that the demo provider understands; everything else is refused like test mode does. */
export const demoTestCards = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  /** Paid, but its refunds fail (as with Stripe's test card of that number). */
  refundFails: '4000000000005126',
} as const;

export const demoCardMessages = {
  declined: msg('Your card was declined.'),
  insufficientFunds: msg('Your card has insufficient funds.'),
  notATestCard: msg('Your card was declined. Demo payments accept only test cards, such as 4242 4242 4242 4242.'),
  incorrectNumber: msg('Your card number is incorrect.'),
  incompleteExpiry: msg("Your card's expiration date is incomplete."),
  expired: msg("Your card's expiration year is in the past."),
  incompleteCvc: msg("Your card's security code is incomplete."),
} as const;

/** A card the demo provider refused; the message reads like Stripe's. */
export class DemoCardError extends Error {
  constructor(
    message: string,
    readonly code: 'card_declined' | 'incorrect_number' | 'invalid_expiry' | 'invalid_cvc',
  ) {
    super(message);
  }
}

/** The payment was canceled (its fee changed) before the card was charged; like Stripe's payment_intent_unexpected_state. */
export class DemoPaymentCanceledError extends Error {
  constructor() {
    super(msg('This payment was canceled because the entry fee changed. Nothing was charged.'));
  }
}

export interface DemoCard {
  cardNumber: string;
  expiry: string;
  cvc: string;
}

export interface DemoPaymentProvider extends PaymentProvider {
  readonly mode: 'demo';
  /** Plays the part of Stripe.js confirmPayment: charges a test card (no money moves) or throws DemoCardError. */
  confirmWithTestCard(clientSecret: string, card: DemoCard): Promise<ProviderPayment>;
}

export function isDemoProvider(provider: PaymentProvider): provider is DemoPaymentProvider {
  return provider.mode === 'demo' && 'confirmWithTestCard' in provider;
}

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Checks the card the way Stripe's element and test mode do, in the same order. */
function checkCard(card: DemoCard, at: Date): void {
  const digits = card.cardNumber.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) throw new DemoCardError(demoCardMessages.incorrectNumber, 'incorrect_number');
  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(card.expiry);
  const month = expiry ? Number(expiry[1]) : 0;
  if (!expiry || month < 1 || month > 12) throw new DemoCardError(demoCardMessages.incompleteExpiry, 'invalid_expiry');
  const year = expiry[2].length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2]);
  // A card is valid through the last day of its expiry month.
  if (year * 12 + month < at.getUTCFullYear() * 12 + at.getUTCMonth() + 1) throw new DemoCardError(demoCardMessages.expired, 'invalid_expiry');
  if (!/^\d{3,4}$/.test(card.cvc.trim())) throw new DemoCardError(demoCardMessages.incompleteCvc, 'invalid_cvc');
  if (digits === demoTestCards.succeeds || digits === demoTestCards.refundFails) return;
  if (digits === demoTestCards.declined) throw new DemoCardError(demoCardMessages.declined, 'card_declined');
  if (digits === demoTestCards.insufficientFunds) throw new DemoCardError(demoCardMessages.insufficientFunds, 'card_declined');
  throw new DemoCardError(demoCardMessages.notATestCard, 'card_declined');
}

type Row = typeof demoPayments.$inferSelect;

function toPayment(row: Row): ProviderPayment {
  const status = row.status as PaymentIntentStatus;
  return {
    id: row.id,
    clientSecret: row.clientSecret,
    status,
    amount: row.amount,
    amountReceived: status === 'succeeded' ? row.amount : 0,
    amountRefunded: row.amountRefunded,
    currency: row.currency,
    teamId: row.teamId,
    tournamentId: row.tournamentId,
    failureMessage: row.lastError,
  };
}

function toRefund(row: typeof demoRefunds.$inferSelect): ProviderRefund {
  return { id: row.id, paymentId: row.paymentId, amount: row.amount, status: row.status as ProviderRefundStatus, failureReason: row.failureReason };
}

/** The demo provider's made-up processing fee, shaped like a card processor's: 2.9 % + 30 minor units. */
export const simulatedFee = (amount: number) => Math.round(amount * 0.029) + 30;

const randomToken = (bytes: number) => crypto.randomBytes(bytes).toString('hex');

/**
 * The demo provider: Stripe's PaymentIntent flow with its state in our own database
 * (demo_payments), test cards only, and no money moving. What a fresh `npm start` uses.
 */
export function createDemoPaymentProvider(db: Db, now: () => Date = () => new Date()): DemoPaymentProvider {
  async function byId(id: string): Promise<Row> {
    const [row] = await db.select().from(demoPayments).where(eq(demoPayments.id, id));
    if (!row) throw notFound('Payment');
    return row;
  }

  return {
    mode: 'demo',
    publishableKey: null,

    async createPayment(input: CreatePaymentInput) {
      const id = `demo_pi_${randomToken(12)}`;
      const inserted = await db
        .insert(demoPayments)
        .values({
          id,
          clientSecret: `${id}_secret_${randomToken(16)}`,
          idempotencyKey: input.idempotencyKey,
          teamId: input.teamId,
          tournamentId: input.tournamentId,
          amount: input.amount,
          currency: input.currency.toUpperCase(),
          createdAt: now(),
          updatedAt: now(),
        })
        // Like Stripe's Idempotency-Key: a repeated key returns the payment the first call made.
        .onConflictDoNothing({ target: demoPayments.idempotencyKey })
        .returning();
      if (inserted.length) return toPayment(inserted[0]);
      const [existing] = await db.select().from(demoPayments).where(eq(demoPayments.idempotencyKey, input.idempotencyKey));
      return toPayment(existing);
    },

    retrievePayment: async (id: string) => toPayment(await byId(id)),

    async cancelPayment(id: string) {
      await db
        .update(demoPayments)
        .set({ status: 'canceled', updatedAt: now() })
        .where(and(eq(demoPayments.id, id), notInArray(demoPayments.status, ['succeeded', 'canceled'])));
      return toPayment(await byId(id));
    },

    /**
     * Like Stripe: one refund per idempotency key, at most what is left of a succeeded payment. A
     * payment made with the refund-fails test card gets a failed refund, and nothing goes back.
     */
    async refundPayment(paymentId: string, { amount, idempotencyKey }: RefundRequest) {
      return db.transaction(async (tx) => {
        // The payment's row first: two calls with one key take turns, and the second finds the first's refund.
        const [row] = await tx.select().from(demoPayments).where(eq(demoPayments.id, paymentId)).for('update');
        if (!row) throw notFound('Payment');
        const [previous] = await tx.select().from(demoRefunds).where(eq(demoRefunds.idempotencyKey, idempotencyKey));
        if (previous) return toRefund(previous);
        if (row.status !== 'succeeded') throw new RefundRefusedError('Only a succeeded payment can be refunded.');
        if (amount <= 0 || amount > row.amount - row.amountRefunded) throw new RefundRefusedError(`Refund amount is greater than what is left of the payment.`);
        const failed = row.refundsFail;
        const [refund] = await tx
          .insert(demoRefunds)
          .values({
            id: `demo_re_${randomToken(12)}`,
            idempotencyKey,
            paymentId,
            amount,
            status: failed ? 'failed' : 'succeeded',
            failureReason: failed ? 'expired_or_canceled_card' : null,
            createdAt: now(),
          })
          .returning();
        if (!failed) await tx.update(demoPayments).set({ amountRefunded: row.amountRefunded + amount, updatedAt: now() }).where(eq(demoPayments.id, paymentId));
        return toRefund(refund);
      });
    },

    async retrieveRefund(id: string) {
      const [row] = await db.select().from(demoRefunds).where(eq(demoRefunds.id, id));
      if (!row) throw notFound('Refund');
      return toRefund(row);
    },

    async paymentFee(paymentId: string) {
      const row = await byId(paymentId);
      return row.status === 'succeeded' ? { amount: simulatedFee(row.amount), currency: row.currency, simulated: true } : null;
    },

    verifyWebhook(): never {
      throw new WebhookSignatureError('Demo payments send no webhooks');
    },

    async confirmWithTestCard(clientSecret: string, card: DemoCard) {
      const [row] = await db.select().from(demoPayments).where(eq(demoPayments.clientSecret, clientSecret));
      if (!row) throw notFound('Payment');
      if (row.status === 'succeeded') throw conflict(msg('This payment has already succeeded'));
      if (row.status === 'canceled') throw new DemoPaymentCanceledError();
      try {
        checkCard(card, now());
      } catch (error) {
        if (error instanceof DemoCardError && error.code === 'card_declined') {
          await db
            .update(demoPayments)
            .set({ status: 'requires_payment_method', lastError: error.message, updatedAt: now() })
            .where(and(eq(demoPayments.id, row.id), notInArray(demoPayments.status, ['succeeded', 'canceled'])));
        }
        throw error;
      }
      // Only a payment still open to the card: one canceled (the fee changed) meanwhile stays canceled.
      const [updated] = await db
        .update(demoPayments)
        .set({ status: 'succeeded', lastError: null, refundsFail: card.cardNumber.replace(/[\s-]/g, '') === demoTestCards.refundFails, updatedAt: now() })
        .where(and(eq(demoPayments.id, row.id), notInArray(demoPayments.status, ['succeeded', 'canceled'])))
        .returning();
      if (!updated) throw (await byId(row.id)).status === 'canceled' ? new DemoPaymentCanceledError() : conflict(msg('This payment has already succeeded'));
      return toPayment(updated);
    },
  };
}
