import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import type { Database } from '../../src/server/db/client.js';
import { outbox, refunds, teams } from '../../src/server/db/schema.js';
import { createDemoPaymentProvider } from '../../src/server/payments/demo.js';
import type { PaymentProvider, ProviderRefund } from '../../src/server/payments/provider.js';
import { createOpenTournament, registerPaidTeam } from '../support/factories.js';
import { createTestDatabase, signInOwner, type TestApp } from '../support/test-app.js';

/**
 * The provider's word on a refund arrives by the call's answer, by webhooks and by the sweep, in
 * any order. Here the call's own answer, an older "pending", arrives after a newer word was applied.
 */
describe("a refund's status, whatever order the provider's words arrive in", () => {
  let database: Database;
  let built: BuiltApp;
  let cookie: string;
  let cups = 0;
  /** What happens between the provider refunding and the call's answer (an older "pending") arriving; null: the answer as it is. */
  let meanwhile: ((refund: ProviderRefund) => Promise<unknown>) | null = null;

  beforeAll(async () => {
    database = await createTestDatabase();
    const demo = createDemoPaymentProvider(database.db);
    const provider: PaymentProvider = {
      ...demo,
      async refundPayment(paymentId, request) {
        const refund = await demo.refundPayment(paymentId, request);
        const late = meanwhile;
        if (!late) return refund;
        meanwhile = null;
        await late(refund);
        return { ...refund, status: 'pending' };
      },
    };
    built = await buildApp({ config: loadConfig({ NODE_ENV: 'test', PORT: '5000', RATE_LIMITS: 'off' }), database, payments: provider });
    cookie = await signInOwner(built);
  });
  afterAll(async () => {
    await built?.app.close();
    await database?.close();
  });

  async function paidTeam() {
    const tournament = await createOpenTournament({ app: built.app } as unknown as TestApp, cookie, { name: `Order Cup ${++cups}`, entryFee: '50.00' });
    return registerPaidTeam(built.app, tournament.id, { captainEmail: `order${cups}@captains.test` });
  }
  const refund = (teamId: string) => built.app.inject({ method: 'POST', url: `/api/teams/${teamId}/refund`, headers: { cookie }, payload: { amount: '20.00', reason: 'Order check' } });
  const rowOf = async (teamId: string) => (await database.db.select().from(refunds).where(eq(refunds.teamId, teamId)))[0];
  const teamOf = async (teamId: string) => (await database.db.select().from(teams).where(eq(teams.id, teamId)))[0];
  const refundMails = async (teamId: string) => (await database.db.select().from(outbox).where(eq(outbox.teamId, teamId))).filter((m) => m.dedupeKey?.startsWith('refund:'));

  it('never moves a succeeded refund back to pending when the call answers after the sweep recorded it', async () => {
    const team = await paidTeam();
    // The sweep sends the same refund again (same key) while the first call's answer is on its way.
    meanwhile = () => built.services.payments.refunds.sweep(0);
    const answer = await refund(team.id);
    expect(answer.json()).toMatchObject({ status: 'succeeded', amount: 2000 });
    expect((await rowOf(team.id)).status).toBe('succeeded');
    expect(await teamOf(team.id)).toMatchObject({ paymentStatus: 'partially_refunded', amountRefunded: 2000 });
    expect(await refundMails(team.id)).toHaveLength(1);
  });

  it('finishes a refund left pending by an answer older than its webhook: the sweep asks the provider', async () => {
    const team = await paidTeam();
    // The webhook comes first: the refund's row does not know the provider's id yet, so only the team's totals follow.
    meanwhile = (made) => built.services.payments.refunds.settle(made.id);
    const answer = await refund(team.id);
    expect(answer.json()).toMatchObject({ status: 'pending', amount: 2000 });
    expect(await refundMails(team.id)).toHaveLength(0);
    expect(await built.services.payments.refunds.sweep(0)).toBe(1);
    expect((await rowOf(team.id)).status).toBe('succeeded');
    expect(await teamOf(team.id)).toMatchObject({ paymentStatus: 'partially_refunded', amountRefunded: 2000 });
    expect(await refundMails(team.id)).toHaveLength(1);
    expect(await built.services.payments.refunds.sweep(0)).toBe(0);
  });
});
