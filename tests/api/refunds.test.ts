import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { demoRefunds, refunds, teams } from '../../src/server/db/schema.js';
import { publicPaymentStatus } from '../../src/shared/public-display.js';
import type { Refund } from '../../src/shared/schemas/refund.js';
import type { Team } from '../../src/shared/schemas/team.js';
import { seedDemoSeason } from '../../src/server/seed/demo-season.js';
import { createOpenTournament, registerTeam } from '../support/factories.js';
import { createPaymentsTestApp } from '../support/payments-app.js';
import type { TestApp } from '../support/test-app.js';

const HOUR = 3_600_000;
/** A tournament `hours` from now, its registration open until an hour before. */
const startingIn = (hours: number) => ({
  registrationCloses: new Date(Date.now() + (hours - 1) * HOUR).toISOString(),
  tournamentDate: new Date(Date.now() + hours * HOUR).toISOString(),
});

describe.each(['demo', 'stripe'] as const)('refunds through the %s provider', (provider) => {
  const setup = createPaymentsTestApp({ provider });
  let counter = 0;
  // Whatever a test did, each tournament's counter of held spots equals its teams holding one.
  afterEach(async () => expect(await (await setup).services.teams.checkHeldSpots()).toEqual([]));

  async function context() {
    const t = await setup;
    const cookie = await t.login();
    return { t, cookie };
  }

  /** A team registered and paid as its captain's browser would; `refundsFail`: its card cannot take money back. */
  async function paidTeam(tournamentId: string, { refundsFail = false } = {}) {
    const { t } = await context();
    const team = await registerTeam(t.app, tournamentId);
    const intent = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: { cookie: team.owner },
      payload: { tournamentId, teamId: team.id },
    });
    const clientSecret = intent.json().clientSecret as string;
    if (provider === 'demo') {
      const card = refundsFail ? '4000 0000 0000 5126' : '4242 4242 4242 4242';
      const paid = await t.app.inject({
        method: 'POST',
        url: '/api/demo-payments/confirm',
        headers: { cookie: team.owner },
        payload: { clientSecret, cardNumber: card, expiry: '12 / 34', cvc: '123' },
      });
      expect(paid.statusCode, paid.body).toBe(200);
    } else {
      const intentId = clientSecret.split('_secret_')[0];
      if (refundsFail) t.stripe!.failRefundsOf(intentId);
      t.stripe!.confirm(intentId);
    }
    const complete = await t.app.inject({ method: 'PATCH', url: `/api/teams/${team.id}/payment-complete`, headers: { cookie: team.owner } });
    expect(complete.json()).toEqual({ paymentStatus: 'completed' });
    return team;
  }

  async function tournament(overrides: Record<string, unknown> = {}) {
    const { t, cookie } = await context();
    return createOpenTournament(t as unknown as TestApp, cookie, { name: `${provider} refund cup ${++counter}`, entryFee: '50.00', ...overrides });
  }

  async function teamRow(id: string) {
    const { t } = await context();
    const [row] = await t.database.db.select().from(teams).where(eq(teams.id, id));
    return row;
  }

  async function post(url: string, payload: unknown) {
    const { t, cookie } = await context();
    return t.app.inject({ method: 'POST', url, headers: { cookie }, payload: payload as Record<string, unknown> });
  }

  /** How many refunds the provider itself made of this team's payment. */
  async function providerRefunds(teamId: string) {
    const { t } = await context();
    const { paymentRef } = await teamRow(teamId);
    if (provider === 'demo')
      return (await t.database.db.select().from(demoRefunds).where(eq(demoRefunds.paymentId, paymentRef!))).filter((r) => r.status === 'succeeded').length;
    return [...t.stripe!.refunds.values()].filter((r) => r.payment_intent === paymentRef && r.status === 'succeeded').length;
  }

  it('a team refunded in part keeps its spot: the server counts it as confirmed and its public badge reads Confirmed', async () => {
    const cup = await tournament(startingIn(30));
    const team = await paidTeam(cup.id);
    const { t } = await context();
    const unpaid = await registerTeam(t.app, cup.id);
    const refunded = await post(`/api/teams/${team.id}/refund`, { amount: '25.00', reason: 'Sub could not play' });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(await teamRow(team.id)).toMatchObject({ paymentStatus: 'partially_refunded', releasedAt: null });

    const listed = (await t.app.inject({ method: 'GET', url: `/api/tournaments/${cup.id}/teams` })).json() as Team[];
    const badges = Object.fromEntries(listed.map((row) => [row.id, publicPaymentStatus(row.paymentStatus)]));
    expect(badges).toEqual({ [team.id]: 'Confirmed', [unpaid.id]: 'Pending' });
    const capacity = (await t.app.inject({ method: 'GET', url: `/api/tournaments/${cup.id}/capacity` })).json();
    expect(capacity).toMatchObject({ confirmed: 1, pending: 1 });
  });

  it('refunds by the policy: half between 24 and 48 hours before the start, the amount the quote showed', async () => {
    const cup = await tournament(startingIn(30));
    const team = await paidTeam(cup.id);
    const { t, cookie } = await context();
    const quote = await t.app.inject({ method: 'GET', url: `/api/teams/${team.id}/refund-quote`, headers: { cookie } });
    expect(quote.json()).toEqual({
      policyAmount: '25.00',
      left: '50.00',
      currency: 'USD',
      explanation: '50% refund: between 24 and 48 hours before the start',
    });

    const refunded = await post(`/api/teams/${team.id}/refund`, { reason: 'Captain withdrew the team' });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json()).toMatchObject({
      amount: 2500,
      currency: 'USD',
      kind: 'withdrawal',
      status: 'succeeded',
      requestedBy: 'organizer',
      teamName: expect.any(String),
    });
    expect(await teamRow(team.id)).toMatchObject({ paymentStatus: 'partially_refunded', amountPaid: 5000, amountRefunded: 2500, releasedAt: null });
    expect(await providerRefunds(team.id)).toBe(1);

    const audit = await t.app.inject({ method: 'GET', url: `/api/admin/audit?tournamentId=${cup.id}&limit=1`, headers: { cookie } });
    expect(audit.json().entries[0]).toMatchObject({
      action: 'team.refund',
      targetId: team.id,
      reason: 'Captain withdrew the team',
      before: { amountRefunded: 0 },
      after: { amount: '25.00', kind: 'withdrawal' },
    });
  });

  it('refunds a custom amount, refuses a second one beyond what is left (409), and a full refund gives the spot up', async () => {
    const cup = await tournament();
    const team = await paidTeam(cup.id);
    expect((await post(`/api/teams/${team.id}/refund`, { amount: '10.00', reason: 'Late check-in' })).json()).toMatchObject({
      amount: 1000,
      kind: 'custom',
      status: 'succeeded',
    });
    const beyond = await post(`/api/teams/${team.id}/refund`, { amount: '45.00', reason: 'Too much' });
    expect(beyond.statusCode).toBe(409);
    expect(beyond.json().error).toBe('At most 40.00 USD is left to refund for this team');
    const bad = await post(`/api/teams/${team.id}/refund`, { amount: '1e3', reason: 'Typo' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues).toEqual([{ path: 'amount', message: 'Enter an amount like 12.50' }]);

    expect((await post(`/api/teams/${team.id}/refund`, { amount: '40.00', reason: 'The rest' })).json()).toMatchObject({ status: 'succeeded' });
    expect(await teamRow(team.id)).toMatchObject({ paymentStatus: 'refunded', amountRefunded: 5000, releasedAt: expect.any(Date) });
    const nothing = await post(`/api/teams/${team.id}/refund`, { reason: 'Again' });
    expect(nothing.statusCode).toBe(409);
    const { t } = await context();
    expect((await t.app.inject({ method: 'GET', url: `/api/tournaments/${cup.id}/capacity` })).json()).toMatchObject({ registered: 0 });
  });

  it('removes a team with each refund choice', async () => {
    const cup = await tournament(startingIn(30));
    const [none, policy, full] = [await paidTeam(cup.id), await paidTeam(cup.id), await paidTeam(cup.id)];
    expect((await post(`/api/teams/${none.id}/remove`, { refund: 'none', reason: 'Disqualified' })).json()).toEqual({ status: 'removed', refund: null });
    expect(await teamRow(none.id)).toMatchObject({ paymentStatus: 'removed', amountRefunded: 0, releasedAt: expect.any(Date) });
    expect((await post(`/api/teams/${policy.id}/remove`, { refund: 'policy', reason: 'Withdrew' })).json()).toMatchObject({
      status: 'removed',
      refund: { amount: 2500 },
    });
    expect((await post(`/api/teams/${full.id}/remove`, { refund: 'full', reason: 'Our mistake' })).json()).toMatchObject({
      status: 'refunded',
      refund: { amount: 5000 },
    });
    expect((await post(`/api/teams/${none.id}/remove`, { refund: 'none', reason: 'Twice' })).statusCode).toBe(409);
    const { t } = await context();
    expect((await t.app.inject({ method: 'GET', url: `/api/tournaments/${cup.id}/capacity` })).json()).toMatchObject({ registered: 0 });
    // The organizer still sees the three, with what went back.
    const listed = (await t.app.inject({ method: 'GET', url: `/api/tournaments/${cup.id}/teams`, headers: { cookie: (await context()).cookie } })).json() as {
      id: string;
      paymentStatus: string;
      amountRefunded: number;
    }[];
    expect(listed.map((x) => [x.paymentStatus, x.amountRefunded])).toEqual([
      ['removed', 0],
      ['removed', 2500],
      ['refunded', 5000],
    ]);
  });

  it('cancels a tournament: each paid team refunded exactly once even when the cancel is sent twice at once; holds released', async () => {
    const cup = await tournament();
    const { t } = await context();
    const [paidA, paidB, refundedAlready] = [await paidTeam(cup.id), await paidTeam(cup.id), await paidTeam(cup.id)];
    await post(`/api/teams/${refundedAlready.id}/refund`, { reason: 'Withdrew early' });
    const pending = await registerTeam(t.app, cup.id);

    const [first, second] = await Promise.all([
      post(`/api/tournaments/${cup.id}/cancel`, { reason: 'Server outage' }),
      post(`/api/tournaments/${cup.id}/cancel`, { reason: 'Server outage' }),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    for (const team of [paidA, paidB]) {
      expect(await providerRefunds(team.id)).toBe(1);
      expect(await teamRow(team.id)).toMatchObject({ paymentStatus: 'refunded', amountRefunded: 5000 });
    }
    expect(await providerRefunds(refundedAlready.id)).toBe(1);
    expect(await teamRow(pending.id)).toMatchObject({ paymentStatus: 'removed', releasedAt: expect.any(Date) });
    const rows = await t.database.db.select().from(refunds).where(eq(refunds.tournamentId, cup.id));
    expect(rows.filter((r) => r.kind === 'cancellation').map((r) => r.status)).toEqual(['succeeded', 'succeeded']);

    const listed = (
      await t.app.inject({ method: 'GET', url: `/api/tournaments/${cup.id}/refunds`, headers: { cookie: (await context()).cookie } })
    ).json() as Refund[];
    expect(listed).toHaveLength(3);
    expect((await t.app.inject({ method: 'GET', url: '/api/tournaments' })).json().find((x: { id: string }) => x.id === cup.id)).toMatchObject({
      registrationOpen: false,
      cancelledAt: expect.any(String),
    });
    // Cancelled is final: registration cannot open again, and nobody can register.
    const reopen = await t.app.inject({ method: 'PATCH', url: `/api/tournaments/${cup.id}/registration`, headers: { cookie: (await context()).cookie }, payload: { isOpen: true } });
    expect(reopen.statusCode).toBe(409);
    expect(reopen.json().error).toBe('This tournament was cancelled: its registration cannot open again');
    const audit = await t.app.inject({ method: 'GET', url: `/api/admin/audit?tournamentId=${cup.id}`, headers: { cookie: (await context()).cookie } });
    expect(audit.json().entries.filter((e: { action: string }) => e.action === 'tournament.cancel')).toHaveLength(1);
  });

  it('records a refund the provider fails, marks nothing refunded, and deletion stays refused while the money is held', async () => {
    const cup = await tournament();
    const team = await paidTeam(cup.id, { refundsFail: true });
    const failed = await post(`/api/teams/${team.id}/refund`, { reason: 'Withdrew' });
    expect(failed.statusCode).toBe(200);
    expect(failed.json()).toMatchObject({ status: 'failed', failureReason: expect.any(String) });
    expect(await teamRow(team.id)).toMatchObject({ paymentStatus: 'completed', amountRefunded: 0 });

    const { t, cookie } = await context();
    const refused = await t.app.inject({ method: 'DELETE', url: `/api/tournaments/${cup.id}`, headers: { cookie } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('Cancel the tournament first: 1 team has paid');
    const cancelled = await post(`/api/tournaments/${cup.id}/cancel`, { reason: 'Cancelled' });
    expect((cancelled.json().refunds as Refund[]).map((r) => r.status)).toEqual(['failed']);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/tournaments/${cup.id}`, headers: { cookie } })).statusCode).toBe(409);
  });

  // Only Stripe sends webhooks; the demo provider answers at once.
  if (provider === 'stripe')
    it('applies refund webhooks once each, delivered twice and out of order', async () => {
      const cup = await tournament();
      const team = await paidTeam(cup.id);
      await post(`/api/teams/${team.id}/refund`, { amount: '20.00', reason: 'Part' });
      const { t } = await context();
      const { paymentRef } = await teamRow(team.id);
      const events = [...t.stripe!.eventsFor('charge.refunded', paymentRef!), ...t.stripe!.eventsFor('refund.created', paymentRef!)];
      expect(events).toHaveLength(2);
      for (const event of [...events].reverse().concat(events)) {
        const { payload, headers } = t.stripe!.sign(event);
        expect((await t.app.inject({ method: 'POST', url: '/api/webhooks/stripe', headers, payload })).statusCode).toBe(200);
      }
      expect(await teamRow(team.id)).toMatchObject({ paymentStatus: 'partially_refunded', amountRefunded: 2000 });
      const rows = await t.database.db.select().from(refunds).where(eq(refunds.teamId, team.id));
      expect(rows.map((r) => [r.amount, r.status])).toEqual([[2000, 'succeeded']]);
    });
});

describe('the demo season', () => {
  const setup = createPaymentsTestApp({ provider: 'demo' });

  it('can be cancelled by an organizer trying the site: its paid teams are in the demo ledger and get refunded', async () => {
    const t = await setup;
    const cookie = await t.login();
    const { tournamentId } = await seedDemoSeason(t.database.db, t.services);
    const cancelled = await t.app.inject({ method: 'POST', url: `/api/tournaments/${tournamentId}/cancel`, headers: { cookie }, payload: { reason: 'Trying the site' } });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const issued = cancelled.json().refunds as Refund[];
    expect(issued.length).toBeGreaterThan(5);
    expect(issued.every((refund) => refund.status === 'succeeded' && refund.amount === 2500)).toBe(true);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/tournaments/${tournamentId}`, headers: { cookie } })).statusCode).toBe(204);
  });
});
