import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { systemActor } from '../../src/server/audit/log.js';
import { demoPayments, refunds, teams } from '../../src/server/db/schema.js';
import { tournamentInputSchema } from '../../src/shared/schemas/tournament.js';
import { createOpenTournament, registerPaidTeam, registerTeam, tournamentInput } from '../support/factories.js';
import { createPaymentsTestApp, type PaymentsTestApp } from '../support/payments-app.js';
import type { TestApp } from '../support/test-app.js';

let t: PaymentsTestApp;
let cookie: string;

beforeAll(async () => {
  t = await createPaymentsTestApp({ provider: 'demo' });
  cookie = await t.login();
});

// Whatever a test did, each tournament's counter of held spots equals its teams holding one.
afterEach(async () => expect(await t.services.teams.checkHeldSpots()).toEqual([]));

const card = (cardNumber: string, extra: Partial<{ expiry: string; cvc: string }> = {}) => ({ cardNumber, expiry: '12 / 34', cvc: '123', ...extra });

type Team = { id: string; owner: string };

/** As the team's own browser: its owner cookie comes along. */
async function createIntent(tournamentId: string, team: Team) {
  return t.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: { cookie: team.owner }, payload: { tournamentId, teamId: team.id } });
}

async function markComplete(team: Team) {
  return t.app.inject({ method: 'PATCH', url: `/api/teams/${team.id}/payment-complete`, headers: { cookie: team.owner } });
}

async function registerAndStart(name: string, overrides: Record<string, unknown> = {}) {
  const tournament = await createOpenTournament(t as unknown as TestApp, cookie, { name, ...overrides });
  const team = await registerTeam(t.app, tournament.id);
  const response = await createIntent(tournament.id, team);
  expect(response.statusCode, response.body).toBe(200);
  return { tournament, team, clientSecret: response.json().clientSecret as string };
}

