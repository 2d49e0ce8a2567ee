import { z } from 'zod';
import { apiErrorSchema, idParamsSchema } from '../schemas/common.js';
import { financeSchema } from '../schemas/finance.js';
import {
  cardErrorSchema,
  demoConfirmRequestSchema,
  demoConfirmResponseSchema,
  paymentCompleteRequestSchema,
  paymentCompleteResponseSchema,
  paymentConflictSchema,
  paymentIntentRequestSchema,
  paymentIntentResponseSchema,
  stripeConfigSchema,
  teamIdParamsSchema,
  webhookReceivedSchema,
} from '../schemas/payment.js';
import { refundQuoteSchema, refundSchema, teamRefundSchema } from '../schemas/refund.js';
import { endpoint } from './endpoint.js';

export const getStripeConfig = endpoint({
  operationId: 'getStripeConfig',
  method: 'GET',
  path: '/api/stripe-config',
  tag: 'payments',
  summary: "The payment provider's public settings for the browser",
  responses: { 200: stripeConfigSchema },
});

export const createPaymentIntent = endpoint({
  operationId: 'createPaymentIntent',
  method: 'POST',
  path: '/api/create-payment-intent',
  tag: 'payments',
  summary: "Start (or reuse) the payment of a team's entry fee",
  body: paymentIntentRequestSchema,
  responses: { 200: paymentIntentResponseSchema },
});

export const completePayment = endpoint({
  operationId: 'completePayment',
  method: 'PATCH',
  path: '/api/teams/:teamId/payment-complete',
  tag: 'teams',
  summary: "Ask the provider whether a team's payment went through, and admit the team if so",
  params: teamIdParamsSchema,
  body: paymentCompleteRequestSchema,
  responses: { 200: paymentCompleteResponseSchema, 409: paymentConflictSchema },
});

// Only with the demo provider.
export const confirmDemoPayment = endpoint({
  operationId: 'confirmDemoPayment',
  method: 'POST',
  path: '/api/demo-payments/confirm',
  tag: 'payments',
  summary: "Pay with the demo provider's test card (demo mode only)",
  body: demoConfirmRequestSchema,
  responses: { 200: demoConfirmResponseSchema, 402: cardErrorSchema, 409: paymentConflictSchema },
});

export const receiveStripeWebhook = endpoint({
  operationId: 'receiveStripeWebhook',
  method: 'POST',
  path: '/api/webhooks/stripe',
  tag: 'payments',
  summary: "Stripe's events, signed (the raw body is checked against Stripe-Signature)",
  responses: { 200: webhookReceivedSchema, 400: apiErrorSchema },
});

export const getFinance = endpoint({
  operationId: 'getFinance',
  method: 'GET',
  path: '/api/tournaments/:id/finance',
  tag: 'tournaments',
  summary: "A tournament's money: fees taken, refunds, fees kept",
  params: idParamsSchema,
  responses: { 200: financeSchema },
});

export const getRefundQuote = endpoint({
  operationId: 'getRefundQuote',
  method: 'GET',
  path: '/api/teams/:id/refund-quote',
  tag: 'teams',
  summary: 'What a refund to a team would be under the refund policy',
  params: idParamsSchema,
  responses: { 200: refundQuoteSchema },
});

export const refundTeam = endpoint({
  operationId: 'refundTeam',
  method: 'POST',
  path: '/api/teams/:id/refund',
  tag: 'teams',
  summary: 'Refund a team',
  params: idParamsSchema,
  body: teamRefundSchema,
  responses: { 200: refundSchema },
});

export const listRefunds = endpoint({
  operationId: 'listRefunds',
  method: 'GET',
  path: '/api/tournaments/:id/refunds',
  tag: 'tournaments',
  summary: "A tournament's refunds",
  params: idParamsSchema,
  responses: { 200: z.array(refundSchema) },
});
