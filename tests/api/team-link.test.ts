import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, demoPayments, demoRefunds, refunds, teams } from '../../src/server/db/schema.js';
import { matchesHash, teamLinkMisses } from '../../src/server/teams/team-link.js';
import type { TeamPageData } from '../../src/shared/schemas/team-page.js';
import { confirmDemoCard, createOpenTournament, resumePaymentOnTeamLink, teamPayload } from '../support/factories.js';
import { createPaymentsTestApp, type PaymentsTestApp } from '../support/payments-app.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const HOUR = 3_600_000;
/** A tournament `hours` from now, its registration open until an hour before. */
const startingIn = (hours: number) => ({
  registrationCloses: new Date(Date.now() + (hours - 1) * HOUR).toISOString(),
  tournamentDate: new Date(Date.now() + hours * HOUR).toISOString(),
});

/** Registers a team as the wizard does; returns its id, owner cookie, team link and the link's key. */
async function register(t: TestApp | PaymentsTestApp, tournamentId: string, overrides: Record<string, unknown> = {}) {
  const response = await t.app.inject({ method: 'POST', url: '/api/teams', payload: { ...teamPayload(tournamentId), ...overrides } });
  expect(response.statusCode, response.body).toBe(201);
  const body = response.json() as { id: string; manageUrl: string };
  const cookie = response.cookies.find((c) => c.name === `team_${body.id}`)!;
  const key = new URL(body.manageUrl, 'http://x').searchParams.get('key')!;
  return { id: body.id, manageUrl: body.manageUrl, key, owner: `${cookie.name}=${cookie.value}`, bearer: { authorization: `Bearer ${key}` } };
}

type Registered = Awaited<ReturnType<typeof register>>;

