import { and, eq, like } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { outbox, teams } from '../../src/server/db/schema.js';
import { countHeld } from '../../src/server/teams/lifecycle/spots.js';
import type { TeamPageData } from '../../src/shared/schemas/team-page.js';
import type { Tournament, TournamentInput } from '../../src/shared/schemas/tournament.js';
import type { WaitlistEntry } from '../../src/shared/schemas/waitlist.js';
import { confirmDemoCard, createOpenTournament, resumePaymentOnTeamLink, teamPayload, tournamentInput } from '../support/factories.js';
import { createTestApp, usesPostgres } from '../support/test-app.js';

const HOUR = 3_600_000;
const MINUTE = 60_000;

describe('the waitlist', () => {
  const app = createTestApp();
  let session: Promise<string> | null = null;
  /** The app and an admin session; after a jump of the fake clock past the session's life, resetClock signs in again. */
  const admin = async () => {
    const t = await app;
    return { t, cookie: await (session ??= t.login()) };
  };
  /** A new session: the old one expires when the fake clock jumps hours ahead. */
  async function signInAgain() {
    session = (await app).login();
    await session;
  }
  let clockMoved = false;
  /** Moves the fake clock; after the test it goes back to real time, with a new session. */
  async function moveClock(to: { by: number } | { at: number }) {
    const t = await app;
    clockMoved = true;
    if ('by' in to) t.clock.advance(to.by);
    else t.clock.set(new Date(to.at));
    await signInAgain();
  }
  // Whatever a test did, each tournament's counter of held spots equals its teams holding one.
  afterEach(async () => expect(await (await app).services.teams.checkHeldSpots()).toEqual([]));
  afterEach(async () => {
    if (!clockMoved) return;
    clockMoved = false;
    (await app).clock.set(new Date());
    await signInAgain();
  });

  async function register(tournamentId: string) {
    const { t } = await admin();
    const response = await t.app.inject({ method: 'POST', url: '/api/teams', payload: teamPayload(tournamentId) });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json() as { id: string; manageUrl: string };
    return { id: body.id, bearer: { authorization: `Bearer ${new URL(body.manageUrl, 'http://x').searchParams.get('key')}` } };
  }

  async function join(tournamentId: string, overrides: Record<string, unknown> = {}) {
    const { t } = await admin();
    const payload = { ...teamPayload(tournamentId, { captainEmail: 'waiting@example.com' }), ...overrides };
    const response = await t.app.inject({ method: 'POST', url: `/api/tournaments/${tournamentId}/waitlist`, payload });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json() as { id: string; position: number; manageUrl: string };
    const key = new URL(body.manageUrl, 'http://x').searchParams.get('key')!;
    return { ...body, bearer: { authorization: `Bearer ${key}` } };
  }

  /** A live tournament of 4 teams, all registered (pending holds of 30 minutes). */
  async function fullTournament(overrides: Partial<TournamentInput> = {}) {
    const { t, cookie } = await admin();
    const cup = await createOpenTournament(t, cookie, { maxTeams: 4, ...overrides });
    const registered = [];
    for (let i = 0; i < 4; i++) registered.push(await register(cup.id));
    return { cup, registered };
  }

  async function view(team: { id: string; bearer: Record<string, string> }): Promise<TeamPageData> {
    const { t } = await admin();
    const response = await t.app.inject({ method: 'GET', url: `/api/manage/${team.id}`, headers: team.bearer });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as TeamPageData;
  }

  async function adminList(tournamentId: string): Promise<WaitlistEntry[]> {
    const { t, cookie } = await admin();
    const response = await t.app.inject({ method: 'GET', url: `/api/tournaments/${tournamentId}/waitlist`, headers: { cookie } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as WaitlistEntry[];
  }

  async function capacity(tournamentId: string) {
    const { t } = await admin();
    return (await t.app.inject({ method: 'GET', url: `/api/tournaments/${tournamentId}/capacity` })).json() as Record<string, number>;
  }

  async function remove(teamId: string) {
    const { t, cookie } = await admin();
    const response = await t.app.inject({ method: 'POST', url: `/api/teams/${teamId}/remove`, headers: { cookie }, payload: { refund: 'none', reason: 'Left the tournament' } });
    expect(response.statusCode, response.body).toBe(200);
  }

  /** The captain pays from the team link with the demo provider's test card; answers the payment status. */
  async function payOnTeamLink(team: { id: string; bearer: Record<string, string> }) {
    const { t } = await admin();
    await confirmDemoCard(t.app, team, await resumePaymentOnTeamLink(t.app, team));
    return (await t.app.inject({ method: 'PATCH', url: `/api/teams/${team.id}/payment-complete`, headers: team.bearer })).json() as { paymentStatus: string };
  }

  async function offerMails(teamId: string) {
    const { t } = await admin();
    return t.database.db.select().from(outbox).where(and(eq(outbox.teamId, teamId), like(outbox.dedupeKey, 'waitlist-offer:%')));
  }

  it('is only for a full tournament: joining one with free spots is a clear 409', async () => {
    const { t, cookie } = await admin();
    const cup = await createOpenTournament(t, cookie, { maxTeams: 4 });
    await register(cup.id);
    const response = await t.app.inject({ method: 'POST', url: `/api/tournaments/${cup.id}/waitlist`, payload: teamPayload(cup.id) });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: 'This tournament is not full: register your team instead of joining the waitlist' });
  });

  it('validates the step 1 payload as registration does, and refuses a taken name or Riot ID', async () => {
    const { t } = await admin();
    const { cup, registered } = await fullTournament();
    const url = `/api/tournaments/${cup.id}/waitlist`;
    const bad = await t.app.inject({ method: 'POST', url, payload: { ...teamPayload(cup.id), name: 'x', players: [] } });
    expect(bad.statusCode).toBe(400);
    const issues = (bad.json() as { issues: { path: string; message: string }[] }).issues;
    expect(issues).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'name', message: 'Team name must be at least 3 characters' })]));
    expect(issues).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'players', message: 'Five players are required' })]));
    const elsewhere = await t.app.inject({ method: 'POST', url, payload: teamPayload('00000000-0000-4000-8000-000000000000') });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json()).toMatchObject({ issues: [{ path: 'tournamentId', message: 'Must be the tournament in the address' }] });
    const unknown = await t.app.inject({ method: 'POST', url: '/api/tournaments/00000000-0000-4000-8000-000000000000/waitlist', payload: teamPayload('00000000-0000-4000-8000-000000000000') });
    expect(unknown.statusCode).toBe(404);
    const [first] = await t.database.db.select().from(teams).where(eq(teams.id, registered[0].id));
    const taken = await t.app.inject({ method: 'POST', url, payload: teamPayload(cup.id, { name: first.name.toUpperCase() }) });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toContain('already registered');
    const notJson = await t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: '{' });
    expect(notJson.statusCode).toBe(400);
  });

  it('keeps teams in the order they joined; each captain gets a team link showing the place; capacity shows the counts', async () => {
    const { t } = await admin();
    const { cup } = await fullTournament();
    const first = await join(cup.id);
    const second = await join(cup.id);
    const third = await join(cup.id);
    expect([first.position, second.position, third.position]).toEqual([1, 2, 3]);
    expect(first.manageUrl).toMatch(new RegExp(`^/team/${first.id}\\?key=[A-Za-z0-9_-]{43}$`));
    expect((await view(second)).waitlist).toEqual({ position: 2, offerExpiresAt: null, offerLapsed: false, registrationClosed: false });
    expect((await view(second)).status).toBe('waitlisted');
    expect((await adminList(cup.id)).map((e) => [e.id, e.position, e.offer])).toEqual([
      [first.id, 1, 'waiting'],
      [second.id, 2, 'waiting'],
      [third.id, 3, 'waiting'],
    ]);
    expect(await capacity(cup.id)).toMatchObject({ registered: 4, capacity: 4, spotsLeft: 0, confirmed: 0, pending: 4, waiting: 3 });
    // Waiting teams are not registered teams: the public list still shows the four.
    expect(((await t.app.inject({ method: 'GET', url: `/api/tournaments/${cup.id}/teams` })).json() as unknown[]).length).toBe(4);
    // The captain's mail carries the link (the only copy besides the response).
    const [mail] = await t.database.db.select().from(outbox).where(eq(outbox.dedupeKey, `waitlisted:${first.id}`));
    expect(mail.body).toContain(first.manageUrl.split('?')[0]);
  });

  it('offers a freed spot to the first team for 12 hours, once; a claim leads to a normal hold paid with the demo provider', async () => {
    const { t } = await admin();
    const { cup, registered } = await fullTournament();
    const first = await join(cup.id);
    const second = await join(cup.id);
    await remove(registered[0].id);
    const at = t.clock.now().getTime();
    const offered = await view(first);
    expect(offered.waitlist?.position).toBe(1);
    const expiresAt = Date.parse(offered.waitlist!.offerExpiresAt!);
    expect(expiresAt).toBeGreaterThanOrEqual(at + 12 * HOUR - 5_000);
    expect(expiresAt).toBeLessThanOrEqual(at + 12 * HOUR + 5_000);
    expect((await view(second)).waitlist).toEqual({ position: 2, offerExpiresAt: null, offerLapsed: false, registrationClosed: false });
    expect(await offerMails(first.id)).toHaveLength(1);
    // The offered spot is kept: no newcomer takes it, and a second sweep offers nothing more.
    expect(await capacity(cup.id)).toMatchObject({ registered: 4, spotsLeft: 0, pending: 4, waiting: 1 });
    expect((await t.app.inject({ method: 'POST', url: '/api/teams', payload: teamPayload(cup.id) })).statusCode).toBe(409);
    expect(await t.services.waitlist.sweep()).toBe(0);
    expect(await offerMails(first.id)).toHaveLength(1);

    // Someone else's team cannot claim it.
    expect((await t.app.inject({ method: 'POST', url: `/api/manage/${second.id}/claim-offer`, headers: second.bearer })).statusCode).toBe(409);
    const claim = await t.app.inject({ method: 'POST', url: `/api/manage/${first.id}/claim-offer`, headers: first.bearer });
    expect(claim.statusCode, claim.body).toBe(200);
    expect(claim.json()).toMatchObject({ status: 'pending', waitlist: { position: null, offerExpiresAt: null }, payment: { canResume: true } });
    expect((await t.app.inject({ method: 'POST', url: `/api/manage/${first.id}/claim-offer`, headers: first.bearer })).statusCode).toBe(409);

    expect(await payOnTeamLink(first)).toEqual({ paymentStatus: 'completed' });
    expect(await capacity(cup.id)).toMatchObject({ registered: 4, confirmed: 1, pending: 3, waiting: 1 });
  });

  it('an unclaimed offer is never granted after its deadline, even before the sweep, and passes to the next team', async () => {
    const { t } = await admin();
    // Paid teams: the fake clock's hours must not expire their holds.
    const { cup, registered } = await fullTournament({ entryFee: '0.00' });
    const first = await join(cup.id);
    const second = await join(cup.id);
    await remove(registered[1].id);
    expect((await view(first)).waitlist?.offerExpiresAt).not.toBeNull();

    await moveClock({ by: 12 * HOUR + MINUTE });
    // No sweep yet: the offer reads as over, and claiming it is refused.
    expect((await view(first)).waitlist).toEqual({ position: null, offerExpiresAt: null, offerLapsed: true, registrationClosed: false });
    const late = await t.app.inject({ method: 'POST', url: `/api/manage/${first.id}/claim-offer`, headers: first.bearer });
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toContain('offer may have expired');
    expect((await adminList(cup.id)).map((e) => e.offer)).toEqual(['lapsed', 'waiting']);
    expect(await capacity(cup.id)).toMatchObject({ registered: 3, waiting: 1 });
    // The team behind it is next at once, too.
    expect((await view(second)).waitlist).toEqual({ position: 1, offerExpiresAt: null, offerLapsed: false, registrationClosed: false });

    // Earlier cups of this file still take registrations (several cups at once: being featured no longer
    // decides it), so the sweep may offer their freed spots too; this cup's offer is checked below.
    expect(await t.services.waitlist.sweep()).toBeGreaterThanOrEqual(1);
    expect((await view(first)).status).toBe('expired');
    const next = await view(second);
    expect(next.waitlist).toMatchObject({ position: 1, offerLapsed: false });
    expect(Date.parse(next.waitlist!.offerExpiresAt!)).toBe(t.clock.now().getTime() + 12 * HOUR);
    expect(await offerMails(second.id)).toHaveLength(1);
    // A free tournament: the claim confirms the team at once.
    const claim = await t.app.inject({ method: 'POST', url: `/api/manage/${second.id}/claim-offer`, headers: second.bearer });
    expect(claim.json()).toMatchObject({ status: 'completed' });
    expect(await capacity(cup.id)).toMatchObject({ registered: 4, confirmed: 4, pending: 0, waiting: 0 });
    expect((await adminList(cup.id)).length).toBe(0);
  });

  it('never offers past registration close: the window ends at the close, and after it nothing is offered', async () => {
    const { t } = await admin();
    const closes = Date.now() + 3 * HOUR;
    const { cup, registered } = await fullTournament({ entryFee: '0.00', registrationCloses: new Date(closes).toISOString() });
    const first = await join(cup.id);
    const second = await join(cup.id);
    await remove(registered[0].id);
    expect(Date.parse((await view(first)).waitlist!.offerExpiresAt!)).toBe(closes);

    await moveClock({ at: closes + MINUTE });
    await remove(registered[1].id);
    expect(await t.services.waitlist.sweep()).toBe(0);
    expect((await view(second)).waitlist).toEqual({ position: 1, offerExpiresAt: null, offerLapsed: false, registrationClosed: true });
    expect((await view(first)).waitlist?.offerLapsed).toBe(true);
  });

  it('lets a captain take the team off the waitlist: the team behind moves up, and a live offer passes to it', async () => {
    const { t } = await admin();
    const { cup, registered } = await fullTournament({ entryFee: '0.00' });
    const first = await join(cup.id);
    const second = await join(cup.id);
    const third = await join(cup.id);
    expect((await view(first)).withdrawal.canWithdraw).toBe(true);

    const left = await t.app.inject({ method: 'POST', url: `/api/manage/${first.id}/withdraw`, headers: first.bearer });
    expect(left.statusCode, left.body).toBe(200);
    expect(left.json()).toMatchObject({ status: 'removed', withdrawnAt: expect.any(String), waitlist: { position: null, offerExpiresAt: null }, refunds: [] });
    expect((await adminList(cup.id)).map((entry) => entry.id)).toEqual([second.id, third.id]);
    expect((await view(second)).waitlist).toMatchObject({ position: 1 });

    // With a spot on offer, leaving passes it on at once.
    await remove(registered[0].id);
    expect((await view(second)).waitlist?.offerExpiresAt).not.toBeNull();
    expect((await t.app.inject({ method: 'POST', url: `/api/manage/${second.id}/withdraw`, headers: second.bearer })).statusCode).toBe(200);
    expect((await view(third)).waitlist?.offerExpiresAt).not.toBeNull();
    expect(await capacity(cup.id)).toMatchObject({ waiting: 0 });
  });

  it('ends a live offer when the organizer closes registration early: not shown, not claimable, and claimable again if it reopens in time', async () => {
    const { t, cookie } = await admin();
    const { cup, registered } = await fullTournament({ entryFee: '0.00' });
    const first = await join(cup.id);
    await remove(registered[0].id);
    expect((await view(first)).waitlist?.offerExpiresAt).not.toBeNull();

    const setRegistration = (isOpen: boolean) =>
      t.app.inject({ method: 'PATCH', url: `/api/tournaments/${cup.id}/registration`, headers: { cookie }, payload: { isOpen } });
    expect((await setRegistration(false)).statusCode).toBe(200);
    expect((await view(first)).waitlist).toEqual({ position: 1, offerExpiresAt: null, offerLapsed: false, registrationClosed: true });
    const refused = await t.app.inject({ method: 'POST', url: `/api/manage/${first.id}/claim-offer`, headers: first.bearer });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: 'Registration is closed: the offered spot can no longer be claimed' });

    expect((await setRegistration(true)).statusCode).toBe(200);
    const claimed = await t.app.inject({ method: 'POST', url: `/api/manage/${first.id}/claim-offer`, headers: first.bearer });
    expect(claimed.statusCode, claimed.body).toBe(200);
  });

  it('a withdrawal frees a spot too, and so does an expired hold (offered by the sweep, or before a newcomer registers)', async () => {
    const { t } = await admin();
    const { cup, registered } = await fullTournament();
    const first = await join(cup.id);
    const second = await join(cup.id);
    const withdrawn = await t.app.inject({ method: 'POST', url: `/api/manage/${registered[2].id}/withdraw`, headers: registered[2].bearer });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect((await view(first)).waitlist?.offerExpiresAt).not.toBeNull();

    // The holds of 30 minutes expire: the waiting team is offered a spot before any newcomer.
    await moveClock({ by: 31 * MINUTE });
    const newcomer = await t.app.inject({ method: 'POST', url: '/api/teams', payload: teamPayload(cup.id) });
    expect(newcomer.statusCode, newcomer.body).toBe(201);
    expect((await view(second)).waitlist?.offerExpiresAt).not.toBeNull();
  });

  it('a paid team removed with a full refund frees its spot for the first waiting team', async () => {
    const { t, cookie } = await admin();
    const { cup, registered } = await fullTournament();
    const first = await join(cup.id);
    const paying = registered[1];
    expect(await payOnTeamLink(paying)).toEqual({ paymentStatus: 'completed' });
    expect(await capacity(cup.id)).toMatchObject({ confirmed: 1, waiting: 1 });
    expect((await view(first)).waitlist?.offerExpiresAt).toBeNull();

    const removed = await t.app.inject({ method: 'POST', url: `/api/teams/${paying.id}/remove`, headers: { cookie }, payload: { refund: 'full', reason: 'Roster broke up' } });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ status: 'refunded' });
    expect((await view(first)).waitlist?.offerExpiresAt).not.toBeNull();
    expect(await offerMails(first.id)).toHaveLength(1);
  });

  it('lets the organizer offer a free spot by hand, out of order, and refuses when none is free', async () => {
    const { t, cookie } = await admin();
    const { cup, registered } = await fullTournament({ entryFee: '0.00' });
    const first = await join(cup.id);
    const second = await join(cup.id);
    const none = await t.app.inject({ method: 'POST', url: `/api/teams/${second.id}/waitlist-offer`, headers: { cookie } });
    expect(none.statusCode).toBe(409);
    expect(none.json()).toEqual({ error: 'No spot is free: remove a team or raise the team limit first' });

    const current = (await t.app.inject({ method: 'GET', url: '/api/tournaments/active' })).json() as Tournament;
    const raised = await t.app.inject({ method: 'PUT', url: `/api/tournaments/${cup.id}`, headers: { cookie }, payload: { ...tournamentInput(), ...pick(current), maxTeams: 5 } });
    expect(raised.statusCode, raised.body).toBe(200);
    const byHand = await t.app.inject({ method: 'POST', url: `/api/teams/${second.id}/waitlist-offer`, headers: { cookie } });
    expect(byHand.statusCode, byHand.body).toBe(200);
    expect(byHand.json()).toMatchObject({ id: second.id, position: 2, offer: 'offered' });
    expect(await offerMails(second.id)).toHaveLength(1);
    expect((await view(first)).waitlist?.offerExpiresAt).toBeNull();
    const again = await t.app.inject({ method: 'POST', url: `/api/teams/${second.id}/waitlist-offer`, headers: { cookie } });
    expect(again.statusCode).toBe(409);
    const notWaiting = await t.app.inject({ method: 'POST', url: `/api/teams/${registered[0].id}/waitlist-offer`, headers: { cookie } });
    expect(notWaiting.json()).toEqual({ error: 'This team is not on the waitlist' });
  });

  it('answers 401 to the organizer routes without a session, 403 cross-site, and 404 to a claim with a wrong key', async () => {
    const { t, cookie } = await admin();
    const { cup } = await fullTournament();
    const first = await join(cup.id);
    expect((await t.app.inject({ method: 'GET', url: `/api/tournaments/${cup.id}/waitlist` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: `/api/teams/${first.id}/waitlist-offer` })).statusCode).toBe(401);
    const crossSite = await t.app.inject({ method: 'POST', url: `/api/teams/${first.id}/waitlist-offer`, headers: { cookie, origin: 'https://evil.example' } });
    expect(crossSite.statusCode).toBe(403);
    const joinCrossSite = await t.app.inject({ method: 'POST', url: `/api/tournaments/${cup.id}/waitlist`, headers: { origin: 'https://evil.example' }, payload: teamPayload(cup.id) });
    expect(joinCrossSite.statusCode).toBe(403);
    const wrongKey = await t.app.inject({ method: 'POST', url: `/api/manage/${first.id}/claim-offer`, headers: { authorization: 'Bearer nope' } });
    expect(wrongKey.statusCode).toBe(404);
  });

  it.runIf(usesPostgres)('never makes two offers for one freed spot, whatever races (PostgreSQL)', async () => {
    const { t, cookie } = await admin();
    const cup = await createOpenTournament(t, cookie, { maxTeams: 4 });
    const early = await register(cup.id);
    await moveClock({ by: 20 * MINUTE });
    for (let i = 0; i < 3; i++) await register(cup.id);
    const waiting = [];
    for (let i = 0; i < 4; i++) waiting.push(await join(cup.id));
    // The first hold expires: one spot is free, and nothing has offered it yet.
    await moveClock({ by: 15 * MINUTE });
    const results = await Promise.allSettled([
      ...Array.from({ length: 8 }, () => t.services.waitlist.sweep()),
      ...waiting.map((w) => t.app.inject({ method: 'POST', url: `/api/teams/${w.id}/waitlist-offer`, headers: { cookie } })),
      ...Array.from({ length: 3 }, () => t.app.inject({ method: 'POST', url: '/api/teams', payload: teamPayload(cup.id) })),
      ...Array.from({ length: 4 }, () => t.services.waitlist.offerFreedSpots(cup.id)),
    ]);
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    const offered = (await adminList(cup.id)).filter((e) => e.offer === 'offered');
    expect(offered).toHaveLength(1);
    expect(await countHeld(t.database.db, cup.id, t.clock.now())).toBe(4);
    const rows = await t.database.db.select().from(teams).where(eq(teams.tournamentId, cup.id));
    expect(rows.filter((r) => r.paymentStatus === 'pending' && r.releasedAt === null && r.id !== early.id)).toHaveLength(3);
    expect((await offerMails(offered[0].id)).length).toBe(1);
  });
});

/** The tournament form's fields of a tournament as read. */
function pick(tournament: Tournament): Partial<TournamentInput> {
  return {
    name: tournament.name,
    entryFee: tournament.entryFee,
    currency: tournament.currency as TournamentInput['currency'],
    registrationCloses: tournament.registrationCloses,
    tournamentDate: tournament.tournamentDate,
  };
}
