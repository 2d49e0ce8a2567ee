import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { refunds as refundRows, teams } from '../../src/server/db/schema.js';
import { createOpenTournament, registerTeam, teamPayload } from '../support/factories.js';
import { createPaymentsTestApp, type PaymentsTestApp } from '../support/payments-app.js';
import type { StripeStandIn } from '../support/stripe-stand-in.js';
import type { TestApp } from '../support/test-app.js';

let t: PaymentsTestApp;
let stripe: StripeStandIn;
let cookie: string;

const HOLD_MS = 30 * 60_000;

beforeAll(async () => {
  t = await createPaymentsTestApp({ provider: 'stripe' });
  stripe = t.stripe!;
  cookie = await t.login();
});

// Whatever a test did, each tournament's counter of held spots equals its teams holding one.
afterEach(async () => expect(await t.services.teams.checkHeldSpots()).toEqual([]));

type Team = { id: string; owner: string };

const register = (tournamentId: string, overrides: Parameters<typeof teamPayload>[1] = {}) => registerTeam(t.app, tournamentId, overrides);

/** As the team's own browser: its owner cookie comes along. */
const createIntent = (tournamentId: string, team: Team) =>
  t.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: { cookie: team.owner }, payload: { tournamentId, teamId: team.id } });

const markComplete = (team: Team) => t.app.inject({ method: 'PATCH', url: `/api/teams/${team.id}/payment-complete`, headers: { cookie: team.owner } });

async function startPayment(tournamentId: string, team: Team): Promise<string> {
  const response = await createIntent(tournamentId, team);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().clientSecret as string).split('_secret_')[0];
}

async function deliverSucceeded(intentId: string) {
  const [event] = stripe.eventsFor('payment_intent.succeeded', intentId);
  const delivery = stripe.sign(event);
  return t.app.inject({ method: 'POST', url: '/api/webhooks/stripe', headers: delivery.headers, payload: delivery.payload });
}

async function teamRow(id: string) {
  const [row] = await t.database.db.select().from(teams).where(eq(teams.id, id));
  return row;
}

async function capacity(tournamentId: string) {
  return (await t.app.inject({ method: 'GET', url: `/api/tournaments/${tournamentId}/capacity` })).json() as { registered: number; spotsLeft: number };
}

async function listed(tournamentId: string): Promise<string[]> {
  return ((await t.app.inject({ method: 'GET', url: `/api/tournaments/${tournamentId}/teams` })).json() as { id: string }[]).map((x) => x.id);
}

const refundRequests = (intentId: string) => stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds' && r.params.payment_intent === intentId);

