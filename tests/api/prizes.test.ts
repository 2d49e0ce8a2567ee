import { describe, expect, it } from 'vitest';
import { buildFinanceCsv } from '../../src/shared/finance-csv.js';
import type { Finance } from '../../src/shared/schemas/finance.js';
import type { PrizeList } from '../../src/shared/schemas/prizes.js';
import type { Tournament } from '../../src/shared/schemas/tournament.js';
import { createOpenTournament, tournamentInput } from '../support/factories.js';
import { createTestApp } from '../support/test-app.js';

/** Prizes paid, on the books (issue 31): the split by placement, the payouts recorded by hand, public "paid". */
describe('the prize split and its payouts', () => {
  const app = createTestApp();
  let session: Promise<string> | null = null;
  const admin = async () => {
    const t = await app;
    return { t, cookie: await (session ??= t.login()) };
  };

  async function send(method: 'GET' | 'PUT', url: string, cookie: string, payload?: Record<string, unknown>) {
    const { t } = await admin();
    return t.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload }) });
  }

  const split = [
    { placement: 1, amount: '3000' },
    { placement: 2, amount: '1500.00' },
    { placement: 3, amount: '500' },
  ];

  it('refuses a split that does not add up to the pool, or names a placement twice, saying why', async () => {
    const { t, cookie } = await admin();
    const cup = await createOpenTournament(t, cookie, { prizePool: '5000.00' });
    const short = await send('PUT', `/api/tournaments/${cup.id}/prize-split`, cookie, { prizes: [{ placement: 1, amount: '3000' }, { placement: 2, amount: '1500' }] });
    expect(short.statusCode).toBe(400);
    const message = 'The prizes add up to $4,500.00, but the prize pool is $5,000.00: the split must add up to the pool';
    expect(short.json()).toEqual({ error: message, issues: [{ path: 'prizes', message }] });
    const twice = await send('PUT', `/api/tournaments/${cup.id}/prize-split`, cookie, { prizes: [{ placement: 1, amount: '2500' }, { placement: 1, amount: '2500' }] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({ error: '1st place is listed twice' });
    const bad = await send('PUT', `/api/tournaments/${cup.id}/prize-split`, cookie, { prizes: [{ placement: 1, amount: 'lots' }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'Enter an amount like 3000 or 3000.00' });
  });

  it('stores the split, shows it publicly with "paid" per placement, and records payouts in the finance view and its CSV', async () => {
    const { t, cookie } = await admin();
    const cup = await createOpenTournament(t, cookie, { name: 'Prize Cup', prizePool: '5000.00' });
    const stored = await send('PUT', `/api/tournaments/${cup.id}/prize-split`, cookie, { prizes: split });
    expect(stored.statusCode, stored.body).toBe(200);
    expect((stored.json() as PrizeList).prizes).toEqual([
      { placement: 1, amount: 300_000, payout: null },
      { placement: 2, amount: 150_000, payout: null },
      { placement: 3, amount: 50_000, payout: null },
    ]);

    const publicRead = async () => ((await t.app.inject({ method: 'GET', url: '/api/tournaments/active' })).json() as Tournament).prizes;
    expect(await publicRead()).toEqual([
      { placement: 1, amount: '3000.00', paid: false },
      { placement: 2, amount: '1500.00', paid: false },
      { placement: 3, amount: '500.00', paid: false },
    ]);

    const payout = { paidTo: 'Crimson Vipers (captain Ana)', paidAt: '2026-12-20T10:00:00.000Z', method: 'Bank transfer', reference: 'TRX-123' };
    const recorded = await send('PUT', `/api/tournaments/${cup.id}/prizes/1/payout`, cookie, payout);
    expect(recorded.statusCode, recorded.body).toBe(200);
    expect((recorded.json() as PrizeList).prizes[0].payout).toMatchObject(payout);
    expect(await publicRead()).toEqual([
      { placement: 1, amount: '3000.00', paid: true },
      { placement: 2, amount: '1500.00', paid: false },
      { placement: 3, amount: '500.00', paid: false },
    ]);
    // The public read never says to whom or how.
    expect(JSON.stringify(await publicRead())).not.toContain('TRX-123');

    const missing = await send('PUT', `/api/tournaments/${cup.id}/prizes/4/payout`, cookie, payout);
    expect(missing.statusCode).toBe(404);
    const incomplete = await send('PUT', `/api/tournaments/${cup.id}/prizes/2/payout`, cookie, { ...payout, paidTo: ' ' });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json()).toMatchObject({ error: 'Say who was paid' });

    // A paid prize keeps its amount; the others may move.
    const repaid = await send('PUT', `/api/tournaments/${cup.id}/prize-split`, cookie, { prizes: [{ placement: 1, amount: '2500' }, { placement: 2, amount: '2000' }, { placement: 3, amount: '500' }] });
    expect(repaid.statusCode).toBe(409);
    expect(repaid.json()).toMatchObject({ error: 'The 1st place prize is already paid: its amount cannot change' });
    const moved = await send('PUT', `/api/tournaments/${cup.id}/prize-split`, cookie, { prizes: [{ placement: 1, amount: '3000' }, { placement: 2, amount: '2000' }] });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((moved.json() as PrizeList).prizes.map((p) => [p.placement, p.amount, p.payout?.reference ?? null])).toEqual([
      [1, 300_000, 'TRX-123'],
      [2, 200_000, null],
    ]);

    const finance = await send('GET', `/api/tournaments/${cup.id}/finance`, cookie);
    expect(finance.statusCode, finance.body).toBe(200);
    const body = finance.json() as Finance;
    expect(body.prizes).toEqual((moved.json() as PrizeList).prizes);
    const lines = buildFinanceCsv(body).trimEnd().split('\r\n');
    expect(lines).toContain('Prize payout,2026-12-20T10:00:00.000Z,Crimson Vipers (captain Ana),TRX-123,3000.00,USD,,,paid,"1st place, Bank transfer"');
    expect(lines).toContain('Total prizes paid,,,,3000.00,USD,,,,');
    expect(lines.at(-1)).toMatch(/^Net,/);

    const activity = await send('GET', `/api/admin/audit?tournamentId=${cup.id}`, cookie);
    expect(activity.statusCode, activity.body).toBe(200);
    const actions = (activity.json() as { entries: { action: string; after: unknown }[] }).entries.map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['tournament.prize_split', 'tournament.prize_payout']));
    // The audit log names no one: the payee stays out of it.
    expect(activity.body).not.toContain('Crimson Vipers');
  });

  it('hides a split from the public once the pool changes under it, and tells the organizer why until it is split again', async () => {
    const { t, cookie } = await admin();
    const cup = await createOpenTournament(t, cookie, { name: 'Growing Cup', prizePool: '5000.00' });
    expect((await send('PUT', `/api/tournaments/${cup.id}/prize-split`, cookie, { prizes: split })).statusCode).toBe(200);
    const publicRead = async () => ((await t.app.inject({ method: 'GET', url: `/api/tournaments/${cup.id}` })).json() as { prizes: unknown[] }).prizes;
    expect(await publicRead()).toHaveLength(3);

    const grown = await send('PUT', `/api/tournaments/${cup.id}`, cookie, tournamentInput({ name: 'Growing Cup', prizePool: '6000.00' }));
    expect(grown.statusCode, grown.body).toBe(200);
    expect(await publicRead()).toEqual([]);
    const list = (await send('GET', `/api/tournaments/${cup.id}/prizes`, cookie)).json() as PrizeList;
    expect(list.problem).toBe('The prizes add up to $5,000.00, but the prize pool is $6,000.00: the split must add up to the pool');
    expect(list.prizes).toHaveLength(3);

    expect((await send('PUT', `/api/tournaments/${cup.id}/prize-split`, cookie, { prizes: [...split, { placement: 4, amount: '1000' }] })).statusCode).toBe(200);
    expect(await publicRead()).toHaveLength(4);
    expect(((await send('GET', `/api/tournaments/${cup.id}/prizes`, cookie)).json() as PrizeList).problem).toBeNull();
  });

  it('lets an organizer split the pool but leaves payouts to the owner', async () => {
    const { t, cookie } = await admin();
    const cup = await createOpenTournament(t, cookie, { prizePool: '5000.00' });
    const organizer = await t.loginAs('organizer');
    const staff = await t.loginAs('staff');
    expect((await send('PUT', `/api/tournaments/${cup.id}/prize-split`, staff, { prizes: split })).statusCode).toBe(403);
    expect((await send('PUT', `/api/tournaments/${cup.id}/prize-split`, organizer, { prizes: split })).statusCode).toBe(200);
    const payout = { paidTo: 'Someone', paidAt: '2026-12-20T10:00:00.000Z', method: 'PayPal', reference: '' };
    expect((await send('PUT', `/api/tournaments/${cup.id}/prizes/1/payout`, organizer, payout)).statusCode).toBe(403);
    expect((await send('GET', `/api/tournaments/${cup.id}/prizes`, organizer)).statusCode).toBe(403);
    expect((await send('PUT', `/api/tournaments/${cup.id}/prizes/1/payout`, cookie, payout)).statusCode).toBe(200);
  });
});
