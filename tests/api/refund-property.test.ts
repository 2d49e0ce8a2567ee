import { eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import type { Database } from '../../src/server/db/client.js';
import { demoPayments, demoRefunds, refunds, teams } from '../../src/server/db/schema.js';
import { createDemoPaymentProvider } from '../../src/server/payments/demo.js';
import type { PaymentProvider } from '../../src/server/payments/provider.js';
import { createOpenTournament, registerPaidTeam } from '../support/factories.js';
import { createClock, createTestDatabase, signInOwner, type TestApp } from '../support/test-app.js';

/** The provider did not answer: before it was asked, or after it refunded (the answer lost on the way). */
class ProviderOutage extends Error {
  constructor(readonly when: 'before' | 'after') {
    super(`The payment provider did not answer (${when} the refund)`);
  }
}

/** The demo provider with faults on its refunds, taken in order from `faults`. */
function withRefundFaults(provider: PaymentProvider, faults: ('before' | 'after')[]): PaymentProvider {
  return {
    ...provider,
    async refundPayment(paymentId, request) {
      const fault = faults.shift();
      if (fault === 'before') throw new ProviderOutage(fault);
      const refund = await provider.refundPayment(paymentId, request);
      if (fault === 'after') throw new ProviderOutage(fault);
      return refund;
    },
  };
}

type Command =
  | { kind: 'refund'; team: number; dollars: number }
  | { kind: 'policyRefund'; team: number }
  | { kind: 'remove'; team: number; refund: 'policy' | 'full' | 'none' }
  | { kind: 'withdraw'; team: number }
  | { kind: 'cancel' }
  | { kind: 'fault'; when: 'before' | 'after'; count: number }
  | { kind: 'restart' }
  | { kind: 'sweep' };

const teamIndex = fc.nat(2);
const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ kind: fc.constant('refund' as const), team: teamIndex, dollars: fc.integer({ min: 1, max: 60 }) }),
  fc.record({ kind: fc.constant('policyRefund' as const), team: teamIndex }),
  fc.record({ kind: fc.constant('remove' as const), team: teamIndex, refund: fc.constantFrom('policy' as const, 'full' as const, 'none' as const) }),
  fc.record({ kind: fc.constant('withdraw' as const), team: teamIndex }),
  fc.record({ kind: fc.constant('cancel' as const) }),
  fc.record({ kind: fc.constant('fault' as const), when: fc.constantFrom('before' as const, 'after' as const), count: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ kind: fc.constant('restart' as const) }),
  fc.record({ kind: fc.constant('sweep' as const) }),
);

const HOUR = 3_600_000;

describe('refunds, removals, withdrawals and cancellations with provider failures and restarts', () => {
  let database: Database;
  const clock = createClock();
  const faults: ('before' | 'after')[] = [];
  const config = loadConfig({ NODE_ENV: 'test', PORT: '5000', RATE_LIMITS: 'off' });
  let built: BuiltApp;
  let cookie: string;

  /** A server process's life: a new app on the same database (what a crash and restart leaves is what the database holds). */
  async function start() {
    built = await buildApp({ config, database, now: clock.now, payments: withRefundFaults(createDemoPaymentProvider(database.db, clock.now), faults) });
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    await start();
    cookie = await signInOwner(built);
  });
  afterAll(async () => {
    await built?.app.close();
    await database?.close();
  });

  let cups = 0;
  async function run(commands: Command[]) {
    faults.length = 0;
    // 36 hours ahead: the policy refunds half, so policy, custom and full amounts differ.
    const tournament = await createOpenTournament({ app: built.app } as unknown as TestApp, cookie, {
      name: `Property Cup ${++cups}`,
      entryFee: '50.00',
      registrationCloses: new Date(Date.now() + 35 * HOUR).toISOString(),
      tournamentDate: new Date(Date.now() + 36 * HOUR).toISOString(),
    });
    const paid = [];
    for (let i = 0; i < 3; i++) paid.push(await registerPaidTeam(built.app, tournament.id));

    for (const step of commands) {
      const inject = (method: 'POST', url: string, payload: Record<string, unknown> | undefined, headers: Record<string, string> = { cookie }) =>
        built.app.inject({ method, url, headers, payload });
      let answer;
      switch (step.kind) {
        case 'refund':
          answer = await inject('POST', `/api/teams/${paid[step.team].id}/refund`, { amount: `${step.dollars}.00`, reason: 'Property refund' });
          break;
        case 'policyRefund':
          answer = await inject('POST', `/api/teams/${paid[step.team].id}/refund`, { reason: 'Property refund by the policy' });
          break;
        case 'remove':
          answer = await inject('POST', `/api/teams/${paid[step.team].id}/remove`, { refund: step.refund, reason: 'Property removal' });
          break;
        case 'withdraw':
          answer = await inject('POST', `/api/manage/${paid[step.team].id}/withdraw`, undefined, paid[step.team].teamLink);
          break;
        case 'cancel':
          answer = await inject('POST', `/api/tournaments/${tournament.id}/cancel`, { reason: 'Property cancellation' });
          break;
        case 'fault':
          for (let i = 0; i < step.count; i++) faults.push(step.when);
          break;
        case 'restart':
          await built.app.close();
          await start();
          break;
        case 'sweep':
          await built.services.payments.refunds.sweep(0);
          break;
      }
      // A refusal (409, 400) is an answer; a crash is not.
      if (answer) expect(answer.statusCode, `${step.kind}: ${answer.body}`).toBeLessThan(500);
    }

    // The provider answers again and the sweep runs: every promise is kept.
    faults.length = 0;
    await built.services.payments.refunds.sweep(0);
    const ids = paid.map((team) => team.id);
    const rows = await database.db.select().from(teams).where(inArray(teams.id, ids));
    for (const team of rows) {
      const [payment] = await database.db.select().from(demoPayments).where(eq(demoPayments.id, team.paymentRef!));
      const made = await database.db.select().from(demoRefunds).where(eq(demoRefunds.paymentId, team.paymentRef!));
      const ours = await database.db.select().from(refunds).where(eq(refunds.teamId, team.id));
      const sum = (amounts: number[]) => amounts.reduce((a, b) => a + b, 0);
      expect(team.amountRefunded, 'the team says what the provider refunded').toBe(payment.amountRefunded);
      expect(team.amountRefunded).toBeLessThanOrEqual(team.amountPaid!);
      expect(sum(ours.filter((r) => r.status === 'succeeded').map((r) => r.amount))).toBe(sum(made.filter((r) => r.status === 'succeeded').map((r) => r.amount)));
      expect(ours.filter((r) => r.status === 'requested' || r.status === 'pending'), 'nothing stays on its way after the sweep').toEqual([]);
      // Every refund the provider made is one the site wrote first, under its key.
      expect(made.every((refund) => ours.some((row) => row.idempotencyKey === refund.idempotencyKey))).toBe(true);
    }
    expect(await built.services.teams.checkHeldSpots()).toEqual([]);
  }

  it('refunds exactly what the provider refunded, never more than was paid, and leaves nothing requested', async () => {
    await fc.assert(fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 10 }), run), { numRuns: 15, endOnFailure: true });
  }, 600_000);
});
