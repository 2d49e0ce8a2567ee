import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { paymentEvents, teams } from '../../src/server/db/schema.js';
import { createOpenTournament, registerTeam, teamPayload, tournamentInput } from '../support/factories.js';
import { createPaymentsTestApp, type PaymentsTestApp } from '../support/payments-app.js';
import type { StripeStandIn } from '../support/stripe-stand-in.js';
import type { TestApp } from '../support/test-app.js';

let t: PaymentsTestApp;
let stripe: StripeStandIn;
let cookie: string;

beforeAll(async () => {
  t = await createPaymentsTestApp({ provider: 'stripe' });
  stripe = t.stripe!;
  cookie = await t.login();
});

// Whatever a test did, each tournament's counter of held spots equals its teams holding one.
afterEach(async () => expect(await t.services.teams.checkHeldSpots()).toEqual([]));

const asTestApp = () => t as unknown as TestApp;

async function openTournament(overrides: Parameters<typeof createOpenTournament>[2] = {}) {
  return createOpenTournament(asTestApp(), cookie, overrides);
}

type Team = { id: string; owner: string };

const register = (tournamentId: string) => registerTeam(t.app, tournamentId);

/** As the team's own browser: its owner cookie comes along. */
async function createIntent(tournamentId: string, team: Team, extra: Record<string, unknown> = {}) {
  return t.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: { cookie: team.owner }, payload: { tournamentId, teamId: team.id, ...extra } });
}

async function complete(team: Team, payload?: Record<string, unknown>) {
  return t.app.inject({ method: 'PATCH', url: `/api/teams/${team.id}/payment-complete`, headers: { cookie: team.owner }, payload });
}

const intentIdOf = (clientSecret: string) => clientSecret.split('_secret_')[0];

async function teamRow(id: string) {
  const [row] = await t.database.db.select().from(teams).where(eq(teams.id, id));
  return row;
}

async function updateTournament(id: string, overrides: Parameters<typeof tournamentInput>[0]) {
  return t.app.inject({ method: 'PUT', url: `/api/tournaments/${id}`, headers: { cookie }, payload: tournamentInput(overrides) });
}

const cancelRequests = (intentId: string) => stripe.requests.filter((r) => r.method === 'POST' && r.path === `/v1/payment_intents/${intentId}/cancel`);
const refundRequests = (intentId: string) => stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds' && r.params.payment_intent === intentId);

async function deliver(delivery: { payload: string; headers: Record<string, string> }) {
  return t.app.inject({ method: 'POST', url: '/api/webhooks/stripe', headers: delivery.headers, payload: delivery.payload });
}

