import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A small, stateful stand-in for the parts of Stripe's API we use, spoken over HTTP so the real
 * `stripe` SDK talks to it (host/port/protocol options): form-encoded bodies, Idempotency-Key,
 * /v1/payment_intents create/retrieve/confirm/cancel (with expand[]=latest_charge and
 * latest_charge.balance_transaction, whose fee is 2.9 % + 30 minor units), /v1/refunds.
 * It records every request and queues the webhook events Stripe would send, signed with
 * `stripe.webhooks.generateTestHeaderString`; told where (forwardWebhooksTo), it also delivers
 * them, as `stripe listen --forward-to` does. As Stripe does, it lets a browser holding the
 * publishable key confirm a payment whose client secret it knows, with the card it typed.
 */

type Json = Record<string, unknown>;

export interface StandInPaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: string;
  client_secret: string;
  description: string | null;
  metadata: Record<string, string>;
  automatic_payment_methods: { enabled: boolean } | null;
  latest_charge: string | null;
  last_payment_error: { type: string; code: string; message: string } | null;
  created: number;
  livemode: false;
}

export interface StandInCharge {
  id: string;
  object: 'charge';
  amount: number;
  amount_refunded: number;
  refunded: boolean;
  currency: string;
  payment_intent: string;
  status: 'succeeded';
  /** Its balance transaction's id; the transaction holds Stripe's fee (see balanceTransactionOf). */
  balance_transaction: string;
}

export interface RecordedRequest {
  method: string;
  path: string;
  params: Json;
  idempotencyKey: string | null;
  authorization: string | null;
}

export interface StandInEvent {
  id: string;
  object: 'event';
  type: string;
  created: number;
  livemode: false;
  api_version: string;
  data: { object: Json };
}

/** Turns Stripe's form encoding (metadata[teamId]=…, expand[0]=…) into nested objects. */
export function parseStripeForm(body: string): Json {
  const result: Json = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let node: Json = result;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) {
        node[part] = value;
      } else {
        node[part] = (node[part] as Json | undefined) ?? {};
        node = node[part] as Json;
      }
    });
  }
  return result;
}

const token = (bytes = 12) => crypto.randomBytes(bytes).toString('hex');
const nowSeconds = () => Math.floor(Date.now() / 1000);
const asList = (value: unknown): string[] => (value && typeof value === 'object' ? Object.values(value as Json).map(String) : value ? [String(value)] : []);

/** Stripe's test cards as the browser sends them: 4000 0000 0000 0002 is declined, any other card succeeds. */
function testPaymentMethodOf(params: Json): string {
  if (params.payment_method) return String(params.payment_method);
  const card = ((params.payment_method_data as Json | undefined)?.card as Json | undefined) ?? {};
  return String(card.number ?? '').replace(/\s/g, '') === '4000000000000002' ? 'pm_card_chargeDeclined' : 'pm_card_visa';
}

export interface WebhookDelivery {
  eventId: string;
  type: string;
  /** The endpoint's HTTP status, or 0 when it could not be reached. */
  status: number;
}