describe('the team link', () => {
  const setup = (async () => {
    const t = await createTestApp();
    const cookie = await t.login();
    const cup = await createOpenTournament(t, cookie, { name: 'Link Cup' });
    return { t, cookie, cup };
  })();

  it('is returned by POST /api/teams as /team/{id}?key=<256-bit key>; only the key’s hash is stored', async () => {
    const { t, cup } = await setup;
    const team = await register(t, cup.id, { captainEmail: 'cap@example.com' });
    expect(team.manageUrl).toMatch(new RegExp(`^/team/${team.id}\\?key=[A-Za-z0-9_-]{43}$`));
    expect(Buffer.from(team.key, 'base64url')).toHaveLength(32);
    const [row] = await t.database.db.select().from(teams).where(eq(teams.id, team.id));
    expect(row.teamLinkHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.teamLinkHash).not.toContain(team.key);
    expect(matchesHash(row.teamLinkHash, team.key)).toBe(true);
    expect(row.captainEmail).toBe('cap@example.com');
  });

  it('opens the team with the key as a Bearer header or as the key parameter', async () => {
    const { t, cup } = await setup;
    const team = await register(t, cup.id);
    const byHeader = await t.app.inject({ method: 'GET', url: `/api/manage/${team.id}`, headers: team.bearer });
    expect(byHeader.statusCode, byHeader.body).toBe(200);
    expect(byHeader.headers['cache-control']).toBe('private, no-store');
    const view = byHeader.json() as TeamPageData;
    expect(view).toMatchObject({
      id: team.id,
      status: 'pending',
      withdrawnAt: null,
      tournament: { id: cup.id, name: 'Link Cup', entryFee: '50.00', currency: 'USD', isCancelled: false },
      organizerName: 'Clutch Cup',
      payment: { amountPaid: null, amountRefunded: 0, canResume: true, holdExpiresAt: expect.any(String) },
      roster: { isLocked: false, canChange: true },
      withdrawal: { canWithdraw: true, refundAmount: 0 },
    });
    expect(view.players).toHaveLength(4);
    const byQuery = await t.app.inject({ method: 'GET', url: team.manageUrl.replace('/team/', '/api/manage/') });
    expect(byQuery.statusCode).toBe(200);
  });

  it('answers 404 without a key, with a wrong key, with another team’s key, and for an unknown team', async () => {
    const { t, cup } = await setup;
    const team = await register(t, cup.id);
    const other = await register(t, cup.id);
    const wrongKey = `${team.key.slice(0, -2)}${team.key.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const request of [
      { url: `/api/manage/${team.id}` },
      { url: `/api/manage/${team.id}`, headers: { authorization: `Bearer ${wrongKey}` } },
      { url: `/api/manage/${team.id}?key=short` },
      { url: `/api/manage/${team.id}`, headers: other.bearer },
      { url: `/api/manage/00000000-0000-4000-8000-000000000000`, headers: team.bearer },
      { url: `/api/manage/not-a-team`, headers: team.bearer },
    ]) {
      const response = await t.app.inject({ method: 'GET', ...request });
      expect(response.statusCode, request.url).toBe(404);
      expect(response.json()).toEqual({ error: 'Team not found' });
    }
    // The owner cookie alone opens nothing here: the page is the link's.
    expect((await t.app.inject({ method: 'GET', url: `/api/manage/${team.id}`, headers: { cookie: team.owner } })).statusCode).toBe(404);
    for (const url of [`/api/manage/${team.id}/withdraw`, `/api/manage/${team.id}/resume-payment`]) {
      expect((await t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${wrongKey}` } })).statusCode).toBe(404);
    }
  });

  it('stops answering an old link once the organizer makes a new one (recorded in the audit log)', async () => {
    const { t, cookie, cup } = await setup;
    const team = await register(t, cup.id);
    expect((await t.app.inject({ method: 'POST', url: `/api/teams/${team.id}/team-link` })).statusCode).toBe(401);
    const rotated = await t.app.inject({ method: 'POST', url: `/api/teams/${team.id}/team-link`, headers: { cookie } });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const { manageUrl } = rotated.json() as { manageUrl: string };
    expect(manageUrl).not.toBe(team.manageUrl);
    expect((await t.app.inject({ method: 'GET', url: `/api/manage/${team.id}`, headers: team.bearer })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: manageUrl.replace('/team/', '/api/manage/') })).statusCode).toBe(200);
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'team.link_rotate'));
    expect(entry).toMatchObject({ actor: 'organizer', targetId: team.id, before: null, after: null });
  });

  it('keeps the captain’s e-mail off the public team list, and shows it to the organizer', async () => {
    const { t, cookie, cup } = await setup;
    const team = await register(t, cup.id, { captainEmail: 'private@example.com' });
    const publicList = await t.app.inject({ method: 'GET', url: `/api/tournaments/${cup.id}/teams` });
    expect(publicList.body).not.toContain('private@example.com');
    const adminList = await t.app.inject({ method: 'GET', url: `/api/tournaments/${cup.id}/teams`, headers: { cookie } });
    expect((adminList.json() as { id: string; captainEmail?: string }[]).find((row) => row.id === team.id)?.captainEmail).toBe('private@example.com');
  });

  it('refuses a captain e-mail that is not an address, with the contact form’s message', async () => {
    const { t, cup } = await setup;
    const response = await t.app.inject({ method: 'POST', url: '/api/teams', payload: { ...teamPayload(cup.id), captainEmail: 'not-an-address' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toContainEqual({ path: 'captainEmail', message: 'Please enter a valid email address' });
  });
});

describe('roster changes through the team link', () => {
  const setup = (async () => {
    const t = await createTestApp();
    const cookie = await t.login();
    const cup = await createOpenTournament(t, cookie, { name: 'Roster Cup' });
    return { t, cookie, cup };
  })();

  const roster = (overrides: Record<string, string> = {}) => ({
    player2RiotId: 'Swap2#EUW',
    player3RiotId: 'Swap3#EUW',
    player4RiotId: 'Swap4#EUW',
    player5RiotId: 'Swap5#EUW',
    sub1RiotId: 'NewSub#EUW',
    sub2RiotId: '',
    ...overrides,
  });

  async function put(team: Registered, body: Record<string, string>) {
    const { t } = await setup;
    return t.app.inject({ method: 'PUT', url: `/api/manage/${team.id}/roster`, headers: team.bearer, payload: body });
  }

  it('changes players 2 to 5 and the substitutes before the lock, recording before and after for the organizer', async () => {
    const { t, cookie, cup } = await setup;
    const team = await register(t, cup.id);
    const response = await put(team, roster());
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ players: ['Swap2#EUW', 'Swap3#EUW', 'Swap4#EUW', 'Swap5#EUW'], substitutes: ['NewSub#EUW'] });

    const publicTeam = ((await t.app.inject({ method: 'GET', url: `/api/tournaments/${cup.id}/teams` })).json() as { id: string; substitutes: unknown }[]).find(
      (row) => row.id === team.id,
    );
    expect(publicTeam?.substitutes).toEqual([{ riotId: 'NewSub#EUW' }]);

    const changes = await t.app.inject({ method: 'GET', url: `/api/tournaments/${cup.id}/roster-changes`, headers: { cookie } });
    expect(changes.json()[0]).toMatchObject({
      teamId: team.id,
      changedBy: 'captain',
      after: { players: ['Swap2#EUW', 'Swap3#EUW', 'Swap4#EUW', 'Swap5#EUW'], substitutes: ['NewSub#EUW'] },
      before: {
        players: [expect.stringMatching(/^Second/), expect.stringMatching(/^Third/), expect.stringMatching(/^Fourth/), expect.stringMatching(/^Fifth/)],
      },
    });
    // The append-only audit log keeps the change's id, never the Riot IDs.
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'team.roster_change'));
    expect(entry).toMatchObject({ actor: 'captain', targetId: team.id, after: { rosterChangeId: changes.json()[0].id } });
    expect(JSON.stringify(entry)).not.toContain('Swap2#EUW');
    // The old Riot IDs are free again.
    const freed = changes.json()[0].before.players[0] as string;
    const players = [
      { riotId: 'Fresh1#EUW', role: 'Captain' },
      { riotId: freed },
      { riotId: 'Fresh3#EUW' },
      { riotId: 'Fresh4#EUW' },
      { riotId: 'Fresh5#EUW' },
    ];
    const reused = await t.app.inject({
      method: 'POST',
      url: '/api/teams',
      payload: teamPayload(cup.id, { captainRiotId: 'Fresh1#EUW', players, substitutes: [] }),
    });
    expect(reused.statusCode, reused.body).toBe(201);
  });

  it('validates with the registration form’s rules', async () => {
    const { t, cup } = await setup;
    const team = await register(t, cup.id);
    const short = await put(team, roster({ player3RiotId: 'ab' }));
    expect(short.statusCode).toBe(400);
    expect(short.json().issues).toContainEqual({ path: 'player3RiotId', message: 'Player 3 Riot ID is required' });
    const repeated = await put(team, roster({ sub1RiotId: 'Swap2#EUW' }));
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json()).toEqual({ error: 'Each player must have a different Riot ID', issues: [{ path: 'sub1RiotId', message: 'Each player must have a different Riot ID' }] });
    const untagged = await put(team, roster({ player4RiotId: 'NoTagHere' }));
    expect(untagged.statusCode).toBe(400);
    expect(untagged.json().issues).toContainEqual({
      path: 'player4RiotId',
      message: 'Player 4 Riot ID must look like Name#TAG: a name of 3 to 16 characters, # and a tag of 3 to 5 letters or digits',
    });
  });

  it('refuses a Riot ID already on another team (409)', async () => {
    const { t, cup } = await setup;
    const mine = await register(t, cup.id);
    await register(t, cup.id, { substitutes: [{ riotId: 'Taken#EUW' }] });
    const response = await put(mine, {
      player2RiotId: 'Own2#EUW',
      player3RiotId: 'Own3#EUW',
      player4RiotId: 'Own4#EUW',
      player5RiotId: 'Own5#EUW',
      sub1RiotId: '',
      sub2RiotId: 'taken#euw',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatch(/^Riot ID "Taken#EUW" is already on a team in this tournament\. A player can play for one team only/);
    // On the roster form's field it came from: Substitute 2, although Substitute 1 is empty.
    expect(response.json().issues).toEqual([{ path: 'sub2RiotId', message: response.json().error }]);
  });

  it('refuses changes once the roster has locked (the organizer’s time, or registration close)', async () => {
    const { t, cookie, cup } = await setup;
    const team = await register(t, cup.id);
    const { id: _id, createdAt: _c, status: _s, registrationOpen: _r, cancelledAt: _x, ...fields } = cup as unknown as Record<string, unknown>;
    const locked = await t.app.inject({
      method: 'PUT',
      url: `/api/tournaments/${cup.id}`,
      headers: { cookie },
      payload: { ...fields, rosterLocksAt: new Date(Date.now() - 60_000).toISOString() },
    });
    expect(locked.statusCode, locked.body).toBe(200);
    const view = (await t.app.inject({ method: 'GET', url: `/api/manage/${team.id}`, headers: team.bearer })).json() as TeamPageData;
    expect(view.roster).toMatchObject({ isLocked: true, canChange: false });
    const response = await put(team, roster({ player2RiotId: 'Late2#EUW' }));
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe('The roster is locked: Riot IDs can no longer be changed');

    // Without the organizer's time, the roster locks at registration close.
    await t.app.inject({ method: 'PUT', url: `/api/tournaments/${cup.id}`, headers: { cookie }, payload: { ...fields, rosterLocksAt: null } });
    expect(((await t.app.inject({ method: 'GET', url: `/api/manage/${team.id}`, headers: team.bearer })).json() as TeamPageData).roster).toMatchObject({
      isLocked: false,
      locksAt: cup.registrationCloses,
    });
    t.clock.set(new Date(new Date(cup.registrationCloses).getTime() + 1000));
    expect((await put(team, roster({ player2RiotId: 'Later2#EUW' }))).statusCode).toBe(409);
  });
});

