/**
 * The payments port: what the app needs from a card payment provider. Two adapters implement it,
 * Stripe (stripe.ts) and the demo provider (demo.ts); main.ts builds one and passes it to buildApp.
 * Shapes follow Stripe's PaymentIntents, so both adapters speak the same states.
 */

/** Stripe's PaymentIntent statuses. */
export type PaymentIntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'canceled'
  | 'succeeded';

/** A payment as the provider sees it right now. Amounts in minor units, currency upper-case ("USD"). */
export interface ProviderPayment {
  id: string;
  clientSecret: string | null;
  status: PaymentIntentStatus;
  amount: number;
  amountReceived: number;
  amountRefunded: number;
  currency: string;
  /** From the metadata we attached at creation: the only link from a payment back to a team. */
  teamId: string | null;
  tournamentId: string | null;
  /** The last decline message (Stripe's last_payment_error.message), if any. */
  failureMessage: string | null;
}

export interface CreatePaymentInput {
  teamId: string;
  tournamentId: string;
  amount: number;
  currency: string;
  description: string;
  /** Repeated calls with one key return the one payment created by the first. */
  idempotencyKey: string;
}

/** Stripe's Refund statuses. */
export type ProviderRefundStatus = 'pending' | 'requires_action' | 'succeeded' | 'failed' | 'canceled';

/** A refund as the provider sees it right now. */
export interface ProviderRefund {
  id: string;
  paymentId: string;
  amount: number;
  status: ProviderRefundStatus;
  /** Why it failed (Stripe's failure_reason), if it did. */
  failureReason: string | null;
}

export interface RefundRequest {
  /** In minor units; at most what is left of the payment. */
  amount: number;
  /** Stored by the caller before the call: a repeated key returns the refund the first call made. */
  idempotencyKey: string;
}

/** A verified webhook event, reduced to what we act on: which payment (and refund) it is about. */
export interface PaymentEvent {
  id: string;
  type: string;
  paymentId: string | null;
  refundId: string | null;
}

export class WebhookSignatureError extends Error {}

/** The provider said no to a refund (more than is left, a card that cannot take it back): final for this request, unlike an outage. */
export class RefundRefusedError extends Error {}

/** What the provider kept of a payment for processing it, in minor units of its own currency. */
export interface ProviderFee {
  amount: number;
  currency: string;
  /** The demo provider's made-up fee (no money moved); Stripe's fees are real. */
  simulated: boolean;
}

export interface PaymentProvider {
  readonly mode: 'stripe' | 'demo';
  /** Loads the provider's browser script; null for the demo provider. */
  readonly publishableKey: string | null;
  createPayment(input: CreatePaymentInput): Promise<ProviderPayment>;
  retrievePayment(id: string): Promise<ProviderPayment>;
  /**
   * Cancels a payment that has not succeeded, so it can no longer be confirmed, and returns its
   * state; one that already succeeded (or was canceled) is returned as it is. Safe to repeat.
   */
  cancelPayment(id: string): Promise<ProviderPayment>;
  /** Sends part or all of a succeeded payment back; safe to repeat under the same idempotency key. */
  refundPayment(paymentId: string, request: RefundRequest): Promise<ProviderRefund>;
  retrieveRefund(id: string): Promise<ProviderRefund>;
  /** The processing fee kept on a succeeded payment; null while there is none (not charged yet). */
  paymentFee(paymentId: string): Promise<ProviderFee | null>;
  /** Checks the signature on the raw body; throws WebhookSignatureError when it does not match. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): PaymentEvent;
}

/** Statuses in which the same payment can still be confirmed by the captain. */
export const reusableStatuses: readonly PaymentIntentStatus[] = ['requires_payment_method', 'requires_confirmation', 'requires_action', 'processing'];
