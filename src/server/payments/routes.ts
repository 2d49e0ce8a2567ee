import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DemoCardError, DemoPaymentCanceledError } from './demo.js';
import { FeeChangedError } from './fee.js';
import { WebhookSignatureError } from './provider.js';
import { feeChangedCode, paymentCanceledCode } from '../../shared/schemas/payment.js';
import { publicWriteLimits } from '../http/public-write-limits.js';
import type { PaymentService } from './service.js';
import { ownerProofOf } from '../teams/team-owner.js';
import { endpoints } from '../../shared/api/index.js';
import { contractRoute } from '../http/contract-routes.js';

export const paymentRoutes: FastifyPluginAsyncZod<{ payments: PaymentService; mode: 'stripe' | 'demo' }> = async (app, { payments, mode }) => {
  contractRoute(app, endpoints.getStripeConfig, async () => payments.providerConfig());

  contractRoute(app, endpoints.createPaymentIntent, { config: { rateLimit: publicWriteLimits.paymentIntent } }, async (request) => payments.createPaymentIntent(request.body, ownerProofOf(request)));

  // Each call asks the provider: limited per address like payment creation, so nobody can spend our Stripe API budget.
  contractRoute(app, endpoints.completePayment, { config: { rateLimit: publicWriteLimits.paymentIntent } }, async (request, reply) => {
      try {
        return await payments.completePayment(request.params.teamId, request.body?.paymentIntentId, ownerProofOf(request));
      } catch (error) {
        // Its own code, so the wizard knows to start a payment for the new fee rather than give up.
        if (error instanceof FeeChangedError) return reply.status(409).send({ error: error.message, code: feeChangedCode });
        throw error;
      }
    });

  if (mode === 'demo') {
    contractRoute(app, endpoints.confirmDemoPayment, { config: { rateLimit: publicWriteLimits.paymentIntent } }, async (request, reply) => {
        try {
          return await payments.confirmDemoPayment(request.body.clientSecret, request.body, ownerProofOf(request));
        } catch (error) {
          // Card errors answer like Stripe's API: 402 with the message to show the captain.
          if (error instanceof DemoCardError) return reply.status(402).send({ error: error.message, code: error.code });
          if (error instanceof DemoPaymentCanceledError) return reply.status(409).send({ error: error.message, code: paymentCanceledCode });
          throw error;
        }
      });
  }

  await app.register(webhookRoutes, { payments });
};

/** Its own plugin: the webhook needs the raw bytes the signature was computed over, not parsed JSON. */
const webhookRoutes: FastifyPluginAsyncZod<{ payments: PaymentService }> = async (app, { payments }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) => done(null, body));

  contractRoute(app, endpoints.receiveStripeWebhook, async (request, reply) => {
    const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const signature = request.headers['stripe-signature'];
    try {
      return await payments.handleWebhook(rawBody, typeof signature === 'string' ? signature : undefined);
    } catch (error) {
      if (error instanceof WebhookSignatureError) {
        request.log.warn({ reason: error.message }, 'webhook refused');
        return reply.status(400).send({ error: 'Webhook signature verification failed' });
      }
      throw error;
    }
  });
};