describe('Stripe payments through the real SDK and a local stand-in of Stripe', () => {
  it('tells the browser the publishable key and mode', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/stripe-config' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ publishableKey: stripe.publishableKey, mode: 'stripe' });
  });

  it("charges the tournament's entry fee in its currency, never an amount from the client", async () => {
    const tournament = await openTournament({ name: 'Euro Cup', entryFee: '37.50', currency: 'EUR' });
    const team = await register(tournament.id);
    const response = await createIntent(tournament.id, team, { amount: 1, currency: 'usd' });
    expect(response.statusCode, response.body).toBe(200);
    const { clientSecret } = response.json();
    const create = stripe.requests.find((r) => r.method === 'POST' && r.path === '/v1/payment_intents' && (r.params.metadata as Record<string, string>)?.teamId === team.id)!;
    expect(create.params).toMatchObject({
      amount: '3750',
      currency: 'eur',
      automatic_payment_methods: { enabled: 'true' },
      metadata: { teamId: team.id, tournamentId: tournament.id },
    });
    expect(create.idempotencyKey).toContain(team.id);
    expect(create.authorization).toBe(`Bearer ${stripe.secretKey}`);
    expect(stripe.intents.get(intentIdOf(clientSecret))).toMatchObject({ amount: 3750, currency: 'eur' });
  });

  it('reuses one PaymentIntent for repeated and concurrent calls for one team', async () => {
    const tournament = await openTournament({ name: 'Reuse Cup' });
    const team = await register(tournament.id);
    const before = stripe.intents.size;
    const answers = await Promise.all([1, 2, 3].map(() => createIntent(tournament.id, team)));
    const again = await createIntent(tournament.id, team);
    const secrets = new Set([...answers, again].map((r) => r.json().clientSecret));
    expect(secrets.size).toBe(1);
    expect(stripe.intents.size).toBe(before + 1);
    expect((await teamRow(team.id)).paymentRef).toBe(intentIdOf([...secrets][0]));
  });

  it('refuses intents for a team of another tournament, a paid team, a lapsed hold or a free tournament', async () => {
    const first = await openTournament({ name: 'First Cup' });
    const teamOfFirst = await register(first.id);
    const second = await openTournament({ name: 'Second Cup' });
    const wrongTournament = await createIntent(second.id, teamOfFirst);
    expect(wrongTournament.statusCode).toBe(409);

    const unknownTeam = await createIntent(second.id, { id: '00000000-0000-4000-8000-000000000000', owner: teamOfFirst.owner });
    expect(unknownTeam.statusCode).toBe(404);

    const teamOfSecond = await register(second.id);
    const { clientSecret } = (await createIntent(second.id, teamOfSecond)).json();
    stripe.confirm(intentIdOf(clientSecret));
    expect((await complete(teamOfSecond)).statusCode).toBe(200);
    const paid = await createIntent(second.id, teamOfSecond);
    expect(paid.statusCode).toBe(409);
    expect(paid.json().error).toBe('This team has already paid its entry fee');

    const free = await openTournament({ name: 'Free Cup', entryFee: '0' });
    const freeTeam = await register(free.id);
    expect((await createIntent(free.id, freeTeam)).statusCode).toBe(409);
  });

  it('records payment-complete only from what Stripe says, and refuses an unpaid or foreign PaymentIntent', async () => {
    const tournament = await openTournament({ name: 'Complete Cup', entryFee: '25.00' });
    const teamA = await register(tournament.id);
    const teamB = await register(tournament.id);
    const secretA = (await createIntent(tournament.id, teamA)).json().clientSecret as string;
    const secretB = (await createIntent(tournament.id, teamB)).json().clientSecret as string;

    const notStarted = await complete(await register(tournament.id));
    expect(notStarted.statusCode).toBe(409);

    const unpaid = await complete(teamA);
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json().error).toMatch(/has not succeeded/);
    expect((await teamRow(teamA.id)).paymentStatus).toBe('pending');

    stripe.confirm(intentIdOf(secretA));
    // Team B claims team A's payment as its own.
    const foreign = await complete(teamB, { paymentIntentId: intentIdOf(secretA) });
    expect(foreign.statusCode).toBe(409);
    expect(foreign.json().error).toBe('This payment belongs to another team');
    expect((await teamRow(teamB.id)).paymentStatus).toBe('pending');

    const done = await complete(teamA);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ paymentStatus: 'completed' });
    const row = await teamRow(teamA.id);
    expect(row).toMatchObject({ paymentStatus: 'completed', amountPaid: 2500, currency: 'USD', paymentRef: intentIdOf(secretA) });
    expect(row.paidAt).toBeInstanceOf(Date);
    const repeat = await complete(teamA);
    expect(repeat.json()).toEqual({ paymentStatus: 'completed' });
    expect((await teamRow(teamA.id)).paidAt).toEqual(row.paidAt);

    // A declined attempt is recorded as failed; the team keeps its spot and can retry.
    expect(stripe.confirm(intentIdOf(secretB), 'pm_card_chargeDeclined').status).toBe(402);
    const declined = await complete(teamB);
    expect(declined.statusCode).toBe(409);
    expect(declined.json().error).toBe('The payment has not succeeded: Your card was declined.');
    expect((await teamRow(teamB.id)).paymentStatus).toBe('failed');
    expect((await createIntent(tournament.id, teamB)).json().clientSecret).toBe(secretB);
    stripe.confirm(intentIdOf(secretB));
    expect((await complete(teamB)).json()).toEqual({ paymentStatus: 'completed' });
  });

  it("gives the team's payment only to the browser that registered it, and a stranger changes nothing", async () => {
    const tournament = await openTournament({ name: 'Owner Cup' });
    const registered = await t.app.inject({ method: 'POST', url: '/api/teams', payload: teamPayload(tournament.id) });
    const { id } = registered.json() as { id: string };
    // The owner token travels only in the cookie; the body carries the captain's team link (team-link.test.ts), not the token.
    expect(Object.keys(registered.json()).sort()).toEqual(['holdExpiresAt', 'id', 'manageUrl', 'paymentStatus']);
    const setCookie = registered.cookies.find((c) => c.name === `team_${id}`)!;
    expect(setCookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api', maxAge: 86_400 });
    expect(setCookie.secure).toBeFalsy();
    expect((await teamRow(id)).ownerTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect((await teamRow(id)).ownerTokenHash).not.toContain(setCookie.value);
    const team: Team = { id, owner: `${setCookie.name}=${setCookie.value}` };
    const other = await register(tournament.id);
    const before = await teamRow(team.id);

    for (const cookie of [undefined, other.owner, `team_${team.id}=${'x'.repeat(43)}`, `team_${other.id}=${team.owner.split('=')[1]}`]) {
      const intent = await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: cookie ? { cookie } : {}, payload: { tournamentId: tournament.id, teamId: team.id } });
      expect(intent.statusCode, cookie).toBe(403);
      expect(intent.json().error).toBe('Only the browser that registered this team can pay its entry fee.');
      const completed = await t.app.inject({ method: 'PATCH', url: `/api/teams/${team.id}/payment-complete`, headers: cookie ? { cookie } : {} });
      expect(completed.statusCode, cookie).toBe(403);
    }
    expect(await teamRow(team.id)).toEqual(before);

    const secret = (await createIntent(tournament.id, team)).json().clientSecret as string;
    // Even a declined card on the real payment, recorded by a stranger's payment-complete, leaves the team as it was.
    stripe.confirm(intentIdOf(secret), 'pm_card_chargeDeclined');
    expect((await t.app.inject({ method: 'PATCH', url: `/api/teams/${team.id}/payment-complete`, headers: { cookie: other.owner } })).statusCode).toBe(403);
    expect((await teamRow(team.id)).paymentStatus).toBe('pending');
    const publicStatus = async () => ((await t.app.inject({ method: 'GET', url: `/api/tournaments/${tournament.id}/teams` })).json() as { id: string; paymentStatus: string }[]).find((x) => x.id === team.id)?.paymentStatus;
    expect(await publicStatus()).toBe('pending');

    stripe.confirm(intentIdOf(secret));
    expect((await complete(team)).json()).toEqual({ paymentStatus: 'completed' });
  });

  it('cancels unpaid payments when the organizer changes the fee, so the next attempt pays the new fee', async () => {
    const tournament = await openTournament({ name: 'Fee Raise Cup', entryFee: '25.00' });
    const team = await register(tournament.id);
    const oldId = intentIdOf((await createIntent(tournament.id, team)).json().clientSecret);
    const paid = await register(tournament.id);
    const paidId = intentIdOf((await createIntent(tournament.id, paid)).json().clientSecret);
    stripe.confirm(paidId);
    expect((await complete(paid)).json()).toEqual({ paymentStatus: 'completed' });

    // A change that leaves the fee alone cancels nothing.
    expect((await updateTournament(tournament.id, { name: 'Fee Raise Cup', entryFee: '25' })).statusCode).toBe(200);
    expect(cancelRequests(oldId)).toHaveLength(0);

    expect((await updateTournament(tournament.id, { name: 'Fee Raise Cup', entryFee: '50.00' })).statusCode).toBe(200);
    expect(cancelRequests(oldId).map((r) => r.idempotencyKey)).toEqual([`cancel:${oldId}`]);
    expect(stripe.intents.get(oldId)!.status).toBe('canceled');
    // The old client secret can no longer be paid.
    expect(stripe.confirm(oldId).status).toBe(400);

    const next = intentIdOf((await createIntent(tournament.id, team)).json().clientSecret);
    expect(next).not.toBe(oldId);
    expect(stripe.intents.get(next)).toMatchObject({ amount: 5000, currency: 'usd' });
    expect((await teamRow(team.id)).paymentRef).toBe(next);
    stripe.confirm(next);
    expect((await complete(team)).json()).toEqual({ paymentStatus: 'completed' });
    expect(await teamRow(team.id)).toMatchObject({ amountPaid: 5000, currency: 'USD' });
    // A team that had paid the old fee keeps its place, and nothing of it was cancelled or refunded.
    expect(await teamRow(paid.id)).toMatchObject({ paymentStatus: 'completed', amountPaid: 2500 });
    expect(cancelRequests(paidId)).toHaveLength(0);
    expect(refundRequests(paidId)).toHaveLength(0);

    // The fee going back to 25.00 never revives the cancelled payment.
    const third = await register(tournament.id);
    const thirdOld = intentIdOf((await createIntent(tournament.id, third)).json().clientSecret);
    await updateTournament(tournament.id, { name: 'Fee Raise Cup', entryFee: '25.00' });
    expect(stripe.intents.get(thirdOld)!.status).toBe('canceled');
    await updateTournament(tournament.id, { name: 'Fee Raise Cup', entryFee: '50.00' });
    const thirdNext = intentIdOf((await createIntent(tournament.id, third)).json().clientSecret);
    expect(stripe.intents.get(thirdNext)).toMatchObject({ amount: 5000, status: 'requires_payment_method' });
  });

  it('refunds in full, and never admits, a payment for the old fee that still succeeds; the captain pays again', async () => {
    const tournament = await openTournament({ name: 'Stale Fee Cup', entryFee: '25.00' });
    const team = await register(tournament.id);
    const oldId = intentIdOf((await createIntent(tournament.id, team)).json().clientSecret);
    // Stripe does not answer the cancellation: the organizer's change stands all the same.
    stripe.failNext(1, `/v1/payment_intents/${oldId}/cancel`);
    expect((await updateTournament(tournament.id, { name: 'Stale Fee Cup', entryFee: '50.00' })).statusCode).toBe(200);
    expect(stripe.intents.get(oldId)!.status).toBe('requires_payment_method');

    stripe.confirm(oldId);
    // Stripe's events may come in any order, and twice: the refund is asked for once per payment, the team is left pending.
    const succeeded = stripe.eventsFor('payment_intent.succeeded', oldId)[0];
    expect((await deliver(stripe.sign(succeeded))).statusCode).toBe(200);
    expect(refundRequests(oldId).map((r) => r.idempotencyKey)).toEqual([`refund:${oldId}`]);
    const refunded = stripe.eventsFor('charge.refunded', oldId)[0];
    expect((await deliver(stripe.sign(refunded))).statusCode).toBe(200);
    expect((await deliver(stripe.sign({ ...succeeded, id: `${succeeded.id}_again` }))).statusCode).toBe(200);

    const answer = await complete(team);
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toEqual({ error: 'The entry fee changed to 50.00 USD. Your payment of 25.00 USD is being refunded; please pay again.', code: 'fee_changed' });
    expect(refundRequests(oldId)).toHaveLength(1);
    expect(stripe.eventsFor('charge.refunded', oldId)).toHaveLength(1);
    const row = await teamRow(team.id);
    expect(row).toMatchObject({ paymentStatus: 'pending', amountPaid: null, releasedAt: null, paymentRef: oldId });
    expect((await t.app.inject({ method: 'GET', url: `/api/tournaments/${tournament.id}/capacity` })).json().registered).toBe(1);

    const next = intentIdOf((await createIntent(tournament.id, team)).json().clientSecret);
    expect(stripe.intents.get(next)).toMatchObject({ amount: 5000 });
    stripe.confirm(next);
    expect((await complete(team)).json()).toEqual({ paymentStatus: 'completed' });
    expect(await teamRow(team.id)).toMatchObject({ paymentStatus: 'completed', amountPaid: 5000, paymentRef: next });
    expect(refundRequests(next)).toHaveLength(0);

    // The old payment's refund is not the new payment's: all of the new one is left to refund, and a cancellation sends it.
    const quote = await t.app.inject({ method: 'GET', url: `/api/teams/${team.id}/refund-quote`, headers: { cookie } });
    expect(quote.json().left).toBe('50.00');
    const cancelled = await t.app.inject({ method: 'POST', url: `/api/tournaments/${tournament.id}/cancel`, headers: { cookie }, payload: { reason: 'Stale fee check' } });
    expect(cancelled.json().refunds).toMatchObject([{ teamId: team.id, amount: 5000, status: 'succeeded' }]);
    expect(refundRequests(next)).toHaveLength(1);
  });

  it('refunds a payment for the old currency, and refunds rather than re-admits one that comes after the hold', async () => {
    const tournament = await openTournament({ name: 'Currency Cup', entryFee: '25.00', currency: 'USD' });
    const team = await register(tournament.id);
    const oldId = intentIdOf((await createIntent(tournament.id, team)).json().clientSecret);
    stripe.failNext(1, `/v1/payment_intents/${oldId}/cancel`);
    await updateTournament(tournament.id, { name: 'Currency Cup', entryFee: '25.00', currency: 'EUR' });
    stripe.confirm(oldId);
    const answer = await complete(team);
    expect(answer.json().error).toBe('The entry fee changed to 25.00 EUR. Your payment of 25.00 USD is being refunded; please pay again.');
    expect(refundRequests(oldId)).toHaveLength(1);

    const late = await register(tournament.id);
    const lateId = intentIdOf((await createIntent(tournament.id, late)).json().clientSecret);
    stripe.failNext(1, `/v1/payment_intents/${lateId}/cancel`);
    await updateTournament(tournament.id, { name: 'Currency Cup', entryFee: '30.00', currency: 'EUR' });
    t.clock.advance(31 * 60_000);
    stripe.confirm(lateId);
    expect((await complete(late)).json()).toEqual({ paymentStatus: 'refunded' });
    expect(await teamRow(late.id)).toMatchObject({ paymentStatus: 'refunded' });
    expect(refundRequests(lateId)).toHaveLength(1);
  });

  it('applies a correctly signed webhook once, even when it is delivered twice', async () => {
    const tournament = await openTournament({ name: 'Webhook Cup' });
    const team = await register(tournament.id);
    const secret = (await createIntent(tournament.id, team)).json().clientSecret as string;
    const intentId = intentIdOf(secret);
    stripe.confirm(intentId);
    const [event] = stripe.eventsFor('payment_intent.succeeded', intentId);
    const retrievesBefore = stripe.requests.filter((r) => r.method === 'GET' && r.path === `/v1/payment_intents/${intentId}`).length;

    const first = await deliver(stripe.sign(event));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: true });
    const afterFirst = await teamRow(team.id);
    expect(afterFirst).toMatchObject({ paymentStatus: 'completed', amountPaid: 5000 });

    const second = await deliver(stripe.sign(event));
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ received: true, duplicate: true });
    expect(await teamRow(team.id)).toEqual(afterFirst);
    expect(await t.database.db.select().from(paymentEvents).where(eq(paymentEvents.id, event.id))).toHaveLength(1);
    // The state was fetched from Stripe once, for the one delivery that was applied.
    expect(stripe.requests.filter((r) => r.method === 'GET' && r.path === `/v1/payment_intents/${intentId}`).length).toBe(retrievesBefore + 1);

    const capacity = (await t.app.inject({ method: 'GET', url: `/api/tournaments/${tournament.id}/capacity` })).json();
    expect(capacity.registered).toBe(1);
  });

  it('refuses a badly signed webhook with 400 and changes nothing', async () => {
    const tournament = await openTournament({ name: 'Forgery Cup' });
    const team = await register(tournament.id);
    const intentId = intentIdOf((await createIntent(tournament.id, team)).json().clientSecret);
    stripe.confirm(intentId);
    const [event] = stripe.eventsFor('payment_intent.succeeded', intentId);
    const before = await teamRow(team.id);

    const wrongSecret = await deliver(stripe.sign(event, 'whsec_not_ours'));
    expect(wrongSecret.statusCode).toBe(400);
    const signed = stripe.sign(event);
    const tampered = await deliver({ headers: signed.headers, payload: signed.payload.replace('"livemode":false', '"livemode":true') });
    expect(tampered.statusCode).toBe(400);
    const unsigned = await t.app.inject({ method: 'POST', url: '/api/webhooks/stripe', headers: { 'content-type': 'application/json' }, payload: signed.payload });
    expect(unsigned.statusCode).toBe(400);

    expect(await teamRow(team.id)).toEqual(before);
    expect(await t.database.db.select().from(paymentEvents).where(eq(paymentEvents.id, event.id))).toHaveLength(0);
  });

  it("trusts Stripe's current state over the event payload", async () => {
    const tournament = await openTournament({ name: 'Trust Cup' });
    const team = await register(tournament.id);
    const intentId = intentIdOf((await createIntent(tournament.id, team)).json().clientSecret);
    // A correctly signed event claiming success for a PaymentIntent that has not succeeded.
    const intent = stripe.intents.get(intentId)!;
    const claim = { id: 'evt_claim', object: 'event' as const, type: 'payment_intent.succeeded', created: 0, livemode: false as const, api_version: '2025-01-01', data: { object: { ...intent, status: 'succeeded' } } };
    expect((await deliver(stripe.sign(claim))).statusCode).toBe(200);
    expect((await teamRow(team.id)).paymentStatus).toBe('pending');
  });

  it('marks a declined payment failed and a refunded one refunded, giving its spot back', async () => {
    const tournament = await openTournament({ name: 'Refund Cup' });
    const team = await register(tournament.id);
    const intentId = intentIdOf((await createIntent(tournament.id, team)).json().clientSecret);
    stripe.confirm(intentId, 'pm_card_chargeDeclined');
    expect((await deliver(stripe.sign(stripe.eventsFor('payment_intent.payment_failed', intentId)[0]))).statusCode).toBe(200);
    expect((await teamRow(team.id)).paymentStatus).toBe('failed');

    stripe.confirm(intentId);
    expect((await deliver(stripe.sign(stripe.eventsFor('payment_intent.succeeded', intentId)[0]))).statusCode).toBe(200);
    expect((await teamRow(team.id)).paymentStatus).toBe('completed');

    // The organizer refunds from Stripe's dashboard.
    await fetch(`http://${stripe.host}:${stripe.port}/v1/refunds`, {
      method: 'POST',
      headers: { authorization: `Bearer ${stripe.secretKey}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: `payment_intent=${intentId}`,
    });
    expect((await deliver(stripe.sign(stripe.eventsFor('charge.refunded', intentId)[0]))).statusCode).toBe(200);
    const row = await teamRow(team.id);
    expect(row.paymentStatus).toBe('refunded');
    expect(row.releasedAt).not.toBeNull();
    const capacity = (await t.app.inject({ method: 'GET', url: `/api/tournaments/${tournament.id}/capacity` })).json();
    expect(capacity.registered).toBe(0);
  });

  it('acknowledges event types it does not handle without recording them', async () => {
    const event = { id: 'evt_other', object: 'event' as const, type: 'customer.created', created: 0, livemode: false as const, api_version: '2025-01-01', data: { object: { id: 'cus_1', object: 'customer' } } };
    const response = await deliver(stripe.sign(event));
    expect(response.json()).toEqual({ received: true, ignored: true });
    expect(await t.database.db.select().from(paymentEvents).where(eq(paymentEvents.id, 'evt_other'))).toHaveLength(0);
  });

  it('answers 503 when Stripe does not answer, and a later try works', async () => {
    const tournament = await openTournament({ name: 'Outage Cup' });
    const team = await register(tournament.id);
    stripe.failNext(1);
    const down = await createIntent(tournament.id, team);
    expect(down.statusCode).toBe(503);
    expect((await createIntent(tournament.id, team)).statusCode).toBe(200);
  });
});

describe('the owner cookie behind HTTPS', () => {
  let secure: PaymentsTestApp;
  beforeAll(async () => {
    secure = await createPaymentsTestApp({ provider: 'demo', env: { SESSION_SECURE_COOKIE: 'true' } });
  });

  it('is Secure when the session cookie is', async () => {
    const tournament = await createOpenTournament(secure as unknown as TestApp, await secure.login(), { name: 'Secure Cup' });
    const registered = await secure.app.inject({ method: 'POST', url: '/api/teams', payload: teamPayload(tournament.id) });
    expect(registered.cookies.find((c) => c.name === `team_${registered.json().id}`)).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Strict', path: '/api' });
  });
});
