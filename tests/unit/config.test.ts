import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config.js';

describe('configuration', () => {
  it('runs on embedded defaults with no variables', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 5000, usesEmbeddedDb: true, paymentsMode: 'demo', publicOrigin: 'http://localhost:5000', pendingHoldMinutes: 30, secureCookies: false, rateLimits: true });
    expect(config.dataDir).toMatch(/data$/);
  });

  it('switches to PostgreSQL, Stripe and S3 by variables', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@db:5432/app', STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x', S3_BUCKET: 'logos', PUBLIC_URL: 'https://cup.example.org' });
    expect(config).toMatchObject({ usesEmbeddedDb: false, paymentsMode: 'stripe', s3: { bucket: 'logos' }, secureCookies: true, publicOrigin: 'https://cup.example.org' });
  });

  it('stops with a message naming every bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'nope', PENDING_HOLD_MINUTES: '0' })).toThrowError(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'nope' });
    } catch (error) {
      expect((error as Error).message).toContain('PORT');
      expect((error as Error).message).toContain('DATABASE_URL');
    }
  });

  it('refuses demo payments in production unless asked for explicitly', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrowError(/PAYMENTS/);
    expect(loadConfig({ NODE_ENV: 'production', PAYMENTS: 'demo' }).paymentsMode).toBe('demo');
    expect(() => loadConfig({ PAYMENTS: 'stripe' })).toThrowError(/STRIPE_SECRET_KEY/);
    const stripeKeys = { STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_PUBLISHABLE_KEY: 'pk_live_x' };
    expect(() => loadConfig({ NODE_ENV: 'production', ...stripeKeys })).toThrowError(/STRIPE_WEBHOOK_SECRET/);
    expect(loadConfig({ NODE_ENV: 'production', ...stripeKeys, STRIPE_WEBHOOK_SECRET: 'whsec_x' }).paymentsMode).toBe('stripe');
  });

  it('needs the admin username and password together', () => {
    expect(() => loadConfig({ ADMIN_USERNAME: 'boss' })).toThrowError(/ADMIN_USERNAME and ADMIN_PASSWORD/);
    expect(loadConfig({ ADMIN_USERNAME: 'boss', ADMIN_PASSWORD: 'a long enough secret' }).admin).toEqual({ username: 'boss', password: 'a long enough secret' });
  });
});