describe('wrong keys are rate limited, the right key never', () => {
  // Built when these tests start, not while the file loads with the other describes' apps.
  let setup: Promise<{ t: TestApp; cup: { id: string } }>;
  beforeAll(() => {
    setup = (async () => {
      const t = await createTestApp({ RATE_LIMITS: 'on', TRUST_PROXY: 'true' });
      const cookie = await t.login();
      const cup = await createOpenTournament(t, cookie, { name: 'Limited Cup', maxTeams: 64 });
      return { t, cup };
    })();
  });
  const open = async (t: TestApp, teamId: string, key: string, ip: string) =>
    t.app.inject({ method: 'GET', url: `/api/manage/${teamId}`, headers: { authorization: `Bearer ${key}`, 'x-forwarded-for': ip } });
  const unknownTeam = '7d0f5b8e-51a4-4c1e-9d33-0b8f3f6c2a11';

  it('lets the right key in from an address that sent 25 wrong ones (a LAN party behind one NAT), and refuses its further wrong keys with 429', async () => {
    const { t, cup } = await setup;
    const team = await register(t, cup.id);
    const other = await register(t, cup.id);
    const lan = '198.51.100.20';
    for (let i = 0; i < 25; i++) {
      const answer = await open(t, team.id, `guess${i}`, lan);
      expect(answer.statusCode, `guess ${i}`).toBe(i < teamLinkMisses.perAddress ? 404 : 429);
    }
    // Past the address's budget: wrong keys get 429 with Retry-After, for a known and an unknown team alike.
    for (const teamId of [team.id, other.id, unknownTeam]) {
      const limited = await open(t, teamId, 'one-more-guess', lan);
      expect(limited.statusCode, teamId).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(teamLinkMisses.windowMs / 1000);
      expect(limited.json()).toEqual({ error: 'Too many requests, please try again later' });
    }
    // The right keys, from the same address, at once.
    expect((await open(t, team.id, team.key, lan)).statusCode).toBe(200);
    expect((await open(t, other.id, other.key, lan)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/manage/${team.id}?key=${team.key}`, headers: { 'x-forwarded-for': lan } })).statusCode).toBe(200);
    // Another address is not affected.
    expect((await open(t, other.id, 'a-guess', '198.51.100.21')).statusCode).toBe(404);
  });

  it('limits the wrong keys for one team link across any number of addresses, and still lets its right key in', async () => {
    const { t, cup } = await setup;
    const team = await register(t, cup.id);
    for (let i = 0; i < teamLinkMisses.perLink; i++) expect((await open(t, team.id, `guess${i}`, `203.0.113.${i + 1}`)).statusCode).toBe(404);
    const fresh = '203.0.113.200';
    const limited = await open(t, team.id, 'guess-more', fresh);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // The link is limited, not the address: the same address's wrong key for another team is a plain 404.
    expect((await open(t, unknownTeam, 'guess', fresh)).statusCode).toBe(404);
    expect((await open(t, team.id, team.key, fresh)).statusCode).toBe(200);
    // The window passes: wrong keys are answered 404 again.
    t.clock.advance(teamLinkMisses.windowMs);
    expect((await open(t, team.id, 'guess-later', fresh)).statusCode).toBe(404);
    t.clock.set(new Date());
  });

  it('treats a team id that does not exist exactly like one that does', async () => {
    const { t } = await setup;
    const missing = '0b5a2f6e-9c1d-4e7a-8f20-3d4c5b6a7e81';
    for (let i = 0; i < teamLinkMisses.perLink; i++) expect((await open(t, missing, `guess${i}`, `192.0.2.${i + 1}`)).statusCode).toBe(404);
    expect((await open(t, missing, 'guess-more', '192.0.2.200')).statusCode).toBe(429);
  });
});

describe.each(['demo', 'stripe'] as const)('withdrawal and payment through the team link (%s provider)', (provider) => {
  const setup = createPaymentsTestApp({ provider });
  let counter = 0;

  async function tournament(hours: number) {
    const t = await setup;
    const cookie = await t.login();
    return createOpenTournament(t as unknown as TestApp, cookie, { name: `${provider} withdraw cup ${++counter}`, entryFee: '25.00', ...startingIn(hours) });
  }

  /** Pays as the team page does: the payment resumed through the link, confirmed with the link's key only. */
  async function payThroughLink(team: Registered) {
    const t = await setup;
    const clientSecret = await resumePaymentOnTeamLink(t.app, team);
    if (provider === 'demo') await confirmDemoCard(t.app, team, clientSecret);
    else t.stripe!.confirm(clientSecret.split('_secret_')[0]);
    const complete = await t.app.inject({ method: 'PATCH', url: `/api/teams/${team.id}/payment-complete`, headers: team.bearer });
    expect(complete.json()).toEqual({ paymentStatus: 'completed' });
    return clientSecret;
  }

  async function providerRefunds(teamId: string) {
    const t = await setup;
    const [{ paymentRef }] = await t.database.db.select().from(teams).where(eq(teams.id, teamId));
    if (provider === 'demo') return (await t.database.db.select().from(demoRefunds).where(eq(demoRefunds.paymentId, paymentRef!))).map((r) => r.amount);
    return [...t.stripe!.refunds.values()].filter((r) => r.payment_intent === paymentRef).map((r) => r.amount);
  }

  it('resuming a payment reuses the one the wizard started, and the link alone can pay', async () => {
    const t = await setup;
    const cup = await tournament(100);
    const team = await register(t, cup.id);
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: { cookie: team.owner },
      payload: { tournamentId: cup.id, teamId: team.id },
    });
    const resumedOnce = await t.app.inject({ method: 'POST', url: `/api/manage/${team.id}/resume-payment`, headers: team.bearer });
    expect(resumedOnce.json().clientSecret).toBe(started.json().clientSecret);
    expect(await payThroughLink(team)).toBe(started.json().clientSecret);
    if (provider === 'demo') expect(await t.database.db.select().from(demoPayments).where(eq(demoPayments.teamId, team.id))).toHaveLength(1);
    else expect([...t.stripe!.intents.values()].filter((pi) => pi.metadata.teamId === team.id)).toHaveLength(1);

    const view = (await t.app.inject({ method: 'GET', url: `/api/manage/${team.id}`, headers: team.bearer })).json() as TeamPageData;
    expect(view).toMatchObject({
      status: 'completed',
      payment: { amountPaid: 2500, currency: 'USD', paidAt: expect.any(String), reference: expect.any(String), canResume: false, holdExpiresAt: null },
    });
    // Paid: nothing to resume.
    const again = await t.app.inject({ method: 'POST', url: `/api/manage/${team.id}/resume-payment`, headers: team.bearer });
    expect(again.statusCode).toBe(409);
  });

  it.each([
    [72, 2500, 100, 'refunded'],
    [30, 1250, 50, 'removed'],
    [2, 0, 0, 'removed'],
  ] as const)('withdrawing %i h before the start refunds %i (%i %%) at once and releases the spot', async (hours, amount, percent, status) => {
    const t = await setup;
    const cup = await tournament(hours);
    const team = await register(t, cup.id);
    await payThroughLink(team);
    const before = (await t.app.inject({ method: 'GET', url: `/api/manage/${team.id}`, headers: team.bearer })).json() as TeamPageData;
    expect(before.withdrawal).toMatchObject({ canWithdraw: true, refundAmount: amount, refundPercent: percent });

    const withdrawn = await t.app.inject({ method: 'POST', url: `/api/manage/${team.id}/withdraw`, headers: team.bearer });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    const view = withdrawn.json() as TeamPageData;
    expect(view).toMatchObject({
      status,
      withdrawnAt: expect.any(String),
      withdrawal: { canWithdraw: false },
      roster: { canChange: false },
      payment: { amountRefunded: amount },
    });
    expect(view.refunds).toEqual(amount ? [expect.objectContaining({ amount, kind: 'withdrawal', status: 'succeeded', requestedBy: 'captain' })] : []);
    expect(await providerRefunds(team.id)).toEqual(amount ? [amount] : []);
    const capacity = (await t.app.inject({ method: 'GET', url: `/api/tournaments/${cup.id}/capacity` })).json() as { registered: number };
    expect(capacity.registered).toBe(0);
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, team.id));
    expect(entry).toMatchObject({ action: 'team.withdraw', actor: 'captain', before: { status: 'completed', amountPaid: 2500 } });

    // A second withdrawal changes nothing and refunds nothing more.
    const again = await t.app.inject({ method: 'POST', url: `/api/manage/${team.id}/withdraw`, headers: team.bearer });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ status, withdrawnAt: view.withdrawnAt, payment: { amountRefunded: amount } });
    expect(await providerRefunds(team.id)).toEqual(amount ? [amount] : []);
    expect(await t.database.db.select().from(refunds).where(eq(refunds.teamId, team.id))).toHaveLength(amount ? 1 : 0);
  });

  it('lets an unpaid team withdraw (no refund) and never withdraws a team twice at once', async () => {
    const t = await setup;
    const cup = await tournament(100);
    const team = await register(t, cup.id);
    const [first, second] = await Promise.all([
      t.app.inject({ method: 'POST', url: `/api/manage/${team.id}/withdraw`, headers: team.bearer }),
      t.app.inject({ method: 'POST', url: `/api/manage/${team.id}/withdraw`, headers: team.bearer }),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(first.json()).toMatchObject({ status: 'removed', refunds: [] });
    expect(await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, team.id))).toHaveLength(1);
    // Once withdrawn, the payment cannot be resumed.
    expect((await t.app.inject({ method: 'POST', url: `/api/manage/${team.id}/resume-payment`, headers: team.bearer })).statusCode).toBe(409);
  });
});