async function confirm(clientSecret: string, body: ReturnType<typeof card>, owner: string | null) {
  return t.app.inject({ method: 'POST', url: '/api/demo-payments/confirm', headers: owner ? { cookie: owner } : {}, payload: { clientSecret, ...body } });
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
    const again = await createIntent(tournament.id, team);
    expect(again.json().clientSecret).toBe(clientSecret);
    const rows = await t.database.db.select().from(demoPayments).where(eq(demoPayments.teamId, team.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amount: 1234, currency: 'GBP', status: 'requires_payment_method', tournamentId: tournament.id });
    expect((await teamRow(team.id)).paymentRef).toBe(rows[0].id);
  });

  it('declines 4000 0000 0000 0002 with a Stripe-like message, then accepts 4242 4242 4242 4242', async () => {
    const { team, clientSecret } = await registerAndStart('Demo Decline Cup');
    const declined = await confirm(clientSecret, card('4000 0000 0000 0002'), team.owner);
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toEqual({ error: 'Your card was declined.', code: 'card_declined' });
    expect((await teamRow(team.id)).paymentStatus).toBe('failed');
    expect((await markComplete(team)).statusCode).toBe(409);

    const paid = await confirm(clientSecret, card('4242 4242 4242 4242'), team.owner);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'succeeded' });
    const complete = await markComplete(team);
    expect(complete.json()).toEqual({ paymentStatus: 'completed' });
    expect(await teamRow(team.id)).toMatchObject({ paymentStatus: 'completed', amountPaid: 5000, currency: 'USD' });

    const twice = await confirm(clientSecret, card('4242424242424242'), team.owner);
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
      const response = await confirm(clientSecret, body, team.owner);
      expect(response.statusCode, message).toBe(402);
      expect(response.json().error).toBe(message);
    }
    expect((await teamRow(team.id)).paymentStatus).toBe('failed');
    expect((await confirm('demo_pi_unknown_secret_x', card('4242424242424242'), team.owner)).statusCode).toBe(404);
  });

  it('charges a card only for the browser that registered the team: a stranger cannot decline it or pay for it', async () => {
    const { tournament, team, clientSecret } = await registerAndStart('Demo Owner Cup');
    const other = await registerTeam(t.app, tournament.id);
    const before = await teamRow(team.id);
    for (const owner of [null, other.owner]) {
      for (const number of ['4000 0000 0000 0002', '4242 4242 4242 4242']) {
        const response = await confirm(clientSecret, card(number), owner);
        expect(response.statusCode).toBe(403);
        expect(response.json().error).toBe('Only the browser that registered this team can pay its entry fee.');
      }
    }
    expect(await teamRow(team.id)).toEqual(before);
    const [ledger] = await t.database.db.select().from(demoPayments).where(eq(demoPayments.teamId, team.id));
    expect(ledger).toMatchObject({ status: 'requires_payment_method', lastError: null });

    expect((await confirm(clientSecret, card('4242 4242 4242 4242'), team.owner)).statusCode).toBe(200);
    expect((await markComplete(team)).json()).toEqual({ paymentStatus: 'completed' });
  });

  it('cancels the unpaid payment when the fee or currency changes; the next attempt pays the new fee', async () => {
    const { tournament, team, clientSecret } = await registerAndStart('Demo Fee Cup', { entryFee: '25.00', currency: 'USD' });
    const changed = await t.app.inject({ method: 'PUT', url: `/api/tournaments/${tournament.id}`, headers: { cookie }, payload: tournamentInput({ name: 'Demo Fee Cup', entryFee: '25.00', currency: 'EUR' }) });
    expect(changed.statusCode).toBe(200);
    const [old] = await t.database.db.select().from(demoPayments).where(eq(demoPayments.clientSecret, clientSecret));
    expect(old.status).toBe('canceled');
    const before = await teamRow(team.id);
    const stale = await confirm(clientSecret, card('4242 4242 4242 4242'), team.owner);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ error: 'This payment was canceled because the entry fee changed. Nothing was charged.', code: 'payment_canceled' });
    expect(await teamRow(team.id)).toEqual(before);

    const next = (await createIntent(tournament.id, team)).json().clientSecret as string;
    expect(next).not.toBe(clientSecret);
    const [row] = await t.database.db.select().from(demoPayments).where(eq(demoPayments.clientSecret, next));
    expect(row).toMatchObject({ amount: 2500, currency: 'EUR', status: 'requires_payment_method' });
    expect((await confirm(next, card('4242 4242 4242 4242'), team.owner)).statusCode).toBe(200);
    expect((await markComplete(team)).json()).toEqual({ paymentStatus: 'completed' });
    expect(await teamRow(team.id)).toMatchObject({ amountPaid: 2500, currency: 'EUR' });
  });

  it('refunds in full, and never admits, a payment for the old fee that still succeeds; the captain pays again', async () => {
    const { tournament, team, clientSecret } = await registerAndStart('Demo Stale Cup', { entryFee: '25.00' });
    // The fee changes without the cancellation reaching the payment (as when the provider was down).
    await t.services.tournaments.update(tournament.id, tournamentInputSchema.parse(tournamentInput({ name: 'Demo Stale Cup', entryFee: '50.00' })), systemActor('test'));
    expect((await confirm(clientSecret, card('4242 4242 4242 4242'), team.owner)).statusCode).toBe(200);
    const [old] = await t.database.db.select().from(demoPayments).where(eq(demoPayments.clientSecret, clientSecret));
    expect(old).toMatchObject({ status: 'succeeded', amount: 2500, amountRefunded: 2500 });
    for (let i = 0; i < 2; i++) {
      const answer = await markComplete(team);
      expect(answer.statusCode).toBe(409);
      expect(answer.json()).toEqual({ error: 'The entry fee changed to 50.00 USD. Your payment of 25.00 USD is being refunded; please pay again.', code: 'fee_changed' });
    }
    expect(await teamRow(team.id)).toMatchObject({ paymentStatus: 'pending', amountPaid: null, releasedAt: null });
    expect((await t.app.inject({ method: 'GET', url: `/api/tournaments/${tournament.id}/teams` })).json().map((x: { id: string }) => x.id)).toContain(team.id);

    const next = (await createIntent(tournament.id, team)).json().clientSecret as string;
    expect(next).not.toBe(clientSecret);
    expect((await confirm(next, card('4242 4242 4242 4242'), team.owner)).statusCode).toBe(200);
    expect((await markComplete(team)).json()).toEqual({ paymentStatus: 'completed' });
    expect(await teamRow(team.id)).toMatchObject({ paymentStatus: 'completed', amountPaid: 5000 });
    const ledger = await t.database.db.select().from(demoPayments).where(eq(demoPayments.teamId, team.id));
    expect(ledger.map((p) => [p.amount, p.amountRefunded]).sort()).toEqual([
      [2500, 2500],
      [5000, 0],
    ]);
  });

  it('takes the payment of a team that gave up its place as told again: no place back, no refund the policy did not give', async () => {
    const HOUR = 3_600_000;
    // Twelve hours before the start: a withdrawal is refunded nothing; a removal without a refund neither.
    const { tournament } = await registerAndStart('Second Word Cup', {
      registrationCloses: new Date(Date.now() + 11 * HOUR).toISOString(),
      tournamentDate: new Date(Date.now() + 12 * HOUR).toISOString(),
    });
    const withdrawn = await registerPaidTeam(t.app, tournament.id);
    const removed = await registerPaidTeam(t.app, tournament.id);
    expect((await t.app.inject({ method: 'POST', url: `/api/manage/${withdrawn.id}/withdraw`, headers: withdrawn.teamLink })).statusCode).toBe(200);
    const removal = await t.app.inject({ method: 'POST', url: `/api/teams/${removed.id}/remove`, headers: { cookie }, payload: { refund: 'none', reason: 'No-show' } });
    expect(removal.json()).toMatchObject({ status: 'removed', refund: null });

    for (const team of [withdrawn, removed]) {
      // The captain's browser reports the (already recorded) payment again.
      await markComplete(team);
      const [row] = await t.database.db.select().from(teams).where(eq(teams.id, team.id));
      expect(row, team.id).toMatchObject({ paymentStatus: 'removed', amountPaid: 5000, amountRefunded: 0 });
      expect(row.releasedAt).not.toBeNull();
      expect(await t.database.db.select().from(refunds).where(eq(refunds.teamId, team.id))).toEqual([]);
    }
  });

  it('refuses webhooks: the demo provider sends none', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/webhooks/stripe', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' }, payload: '{"id":"evt_1","type":"payment_intent.succeeded"}' });
    expect(response.statusCode).toBe(400);
  });

  it('completes a team at creation when the entry fee is 0, with nothing to pay', async () => {
    const tournament = await createOpenTournament(t as unknown as TestApp, cookie, { name: 'Demo Free Cup', entryFee: '0' });
    const created = await registerTeam(t.app, tournament.id);
    expect((await teamRow(created.id)).paymentStatus).toBe('completed');
    const intent = await createIntent(tournament.id, created);
    expect(intent.statusCode).toBe(409);
  });
});
