import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createOpenTournament, teamPayload } from '../support/factories.js';
import { createPaymentsTestApp, type PaymentsTestApp } from '../support/payments-app.js';
import { usesPostgres, type TestApp } from '../support/test-app.js';

const reason = 'needs real PostgreSQL: set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres) to run it';
if (!usesPostgres) console.warn(`payments-concurrency: skipped, ${reason}`);

describe.skipIf(!usesPostgres)(`holds under concurrent registration on PostgreSQL (${reason})`, () => {
  let t: PaymentsTestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createPaymentsTestApp({ provider: 'demo' });
    cookie = await t.login();
  });
  afterEach(async () => expect(await t.services.teams.checkHeldSpots()).toEqual([]));

  it('gives 100 simultaneous captains exactly 16 holds, and the spots come back when the holds expire', async () => {
    const tournament = await createOpenTournament(t as unknown as TestApp, cookie, { name: 'Stampede Cup', maxTeams: 16 });
    const payloads = Array.from({ length: 100 }, () => teamPayload(tournament.id));
    const responses = await Promise.all(payloads.map((payload) => t.app.inject({ method: 'POST', url: '/api/teams', payload })));
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(16);
    expect(statuses.filter((s) => s === 409)).toHaveLength(84);
    expect(responses.filter((r) => r.statusCode === 409).every((r) => r.json().error === 'This tournament is full')).toBe(true);
    const capacity = async () => (await t.app.inject({ method: 'GET', url: `/api/tournaments/${tournament.id}/capacity` })).json();
    expect(await capacity()).toMatchObject({ registered: 16, spotsLeft: 0 });

    t.clock.advance(30 * 60_000 + 1000);
    expect(await capacity()).toMatchObject({ registered: 0, spotsLeft: 16 });
    expect(await t.services.payments.sweepExpiredHolds()).toBe(16);

    // A second wave gets the 16 spots again, still never more.
    const again = await Promise.all(Array.from({ length: 40 }, () => t.app.inject({ method: 'POST', url: '/api/teams', payload: teamPayload(tournament.id) })));
    expect(again.filter((r) => r.statusCode === 201)).toHaveLength(16);
    expect(await capacity()).toMatchObject({ registered: 16, spotsLeft: 0 });
  });
});