describe('payment holds', () => {
  it('releases an expired hold: the spot comes back and the team can no longer start a payment', async () => {
    const tournament = await createOpenTournament(t as unknown as TestApp, cookie, { name: 'Lapse Cup', maxTeams: 4 });
    const team = await register(tournament.id);
    expect((await capacity(tournament.id)).registered).toBe(1);
    t.clock.advance(HOLD_MS + 1000);
    expect((await capacity(tournament.id)).registered).toBe(0);
    expect(await t.services.payments.sweepExpiredHolds()).toBeGreaterThanOrEqual(1);
    expect(await teamRow(team.id)).toMatchObject({ paymentStatus: 'expired' });
    const late = await createIntent(tournament.id, team);
    expect(late.statusCode).toBe(409);
  });

  it('re-admits a payment that succeeds after its hold expired when a spot is free', async () => {
    const tournament = await createOpenTournament(t as unknown as TestApp, cookie, { name: 'Second Chance Cup', maxTeams: 4 });
    const team = await register(tournament.id);
    const intentId = await startPayment(tournament.id, team);
    t.clock.advance(HOLD_MS + 1000);
    await t.services.payments.sweepExpiredHolds();
    expect(await teamRow(team.id)).toMatchObject({ paymentStatus: 'expired' });

    stripe.confirm(intentId);
    expect((await deliverSucceeded(intentId)).statusCode).toBe(200);
    const row = await teamRow(team.id);
    expect(row).toMatchObject({ paymentStatus: 'completed', releasedAt: null, amountPaid: 5000 });
    expect(await listed(tournament.id)).toContain(team.id);
    expect((await capacity(tournament.id)).registered).toBe(1);
    expect(refundRequests(intentId)).toHaveLength(0);
    // Its Riot IDs are held again: nobody else can register them.
    const captain = (await t.app.inject({ method: 'GET', url: `/api/tournaments/${tournament.id}/teams` })).json()[0].captainRiotId as string;
    const copy = await t.app.inject({
      method: 'POST',
      url: '/api/teams',
      payload: teamPayload(tournament.id, { captainRiotId: captain, players: [{ riotId: captain }, { riotId: 'Aa1#X12' }, { riotId: 'Bb1#X12' }, { riotId: 'Cc1#X12' }, { riotId: 'Dd1#X12' }] }),
    });
    expect(copy.statusCode).toBe(409);
  });

  it('refunds a payment that succeeds after its hold expired when the tournament has filled up', async () => {
    const tournament = await createOpenTournament(t as unknown as TestApp, cookie, { name: 'Full House Cup', maxTeams: 4 });
    const late = await register(tournament.id);
    const intentId = await startPayment(tournament.id, late);
    t.clock.advance(HOLD_MS + 1000);
    for (let i = 0; i < 4; i++) await register(tournament.id);
    expect((await capacity(tournament.id)).spotsLeft).toBe(0);

    stripe.confirm(intentId);
    // The first refund attempt fails at Stripe: the event is received and the refund stays requested;
    // the sweep sends it again under the same key.
    stripe.failNext(1, '/v1/refunds');
    expect((await deliverSucceeded(intentId)).statusCode).toBe(200);
    const [stuck] = await t.database.db.select().from(refundRows).where(eq(refundRows.idempotencyKey, `refund:${intentId}`));
    expect(stuck.status).toBe('requested');
    expect(await t.services.payments.refunds.sweep(0)).toBe(1);
    expect((await deliverSucceeded(intentId)).statusCode).toBe(200);

    expect(await teamRow(late.id)).toMatchObject({ paymentStatus: 'refunded', amountPaid: 5000 });
    const refunds = refundRequests(intentId);
    expect(refunds.length).toBe(2);
    expect(new Set(refunds.map((r) => r.idempotencyKey))).toEqual(new Set([`refund:${intentId}`]));
    expect(stripe.eventsFor('charge.refunded', intentId)).toHaveLength(1);
    expect(await listed(tournament.id)).not.toContain(late.id);
    expect((await capacity(tournament.id)).registered).toBe(4);

    // Stripe's charge.refunded and the browser's payment-complete change nothing more.
    const [refunded] = stripe.eventsFor('charge.refunded', intentId);
    const delivery = stripe.sign(refunded);
    expect((await t.app.inject({ method: 'POST', url: '/api/webhooks/stripe', headers: delivery.headers, payload: delivery.payload })).statusCode).toBe(200);
    const complete = await markComplete(late);
    expect(complete.json()).toEqual({ paymentStatus: 'refunded' });
    expect(refundRequests(intentId).length).toBe(2);
  });

  it('refunds a late payment when another team took its name meanwhile', async () => {
    const tournament = await createOpenTournament(t as unknown as TestApp, cookie, { name: 'Name Clash Cup', maxTeams: 8 });
    const late = await register(tournament.id, { name: 'Phoenix Rising' });
    const intentId = await startPayment(tournament.id, late);
    t.clock.advance(HOLD_MS + 1000);
    await register(tournament.id, { name: 'phoenix rising' });
    stripe.confirm(intentId);
    const complete = await markComplete(late);
    expect(complete.statusCode).toBe(200);
    expect(complete.json()).toEqual({ paymentStatus: 'refunded' });
    expect(refundRequests(intentId)).toHaveLength(1);
  });

  it('refunds a payment made for a tournament the organizer deleted, even within the hold', async () => {
    const tournament = await createOpenTournament(t as unknown as TestApp, cookie, { name: 'Cancelled Cup', maxTeams: 8 });
    const team = await register(tournament.id);
    const intentId = await startPayment(tournament.id, team);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/tournaments/${tournament.id}`, headers: { cookie } })).statusCode).toBe(204);
    stripe.confirm(intentId);
    expect((await deliverSucceeded(intentId)).statusCode).toBe(200);
    expect(await teamRow(team.id)).toMatchObject({ paymentStatus: 'refunded' });
    expect(refundRequests(intentId)).toHaveLength(1);
  });

  it('asks the provider before expiring a hold: a payment whose webhook never came is kept, not dropped', async () => {
    const tournament = await createOpenTournament(t as unknown as TestApp, cookie, { name: 'Silent Webhook Cup', maxTeams: 8 });
    const team = await register(tournament.id);
    const intentId = await startPayment(tournament.id, team);
    stripe.confirm(intentId);
    t.clock.advance(HOLD_MS + 1000);
    await t.services.payments.sweepExpiredHolds();
    expect(await teamRow(team.id)).toMatchObject({ paymentStatus: 'completed', paymentRef: intentId });
    expect(refundRequests(intentId)).toHaveLength(0);
    expect(await listed(tournament.id)).toContain(team.id);
  });
});