export async function startStripeStandIn({ secretKey = 'sk_test_standin', webhookSecret = 'whsec_standin', publishableKey = 'pk_test_standin' } = {}) {
  const intents = new Map<string, StandInPaymentIntent>();
  const charges = new Map<string, StandInCharge>();
  const refunds = new Map<string, Json>();
  // Payments whose refunds the card refuses (Stripe's refund-fails test card), and what it says.
  const refundsFailFor = new Set<string>();
  const idempotent = new Map<string, { fingerprint: string; status: number; body: string }>();
  const requests: RecordedRequest[] = [];
  const events: StandInEvent[] = [];
  let failures = 0;
  let failurePath: string | null = null;
  let webhookEndpoint: string | null = null;
  const deliveries: WebhookDelivery[] = [];
  const pendingDeliveries = new Set<Promise<void>>();

  function sign(event: StandInEvent, secret = webhookSecret): { payload: string; headers: Record<string, string> } {
    const payload = JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
    return { payload, headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature } };
  }

  /** Stripe sends events after answering the request that caused them, so this does not wait. */
  function deliver(event: StandInEvent, endpoint: string) {
    const { payload, headers } = sign(event);
    const delivery = fetch(endpoint, { method: 'POST', headers, body: payload })
      .then(async (response) => {
        await response.arrayBuffer();
        deliveries.push({ eventId: event.id, type: event.type, status: response.status });
      })
      .catch(() => void deliveries.push({ eventId: event.id, type: event.type, status: 0 }))
      .finally(() => pendingDeliveries.delete(delivery));
    pendingDeliveries.add(delivery);
  }

  function queueEvent(type: string, object: Json): StandInEvent {
    const event: StandInEvent = { id: `evt_${token()}`, object: 'event', type, created: nowSeconds(), livemode: false, api_version: '2025-01-01', data: { object: structuredClone(object) } };
    events.push(event);
    if (webhookEndpoint) deliver(event, webhookEndpoint);
    return event;
  }

  function error(status: number, type: string, message: string, extra: Json = {}) {
    return { status, body: { error: { type, message, ...extra } } };
  }

  /** Stripe's fee on a card charge in the stand-in: 2.9 % + 30 minor units, like Stripe's US card pricing. */
  function balanceTransactionOf(charge: StandInCharge): Json {
    const fee = Math.round(charge.amount * 0.029) + 30;
    return { id: charge.balance_transaction, object: 'balance_transaction', amount: charge.amount, fee, net: charge.amount - fee, currency: charge.currency, type: 'charge', source: charge.id };
  }

  function view(intent: StandInPaymentIntent, expand: string[]): Json {
    const copy: Json = structuredClone(intent) as unknown as Json;
    const charge = intent.latest_charge ? charges.get(intent.latest_charge) : undefined;
    if (charge && (expand.includes('latest_charge') || expand.includes('latest_charge.balance_transaction'))) {
      const expanded = structuredClone(charge) as unknown as Json;
      if (expand.includes('latest_charge.balance_transaction')) expanded.balance_transaction = balanceTransactionOf(charge);
      copy.latest_charge = expanded;
    }
    return copy;
  }

  function confirm(intent: StandInPaymentIntent, paymentMethod: string): { status: number; body: Json } {
    if (intent.status === 'succeeded') return error(400, 'invalid_request_error', 'This PaymentIntent has already succeeded.', { code: 'payment_intent_unexpected_state' });
    if (intent.status === 'canceled') return error(400, 'invalid_request_error', 'You cannot confirm this PaymentIntent because it has a status of canceled.', { code: 'payment_intent_unexpected_state' });
    if (paymentMethod === 'pm_card_chargeDeclined') {
      intent.status = 'requires_payment_method';
      intent.last_payment_error = { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' };
      queueEvent('payment_intent.payment_failed', intent as unknown as Json);
      return error(402, 'card_error', 'Your card was declined.', { code: 'card_declined', payment_intent: structuredClone(intent) });
    }
    const charge: StandInCharge = { id: `ch_${token()}`, object: 'charge', amount: intent.amount, amount_refunded: 0, refunded: false, currency: intent.currency, payment_intent: intent.id, status: 'succeeded', balance_transaction: `txn_${token()}` };
    charges.set(charge.id, charge);
    Object.assign(intent, { status: 'succeeded', amount_received: intent.amount, latest_charge: charge.id, last_payment_error: null });
    queueEvent('payment_intent.succeeded', intent as unknown as Json);
    return { status: 200, body: structuredClone(intent) as unknown as Json };
  }

  function cancel(intent: StandInPaymentIntent): { status: number; body: Json } {
    if (intent.status === 'succeeded' || intent.status === 'canceled') {
      return error(400, 'invalid_request_error', `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`, { code: 'payment_intent_unexpected_state' });
    }
    intent.status = 'canceled';
    queueEvent('payment_intent.canceled', intent as unknown as Json);
    return { status: 200, body: structuredClone(intent) as unknown as Json };
  }

  function route(method: string, path: string, params: Json): { status: number; body: Json } {
    if (method === 'POST' && path === '/v1/payment_intents') {
      const amount = Number(params.amount);
      if (!Number.isInteger(amount) || amount < 1) return error(400, 'invalid_request_error', 'Invalid positive integer', { param: 'amount' });
      if (typeof params.currency !== 'string') return error(400, 'invalid_request_error', 'Missing required param: currency.', { param: 'currency' });
      const id = `pi_${token()}`;
      const apm = params.automatic_payment_methods as Json | undefined;
      const intent: StandInPaymentIntent = {
        id,
        object: 'payment_intent',
        amount,
        amount_received: 0,
        currency: params.currency,
        status: 'requires_payment_method',
        client_secret: `${id}_secret_${token(8)}`,
        description: (params.description as string) ?? null,
        metadata: (params.metadata as Record<string, string>) ?? {},
        automatic_payment_methods: apm ? { enabled: apm.enabled === 'true' } : null,
        latest_charge: null,
        last_payment_error: null,
        created: nowSeconds(),
        livemode: false,
      };
      intents.set(id, intent);
      return { status: 200, body: view(intent, []) };
    }
    const intentPath = /^\/v1\/payment_intents\/([^/]+)(\/confirm|\/cancel)?$/.exec(path);
    if (intentPath) {
      const intent = intents.get(intentPath[1]);
      if (!intent) return error(404, 'invalid_request_error', `No such payment_intent: '${intentPath[1]}'`, { code: 'resource_missing' });
      if (method === 'GET' && !intentPath[2]) return { status: 200, body: view(intent, asList(params.expand)) };
      if (method === 'POST' && intentPath[2] === '/confirm') {
        // With the publishable key, only the holder of the payment's client secret may confirm it.
        if (params.key !== undefined && params.client_secret !== intent.client_secret)
          return error(400, 'invalid_request_error', `The client_secret provided does not match the client_secret associated with the PaymentIntent.`, { code: 'payment_intent_invalid_parameter' });
        return confirm(intent, testPaymentMethodOf(params));
      }
      if (method === 'POST' && intentPath[2] === '/cancel') return cancel(intent);
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const intent = intents.get(String(params.payment_intent));
      if (!intent) return error(404, 'invalid_request_error', `No such payment_intent: '${String(params.payment_intent)}'`, { code: 'resource_missing' });
      const charge = intent.latest_charge ? charges.get(intent.latest_charge) : undefined;
      if (!charge) return error(400, 'invalid_request_error', 'This PaymentIntent does not have a successful charge to refund.');
      if (charge.refunded) return error(400, 'invalid_request_error', `Charge ${charge.id} has already been refunded.`, { code: 'charge_already_refunded' });
      const amount = params.amount ? Number(params.amount) : charge.amount - charge.amount_refunded;
      if (amount > charge.amount - charge.amount_refunded)
        return error(400, 'invalid_request_error', `Refund amount (${amount}) is greater than unrefunded amount on charge (${charge.amount - charge.amount_refunded})`, { code: 'amount_too_large' });
      const fails = refundsFailFor.has(intent.id);
      const refund: Json = { id: `re_${token()}`, object: 'refund', amount, charge: charge.id, payment_intent: intent.id, status: fails ? 'failed' : 'succeeded', failure_reason: fails ? 'expired_or_canceled_card' : null, currency: charge.currency, created: nowSeconds() };
      refunds.set(String(refund.id), refund);
      queueEvent('refund.created', refund);
      if (fails) {
        queueEvent('refund.failed', refund);
      } else {
        charge.amount_refunded += amount;
        charge.refunded = charge.amount_refunded >= charge.amount;
        queueEvent('charge.refunded', charge as unknown as Json);
      }
      return { status: 200, body: refund };
    }
    const refundPath = /^\/v1\/refunds\/([^/]+)$/.exec(path);
    if (refundPath && method === 'GET') {
      const refund = refunds.get(refundPath[1]);
      return refund ? { status: 200, body: refund } : error(404, 'invalid_request_error', `No such refund: '${refundPath[1]}'`, { code: 'resource_missing' });
    }
    return error(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const raw = Buffer.concat(chunks).toString('utf8');
      const params = req.method === 'GET' ? parseStripeForm(url.search.slice(1)) : parseStripeForm(raw);
      const idempotencyKey = (req.headers['idempotency-key'] as string | undefined) ?? null;
      requests.push({ method: req.method ?? '', path: url.pathname, params, idempotencyKey, authorization: req.headers.authorization ?? null });
      const send = (status: number, body: string) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${token(6)}`, ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) });
        res.end(body);
      };
      // A browser (Stripe.js) sends the publishable key in the body, and may only confirm a payment.
      const isBrowserConfirm = req.method === 'POST' && /^\/v1\/payment_intents\/[^/]+\/confirm$/.test(url.pathname) && params.key === publishableKey && !req.headers.authorization;
      if (req.headers.authorization !== `Bearer ${secretKey}` && !isBrowserConfirm) {
        send(401, JSON.stringify({ error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } }));
        return;
      }
      if (failures > 0 && (!failurePath || url.pathname.startsWith(failurePath))) {
        failures--;
        send(500, JSON.stringify({ error: { type: 'api_error', message: 'Stand-in told to fail' } }));
        return;
      }
      // Stripe replays the first answer for a repeated key, and refuses the key with other parameters.
      if (idempotencyKey && req.method === 'POST') {
        const fingerprint = `${url.pathname}?${raw}`;
        const previous = idempotent.get(idempotencyKey);
        if (previous) {
          if (previous.fingerprint !== fingerprint) {
            send(400, JSON.stringify({ error: { type: 'idempotency_error', message: 'Keys for idempotent requests can only be used with the same parameters they were first used with.' } }));
          } else {
            send(previous.status, previous.body);
          }
          return;
        }
        const result = route(req.method, url.pathname, params);
        const body = JSON.stringify(result.body);
        if (result.status < 500) idempotent.set(idempotencyKey, { fingerprint, status: result.status, body });
        send(result.status, body);
        return;
      }
      const result = route(req.method ?? 'GET', url.pathname, params);
      send(result.status, JSON.stringify(result.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    host: '127.0.0.1',
    port,
    protocol: 'http' as const,
    secretKey,
    webhookSecret,
    publishableKey,
    requests,
    events,
    intents,
    /** What the browser's confirmPayment does, without a browser: pm_card_visa succeeds, pm_card_chargeDeclined is declined. */
    confirm(intentId: string, paymentMethod: 'pm_card_visa' | 'pm_card_chargeDeclined' = 'pm_card_visa') {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`no intent ${intentId}`);
      return confirm(intent, paymentMethod);
    },
    /** Refunds of this payment fail, as with Stripe's test card 4000 0000 0000 5126. */
    failRefundsOf(intentId: string) {
      refundsFailFor.add(intentId);
    },
    refunds,
    /** The next `count` API requests (to paths starting with `path`, when given) answer 500. */
    failNext(count = 1, path?: string) {
      failures = count;
      failurePath = path ?? null;
    },
    /** The queued events of one type for one object id (payment intent or charge). */
    eventsFor(type: string, objectId?: string) {
      return events.filter((e) => e.type === type && (!objectId || e.data.object.id === objectId || e.data.object.payment_intent === objectId));
    },
    /** A webhook delivery as Stripe sends it: the JSON body and its Stripe-Signature header. */
    sign,
    /** From now on every event is also POSTed, signed, to this endpoint (null: no more). */
    forwardWebhooksTo(endpoint: string | null) {
      webhookEndpoint = endpoint;
    },
    /** The forwarded events and how the endpoint answered each. */
    deliveries,
    /** Waits for the forwarded events still on their way. */
    settleDeliveries: async () => {
      while (pendingDeliveries.size > 0) await Promise.all([...pendingDeliveries]);
    },
    close: async () => {
      webhookEndpoint = null;
      await Promise.all([...pendingDeliveries]);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;
