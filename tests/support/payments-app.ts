import { afterAll } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { createDemoPaymentProvider } from '../../src/server/payments/demo.js';
import { createStripeProvider } from '../../src/server/payments/stripe.js';
import { startStripeStandIn, type StripeStandIn } from './stripe-stand-in.js';
import { adminCredentials, createClock, createTestDatabase } from './test-app.js';

/**
 * The app with a chosen payment provider: the demo provider, or the Stripe adapter (the real
 * `stripe` SDK) pointed at a local stand-in of Stripe's API. Closed after the file's tests.
 */
export async function createPaymentsTestApp({ provider = 'demo', env = {} }: { provider?: 'demo' | 'stripe'; env?: Record<string, string> } = {}) {
  const database = await createTestDatabase();
  const clock = createClock();
  let stripe: StripeStandIn | null = null;
  let config;
  let payments;
  if (provider === 'stripe') {
    stripe = await startStripeStandIn();
    config = loadConfig({
      NODE_ENV: 'test',
      PORT: '5000',
      RATE_LIMITS: 'off',
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_PUBLISHABLE_KEY: stripe.publishableKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      ...env,
    });
    payments = createStripeProvider({
      secretKey: stripe.secretKey,
      publishableKey: stripe.publishableKey,
      webhookSecret: stripe.webhookSecret,
      host: stripe.host,
      port: stripe.port,
      protocol: stripe.protocol,
      maxNetworkRetries: 0,
    });
  } else {
    config = loadConfig({ NODE_ENV: 'test', PORT: '5000', RATE_LIMITS: 'off', ...env });
    payments = createDemoPaymentProvider(database.db, clock.now);
  }
  const built = await buildApp({ config, database, now: clock.now, payments });
  await built.services.auth.upsertAdmin(adminCredentials.username, adminCredentials.password);
  afterAll(async () => {
    await built.app.close();
    await database.close();
    await stripe?.close();
  });
  const { app } = built;

  async function login(): Promise<string> {
    const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: adminCredentials });
    if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
    const cookie = response.cookies.find((c) => c.name === 'sid');
    return `sid=${cookie!.value}`;
  }

  return { ...built, database, clock, config, login, stripe };
}

export type PaymentsTestApp = Awaited<ReturnType<typeof createPaymentsTestApp>>;
