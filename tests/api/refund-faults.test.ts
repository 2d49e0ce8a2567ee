import { and, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { demoPayments, demoRefunds, outbox, refunds, teams } from '../../src/server/db/schema.js';
import { eventually, holdLock, terminateBackend, urlOf, waitForLockWaiter } from '../support/db-faults.js';
import { createOpenTournament, registerPaidTeam, registerTeam } from '../support/factories.js';
import { createPaymentsTestApp, type PaymentsTestApp } from '../support/payments-app.js';
import { usesPostgres, type TestApp } from '../support/test-app.js';

/**
 * Money promised back always leaves, whatever fails on the way: a provider call that never
 * answers, a connection cut mid-statement, two owners refunding at once, a database blip after a
 * payment. Each fault is injected into the real PostgreSQL from another session.
 */
describe.skipIf(!usesPostgres)('refunds under faults (PostgreSQL; skipped without TEST_DATABASE_URL)', () => {
  let t: PaymentsTestApp;
  let cookie: string;
  let url: string;
  let counter = 0;

  beforeAll(async () => {
    t = await createPaymentsTestApp({ provider: 'demo' });
    cookie = await t.login();
    url = await urlOf(t.database);
  });
  // Whatever a test did, each tournament's counter of held spots equals its teams holding one.
  afterEach(async () => expect(await t.services.teams.checkHeldSpots()).toEqual([]));

  const cup = () => createOpenTournament(t as unknown as TestApp, cookie, { name: `Fault Cup ${++counter}`, entryFee: '50.00' });
  const post = (path: string, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: path, headers: { cookie }, payload });
  const teamRow = async (id: string) => (await t.database.db.select().from(teams).where(eq(teams.id, id)))[0];
  const refundsOf = (teamId: string) => t.database.db.select().from(refunds).where(eq(refunds.teamId, teamId));
  /** What the provider itself holds of the team's payment and its refunds. */
  async function providerSide(teamId: string) {
    const { paymentRef } = await teamRow(teamId);
    const [payment] = await t.database.db.select().from(demoPayments).where(eq(demoPayments.id, paymentRef!));
    const made = await t.database.db.select().from(demoRefunds).where(eq(demoRefunds.paymentId, paymentRef!));
    return { amountRefunded: payment.amountRefunded, refunds: made };
  }

  it('keeps a refund whose provider call died (held lock, terminated backend) requested and counted, and the sweep sends it under its own key', async () => {
    const tournament = await cup();
    const team = await registerPaidTeam(t.app, tournament.id);
    const { paymentRef } = await teamRow(team.id);

    // The provider's payment row is locked elsewhere: the refund waits on it, then its connection is cut.
    const lock = await holdLock(url, 'select * from demo_payments where id = $1 for update', [paymentRef]);
    const pending = post(`/api/teams/${team.id}/refund`, { amount: '25.00', reason: 'Partial refund' });
    await terminateBackend(url, await waitForLockWaiter(url, '%demo_payments%'));
    const answered = await pending;
    expect(answered.statusCode, answered.body).toBe(200);
    // Recorded, not sent: the owner is told it is on its way, never that it succeeded.
    expect(answered.json()).toMatchObject({ amount: 2500, status: 'requested' });

    // On its way, it counts against what is left: only 25.00 more can go back.
    const quote = (await t.app.inject({ method: 'GET', url: `/api/teams/${team.id}/refund-quote`, headers: { cookie } })).json();
    expect(quote.left).toBe('25.00');
    const tooMuch = await post(`/api/teams/${team.id}/refund`, { amount: '30.00', reason: 'Too much' });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().error).toBe('At most 25.00 USD is left to refund for this team');

    // The provider answers again: the sweep sends the refund under the key stored before the first call.
    await lock.release();
    expect(await t.services.payments.refunds.sweep(0)).toBe(1);
    const [sent] = await refundsOf(team.id);
    expect(sent).toMatchObject({ status: 'succeeded', amount: 2500 });
    expect((await providerSide(team.id)).refunds.map((r) => [r.idempotencyKey, r.amount])).toEqual([[sent.idempotencyKey, 2500]]);
    expect(await teamRow(team.id)).toMatchObject({ paymentStatus: 'partially_refunded', amountRefunded: 2500 });
    expect(await t.services.payments.refunds.sweep(0)).toBe(0);

    // The rest goes back with a removal: the team ends with everything back, as the provider says.
    const removed = await post(`/api/teams/${team.id}/remove`, { refund: 'full', reason: 'Removed after the outage' });
    expect(removed.json()).toMatchObject({ status: 'refunded', refund: { amount: 2500, status: 'succeeded' } });
    expect(await teamRow(team.id)).toMatchObject({ amountPaid: 5000, amountRefunded: 5000 });
    expect((await providerSide(team.id)).amountRefunded).toBe(5000);
  });

  it('never lets a second refund past the site while the first is recorded but not yet settled on the team', async () => {
    const tournament = await cup();
    const team = await registerPaidTeam(t.app, tournament.id);
    // Settling the team waits on the tournament's row: the first refund is succeeded at the provider, the team's total not yet.
    const lock = await holdLock(url, 'select * from tournaments where id = $1 for update', [tournament.id]);
    const first = post(`/api/teams/${team.id}/refund`, { amount: '50.00', reason: 'First owner' });
    await waitForLockWaiter(url, '%tournaments%');
    const [recorded] = await eventually(() => refundsOf(team.id), (rows) => rows[0]?.status === 'succeeded');
    expect(recorded.status).toBe('succeeded');
    expect((await teamRow(team.id)).amountRefunded).toBe(0);

    const second = await post(`/api/teams/${team.id}/refund`, { amount: '50.00', reason: 'Second owner' });
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toBe('Nothing is left to refund for this team');
    await lock.release();
    expect((await first).json()).toMatchObject({ status: 'succeeded', amount: 5000 });
    expect(await refundsOf(team.id)).toHaveLength(1);
    expect(await teamRow(team.id)).toMatchObject({ paymentStatus: 'refunded', amountRefunded: 5000 });
  });

  it('answers one of two owners refunding the same team at once, the other 409, for every pair', async () => {
    const tournament = await cup();
    const paid = [];
    for (let i = 0; i < 8; i++) paid.push(await registerPaidTeam(t.app, tournament.id));
    const answers = await Promise.all(
      paid.flatMap((team) => [post(`/api/teams/${team.id}/refund`, { amount: '40.00', reason: 'Owner A' }), post(`/api/teams/${team.id}/refund`, { amount: '40.00', reason: 'Owner B' })]),
    );
    for (let i = 0; i < paid.length; i++) {
      const pair = [answers[2 * i], answers[2 * i + 1]].map((answer) => answer.statusCode).sort();
      expect(pair).toEqual([200, 409]);
      expect(await refundsOf(paid[i].id)).toHaveLength(1);
      expect((await providerSide(paid[i].id)).amountRefunded).toBe(4000);
    }
  });

  it('queues the receipt with the payment it confirms: a connection cut while queueing loses neither', async () => {
    const tournament = await cup();
    const team = await registerTeam(t.app, tournament.id, { captainEmail: 'receipt@captains.test' });
    const headers = { cookie: team.owner };
    const { clientSecret } = (await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers, payload: { tournamentId: tournament.id, teamId: team.id } })).json();
    const paymentRef = clientSecret.split('_secret_')[0] as string;
    const receipts = () => t.database.db.select().from(outbox).where(and(eq(outbox.teamId, team.id), eq(outbox.dedupeKey, `receipt:${paymentRef}`)));

    // Nothing can be queued (a lock on the outbox); the queueing statement's connection is then cut.
    const lock = await holdLock(url, 'lock table outbox in share mode');
    const confirming = t.app.inject({ method: 'POST', url: '/api/demo-payments/confirm', headers, payload: { clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' } });
    await terminateBackend(url, await waitForLockWaiter(url, '%outbox%'));
    await lock.release();
    await confirming;
    // A team confirmed has its receipt queued; one whose confirmation was undone has none yet.
    expect((await teamRow(team.id)).paymentStatus === 'completed').toBe((await receipts()).length === 1);

    // The browser's payment-complete (or the webhook) then finds the payment: confirmed, one receipt.
    const complete = await t.app.inject({ method: 'PATCH', url: `/api/teams/${team.id}/payment-complete`, headers });
    expect(complete.json()).toEqual({ paymentStatus: 'completed' });
    expect(await receipts()).toHaveLength(1);
  });
});
