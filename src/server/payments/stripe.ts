import Stripe from 'stripe';
import { AppError, notFound } from '../http/errors.js';
import {
  RefundRefusedError,
  WebhookSignatureError,
  type CreatePaymentInput,
  type PaymentIntentStatus,
  type PaymentEvent,
  type PaymentProvider,
  type ProviderPayment,
  type ProviderRefund,
  type ProviderRefundStatus,
  type RefundRequest,
} from './provider.js';
import { msg } from '../../shared/i18n/msg.js';

export interface StripeProviderOptions {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string | null;
  /** Where the API lives; tests point these at a local stand-in of Stripe's API. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
  maxNetworkRetries?: number;
}

function toPayment(intent: Stripe.PaymentIntent): ProviderPayment {
  const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
  return {
    id: intent.id,
    clientSecret: intent.client_secret,
    status: intent.status as PaymentIntentStatus,
    amount: intent.amount,
    amountReceived: intent.amount_received,
    amountRefunded: charge?.amount_refunded ?? 0,
    currency: intent.currency.toUpperCase(),
    teamId: intent.metadata?.teamId ?? null,
    tournamentId: intent.metadata?.tournamentId ?? null,
    failureMessage: intent.last_payment_error?.message ?? null,
  };
}

function toRefund(refund: Stripe.Refund): ProviderRefund {
  const paymentId = typeof refund.payment_intent === 'string' ? refund.payment_intent : (refund.payment_intent?.id ?? '');
  return { id: refund.id, paymentId, amount: refund.amount, status: (refund.status ?? 'pending') as ProviderRefundStatus, failureReason: refund.failure_reason ?? null };
}

/** Only the ids we act on leave the event; the state itself is always fetched from Stripe. */
function idsOf(event: Stripe.Event): { paymentId: string | null; refundId: string | null } {
  const object = event.data.object as { object?: string; id?: string; payment_intent?: string | { id: string } | null };
  const intent = typeof object.payment_intent === 'string' ? object.payment_intent : (object.payment_intent?.id ?? null);
  if (object.object === 'payment_intent') return { paymentId: object.id ?? null, refundId: null };
  if (object.object === 'charge') return { paymentId: intent, refundId: null };
  if (object.object === 'refund') return { paymentId: intent, refundId: object.id ?? null };
  return { paymentId: null, refundId: null };
}

/** Stripe's failures in our error vocabulary: an unknown payment is a 404, an unreachable Stripe a 503. */
function translate(error: unknown): never {
  if (error instanceof Stripe.errors.StripeError) {
    if (error.statusCode === 404) throw notFound('Payment');
    if (error instanceof Stripe.errors.StripeConnectionError || error instanceof Stripe.errors.StripeAPIError || error instanceof Stripe.errors.StripeRateLimitError) {
      throw new AppError('unavailable', msg('The payment provider is not answering. Please try again in a moment.'));
    }
    // Anything else Stripe refuses (a bad parameter, an idempotency clash) is no reason for a 500.
    throw new AppError('unavailable', msg('The payment could not be started. Please try again, or contact us if it keeps happening.'));
  }
  throw error;
}

export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, {
    host: options.host,
    port: options.port,
    protocol: options.protocol,
    maxNetworkRetries: options.maxNetworkRetries ?? 2,
    timeout: 20_000,
    telemetry: false,
  });

  async function retrieve(id: string): Promise<ProviderPayment> {
    return toPayment(await stripe.paymentIntents.retrieve(id, { expand: ['latest_charge'] }).catch(translate));
  }

  return {
    mode: 'stripe',
    publishableKey: options.publishableKey,

    async createPayment(input: CreatePaymentInput) {
      const intent = await stripe.paymentIntents
        .create(
        {
          amount: input.amount,
          currency: input.currency.toLowerCase(),
          automatic_payment_methods: { enabled: true },
          description: input.description,
          metadata: { teamId: input.teamId, tournamentId: input.tournamentId },
        },
          { idempotencyKey: input.idempotencyKey },
        )
        .catch(translate);
      return toPayment(intent);
    },

    retrievePayment: retrieve,

    async cancelPayment(id: string) {
      try {
        return toPayment(await stripe.paymentIntents.cancel(id, {}, { idempotencyKey: `cancel:${id}` }));
      } catch (error) {
        // Already succeeded or canceled (Stripe refuses to cancel those): its state is the answer.
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'payment_intent_unexpected_state') return retrieve(id);
        return translate(error);
      }
    },

    async refundPayment(paymentId: string, { amount, idempotencyKey }: RefundRequest) {
      try {
        return toRefund(await stripe.refunds.create({ payment_intent: paymentId, amount }, { idempotencyKey }));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError || error instanceof Stripe.errors.StripeCardError) throw new RefundRefusedError(error.message);
        return translate(error);
      }
    },

    async retrieveRefund(id: string) {
      return toRefund(await stripe.refunds.retrieve(id).catch(translate));
    },

    /** Stripe's fee is on the balance transaction of the payment's charge; it stays with Stripe when the charge is refunded. */
    async paymentFee(paymentId: string) {
      const intent = await stripe.paymentIntents.retrieve(paymentId, { expand: ['latest_charge.balance_transaction'] }).catch(translate);
      const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
      const balance = typeof charge?.balance_transaction === 'object' ? charge.balance_transaction : null;
      return balance ? { amount: balance.fee, currency: balance.currency.toUpperCase(), simulated: false } : null;
    },

    verifyWebhook(rawBody: Buffer, signature: string | undefined): PaymentEvent {
      if (!options.webhookSecret) throw new WebhookSignatureError('STRIPE_WEBHOOK_SECRET is not set: webhooks cannot be verified');
      if (!signature) throw new WebhookSignatureError('Missing Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret);
      } catch (error) {
        throw new WebhookSignatureError((error as Error).message);
      }
      return { id: event.id, type: event.type, ...idsOf(event) };
    },
  };
}
