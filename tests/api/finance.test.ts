import { beforeAll, describe, expect, it } from 'vitest';
import { financeCsvHeader, buildFinanceCsv } from '../../src/shared/finance-csv.js';
import { financeSchema, type Finance } from '../../src/shared/schemas/finance.js';
import { createOpenTournament, registerTeam } from '../support/factories.js';
import { createPaymentsTestApp, type PaymentsTestApp } from '../support/payments-app.js';
import type { TestApp } from '../support/test-app.js';

type Team = { id: string; owner: string };

const apps: Record<'demo' | 'stripe', { t: PaymentsTestApp; cookie: string }> = {} as never;

beforeAll(async () => {
  for (const provider of ['demo', 'stripe'] as const) {
    const t = await createPaymentsTestApp({ provider });
    apps[provider] = { t, cookie: await t.login() };
  }
});

/** Both adapters charge (or simulate) 2.9 % + 30 minor units: the stand-in's balance transaction, the demo provider's own fee. */
const feeOn = (amount: number) => Math.round(amount * 0.029) + 30;

const hyperlinkName = '=HYPERLINK("http://x.example","Pay")';

describe.each(['demo', 'stripe'] as const)('finance view through the %s provider', (provider) => {
  const app = () => apps[provider].t;
  const cookie = () => apps[provider].cookie;

  /** The captain's browser pays: the demo card form, or Stripe.js confirming against the stand-in. */
  async function pay(tournamentId: string, team: Team) {
    const intent = await app().app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: { cookie: team.owner },
      payload: { tournamentId, teamId: team.id },
    });
    expect(intent.statusCode, intent.body).toBe(200);
    const clientSecret = intent.json().clientSecret as string;
    if (provider === 'demo') {
      const confirmed = await app().app.inject({
        method: 'POST',
        url: '/api/demo-payments/confirm',
        headers: { cookie: team.owner },
        payload: { clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' },
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
    } else {
      app().stripe!.confirm(clientSecret.split('_secret_')[0]);
    }
    const complete = await app().app.inject({ method: 'PATCH', url: `/api/teams/${team.id}/payment-complete`, headers: { cookie: team.owner } });
    expect(complete.json()).toEqual({ paymentStatus: 'completed' });
  }

  const finance = (id: string, headers: Record<string, string> = { cookie: cookie() }) =>
    app().app.inject({ method: 'GET', url: `/api/tournaments/${id}/finance`, headers });

  it('sums gross, provider fees, succeeded refunds and net, with one row per payment and per refund', async () => {
    const tournament = await createOpenTournament(app() as unknown as TestApp, cookie(), {
      name: `Finance Cup ${provider}`,
      entryFee: '50.00',
      currency: 'USD',
    });
    const first = await registerTeam(app().app, tournament.id, { name: 'First Payers' });
    const second = await registerTeam(app().app, tournament.id, { name: hyperlinkName });
    await registerTeam(app().app, tournament.id, { name: 'Never Paid' });
    await pay(tournament.id, first);
    await pay(tournament.id, second);
    const refund = await app().app.inject({
      method: 'POST',
      url: `/api/teams/${first.id}/refund`,
      headers: { cookie: cookie() },
      payload: { amount: '12.50', reason: 'Player dropped out' },
    });
    expect(refund.statusCode, refund.body).toBe(200);

    const response = await finance(tournament.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const body = financeSchema.parse(response.json());
    const fee = feeOn(5000);
    expect(fee).toBe(175);
    expect(body).toMatchObject({ tournamentId: tournament.id, currency: 'USD', feesSimulated: provider === 'demo' });
    expect(body.totals).toEqual({ gross: 10_000, fees: 2 * fee, refunds: 1250, net: 10_000 - 2 * fee - 1250 });
    expect(
      body.payments
        .map((p) => ({ team: p.teamName, amount: p.amount, fee: p.fee, feeCurrency: p.feeCurrency, simulated: p.feeSimulated }))
        .sort((a, b) => a.team.localeCompare(b.team)),
    ).toEqual(
      [
        { team: hyperlinkName, amount: 5000, fee, feeCurrency: 'USD', simulated: provider === 'demo' },
        { team: 'First Payers', amount: 5000, fee, feeCurrency: 'USD', simulated: provider === 'demo' },
      ].sort((a, b) => a.team.localeCompare(b.team)),
    );
    expect(body.payments.every((p) => p.paidAt !== null && p.paymentRef.length > 0)).toBe(true);
    expect(body.refunds).toEqual([
      expect.objectContaining({
        teamId: first.id,
        teamName: 'First Payers',
        amount: 1250,
        currency: 'USD',
        kind: 'custom',
        status: 'succeeded',
        reason: 'Player dropped out',
      }),
    ]);
    if (provider === 'stripe') {
      // The fee was read from the charge's balance transaction, through the real SDK's expand.
      const expands = app()
        .stripe!.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/v1/payment_intents/'))
        .map((r) => r.params.expand);
      expect(expands).toContainEqual({ 0: 'latest_charge.balance_transaction' });
    }

    // The CSV export: header, one row per payment and refund, the totals; the formula-like name neutralised.
    const csv = buildFinanceCsv(body);
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe(financeCsvHeader.join(','));
    expect(lines.filter((line) => line.startsWith('Payment,'))).toHaveLength(2);
    expect(lines.filter((line) => line.startsWith('Refund,'))).toEqual([expect.stringContaining(',First Payers,')]);
    expect(csv).toContain(`,"'=HYPERLINK(""http://x.example"",""Pay"")",`);
    expect(csv).not.toMatch(/(^|,)"?=HYPERLINK/m);
    expect(lines.slice(-4)).toEqual([
      'Total gross collected,,,,100.00,USD,,,,',
      `Total provider fees,,,,${((2 * fee) / 100).toFixed(2)},USD,,,,`,
      'Total refunds,,,,12.50,USD,,,,',
      `Net,,,,${((10_000 - 2 * fee - 1250) / 100).toFixed(2)},USD,,,,`,
    ]);
  });

  it('is empty for a tournament nobody has paid for, and 404 for an unknown one', async () => {
    const tournament = await createOpenTournament(app() as unknown as TestApp, cookie(), { name: `Quiet Finance ${provider}` });
    await registerTeam(app().app, tournament.id);
    const body = (await finance(tournament.id)).json() as Finance;
    expect(body).toMatchObject({ totals: { gross: 0, fees: 0, refunds: 0, net: 0 }, payments: [], refunds: [], feesSimulated: false });
    expect((await finance('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('answers 401 without a session', async () => {
    const tournament = await createOpenTournament(app() as unknown as TestApp, cookie(), { name: `Closed Books ${provider}` });
    const response = await finance(tournament.id, {});
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'Sign in to continue' });
  });
});

describe('finance view when Stripe is not answering', () => {
  it('answers 503, not figures without fees', async () => {
    const { t, cookie } = apps.stripe;
    const tournament = await createOpenTournament(t as unknown as TestApp, cookie, { name: 'Outage Cup' });
    const team = await registerTeam(t.app, tournament.id);
    const intent = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: { cookie: team.owner },
      payload: { tournamentId: tournament.id, teamId: team.id },
    });
    t.stripe!.confirm((intent.json().clientSecret as string).split('_secret_')[0]);
    await t.app.inject({ method: 'PATCH', url: `/api/teams/${team.id}/payment-complete`, headers: { cookie: team.owner } });
    t.stripe!.failNext(1, '/v1/payment_intents');
    const response = await t.app.inject({ method: 'GET', url: `/api/tournaments/${tournament.id}/finance`, headers: { cookie } });
    expect(response.statusCode).toBe(503);
    expect(response.json().error).toMatch(/payment provider is not answering/);
  });
});
