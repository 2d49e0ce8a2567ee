import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoPayments, teams } from '../../src/server/db/schema.js';
import { createOpenTournament, teamPayload } from '../support/factories.js';
import { createPaymentsTestApp, type PaymentsTestApp } from '../support/payments-app.js';
import type { TestApp } from '../support/test-app.js';

let t: PaymentsTestApp;
let cookie: string;

beforeAll(async () => {
  t = await createPaymentsTestApp({ provider: 'demo' });
  cookie = await t.login();
});

const card = (cardNumber: string, extra: Partial<{ expiry: string; cvc: string }> = {}) => ({ cardNumber, expiry: '12 / 34', cvc: '123', ...extra });

async function registerAndStart(name: string, overrides: Record<string, unknown> = {}) {
  const tournament = await createOpenTournament(t as unknown as TestApp, cookie, { name, ...overrides });
  const team = (await t.app.inject({ method: 'POST', url: '/api/teams', payload: teamPayload(tournament.id) })).json() as { id: string };
  const response = await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload: { tournamentId: tournament.id, teamId: team.id } });
  expect(response.statusCode, response.body).toBe(200);
  return { tournament, team, clientSecret: response.json().clientSecret as string };
}

async function confirm(clientSecret: string, body: ReturnType<typeof card>) {
  return t.app.inject({ method: 'POST', url: '/api/demo-payments/confirm', payload: { clientSecret, ...body } });
}

async function teamRow(id: string) {
  const [row] = await t.database.db.select().from(teams).where(eq(teams.id, id));
  return row;
}

describe('demo payments', () => {
  it('says it is the demo provider, with no publishable key', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/stripe-config' })).json()).toEqual({ publishableKey: null, mode: 'demo' });
  });

  it('keeps a Stripe-shaped payment in its own ledger and reuses it for the team', async () => {
    const { tournament, team, clientSecret } = await registerAndStart('Demo Ledger Cup', { entryFee: '12.34', currency: 'GBP' });
    expect(clientSecret).toMatch(/^demo_pi_[0-9a-f]+_secret_[0-9a-f]+$/);
    const again = await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload: { tournamentId: tournament.id, teamId: team.id } });
    expect(again.json().clientSecret).toBe(clientSecret);
    const rows = await t.database.db.select().from(demoPayments).where(eq(demoPayments.teamId, team.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amount: 1234, currency: 'GBP', status: 'requires_payment_method', tournamentId: tournament.id });
    expect((await teamRow(team.id)).paymentRef).toBe(rows[0].id);
  });

  it('declines 4000 0000 0000 0002 with a Stripe-like message, then accepts 4242 4242 4242 4242', async () => {
    const { team, clientSecret } = await registerAndStart('Demo Decline Cup');
    const declined = await confirm(clientSecret, card('4000 0000 0000 0002'));
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toEqual({ error: 'Your card was declined.', code: 'card_declined' });
    expect((await teamRow(team.id)).paymentStatus).toBe('failed');
    expect((await t.app.inject({ method: 'PATCH', url: `/api/teams/${team.id}/payment-complete` })).statusCode).toBe(409);

    const paid = await confirm(clientSecret, card('4242 4242 4242 4242'));
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'succeeded' });
    const complete = await t.app.inject({ method: 'PATCH', url: `/api/teams/${team.id}/payment-complete` });
    expect(complete.json()).toEqual({ paymentStatus: 'completed' });
    expect(await teamRow(team.id)).toMatchObject({ paymentStatus: 'completed', amountPaid: 5000, currency: 'USD' });

    const twice = await confirm(clientSecret, card('4242424242424242'));
    expect(twice.statusCode).toBe(409);
  });

  it('checks the card like Stripe does', async () => {
    const { team, clientSecret } = await registerAndStart('Demo Card Cup');
    const cases: [ReturnType<typeof card>, string][] = [
      [card('4242 4242 4242 4241'), 'Your card number is incorrect.'],
      [card('4242 4242 4242 4242', { expiry: '13/30' }), "Your card's expiration date is incomplete."],
      [card('4242 4242 4242 4242', { expiry: '01/20' }), "Your card's expiration year is in the past."],
      [card('4242 4242 4242 4242', { cvc: '1' }), "Your card's security code is incomplete."],
      [card('4000 0000 0000 9995'), 'Your card has insufficient funds.'],
      [card('5555 5555 5555 4444'), 'Your card was declined. Demo payments accept only test cards, such as 4242 4242 4242 4242.'],
    ];
    for (const [body, message] of cases) {
      const response = await confirm(clientSecret, body);
      expect(response.statusCode, message).toBe(402);
      expect(response.json().error).toBe(message);
    }
    expect((await teamRow(team.id)).paymentStatus).toBe('failed');
    expect((await confirm('demo_pi_unknown_secret_x', card('4242424242424242'))).statusCode).toBe(404);
  });

  it('refuses webhooks: the demo provider sends none', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/webhooks/stripe', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' }, payload: '{"id":"evt_1","type":"payment_intent.succeeded"}' });
    expect(response.statusCode).toBe(400);
  });

  it('completes a team at creation when the entry fee is 0, with nothing to pay', async () => {
    const tournament = await createOpenTournament(t as unknown as TestApp, cookie, { name: 'Demo Free Cup', entryFee: '0' });
    const created = (await t.app.inject({ method: 'POST', url: '/api/teams', payload: teamPayload(tournament.id) })).json();
    expect(created.paymentStatus).toBe('completed');
    const intent = await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload: { tournamentId: tournament.id, teamId: created.id } });
    expect(intent.statusCode).toBe(409);
  });
});
