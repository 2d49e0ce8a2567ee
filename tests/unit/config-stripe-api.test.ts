import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';

const stripeKeys = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x' };

describe('STRIPE_API_URL', () => {
  it('points the Stripe SDK at a stand-in of its API outside production', () => {
    expect(loadConfig({ NODE_ENV: 'test', ...stripeKeys, STRIPE_API_URL: 'http://127.0.0.1:12111' }).stripe?.api).toEqual({
      host: '127.0.0.1',
      port: 12111,
      protocol: 'http',
    });
    expect(loadConfig({ ...stripeKeys, STRIPE_API_URL: 'https://stripe-mock.internal' }).stripe?.api).toEqual({
      host: 'stripe-mock.internal',
      port: 443,
      protocol: 'https',
    });
  });

  it('talks to Stripe itself when unset', () => {
    expect(loadConfig(stripeKeys).stripe?.api).toBeNull();
  });

  it('is refused in production, where the secret key must only go to Stripe', () => {
    expect(() =>
      loadConfig({ NODE_ENV: 'production', ...stripeKeys, STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_API_URL: 'http://127.0.0.1:12111' }),
    ).toThrowError("STRIPE_API_URL: only for tests and development (a stand-in of Stripe's API), never in production");
  });
});
