import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { teams } from '../../src/server/db/schema.js';
import { cupFullMessage, type CupToRegisterAgain, type RegisterAgainResult } from '../../src/shared/schemas/register-again.js';
import type { TeamPageData } from '../../src/shared/schemas/team-page.js';
import { confirmDemoCard, createOpenTournament, registerTeam, resumePaymentOnTeamLink, teamPayload } from '../support/factories.js';
import { createTestApp } from '../support/test-app.js';
import { multipartBody, pngImage } from '../support/upload-fixtures.js';

/** Returning teams (issue 31): the same team registered again for another cup, a separate registration. */
describe('registering a team again for another cup', () => {
  const app = createTestApp();
  let session: Promise<string> | null = null;
  const admin = async () => {
    const t = await app;
    return { t, cookie: await (session ??= t.login()) };
  };

  const bearerOf = (manageUrl: string) => ({ authorization: `Bearer ${new URL(manageUrl, 'http://x').searchParams.get('key')}` });

  /** A team registered for a first cup, then a second cup opened (the first may stay open or not: both work). */
  async function teamAndSecondCup(second: Parameters<typeof createOpenTournament>[2] = {}) {
    const { t, cookie } = await admin();
    const first = await createOpenTournament(t, cookie, { name: 'First Cup' });
    const team = await registerTeam(t.app, first.id);
    const cup = await createOpenTournament(t, cookie, { name: 'Second Cup', ...second });
    return { t, cookie, first, cup, team: { id: team.id, bearer: team.teamLink } };
  }

  async function again(team: { id: string; bearer: Record<string, string> }, payload: Record<string, unknown>) {
    const { t } = await admin();
    return t.app.inject({ method: 'POST', url: `/api/manage/${team.id}/register-again`, headers: team.bearer, payload: { acceptedTerms: true, ageConfirmed: true, ...payload } });
  }

  async function view(team: { id: string; bearer: Record<string, string> }) {
    const { t } = await admin();
    const response = await t.app.inject({ method: 'GET', url: `/api/manage/${team.id}`, headers: team.bearer });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as TeamPageData;
  }

  it('lists the cups open now, and registers the same team as a separate team with its own hold and team link', async () => {
    const { t, first, cup, team } = await teamAndSecondCup();
    const listed = await t.app.inject({ method: 'GET', url: `/api/manage/${team.id}/register-again`, headers: team.bearer });
    expect(listed.statusCode, listed.body).toBe(200);
    const cups = (listed.json() as { cups: CupToRegisterAgain[] }).cups;
    expect(cups.map((c) => c.id)).toContain(cup.id);
    expect(cups.map((c) => c.id)).not.toContain(first.id);
    expect(cups.find((c) => c.id === cup.id)).toMatchObject({ name: 'Second Cup', entryFee: '50.00', currency: 'USD', isFull: false, spotsLeft: 32 });

    const response = await again(team, { tournamentId: cup.id });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json() as RegisterAgainResult;
    expect(created.id).not.toBe(team.id);
    expect(created).toMatchObject({ tournamentId: cup.id, paymentStatus: 'pending', waitlistPosition: null });
    expect(created.holdExpiresAt).not.toBeNull();
    expect(response.headers['set-cookie']).toEqual(expect.stringContaining(`team_${created.id}=`));

    // Its own link opens it; the first registration's link does not.
    const fresh = { id: created.id, bearer: bearerOf(created.manageUrl) };
    const original = await view(team);
    const copy = await view(fresh);
    expect(copy).toMatchObject({ name: original.name, captainRiotId: original.captainRiotId, captainDiscord: original.captainDiscord, players: original.players, substitutes: original.substitutes, status: 'pending' });
    expect(copy.tournament.id).toBe(cup.id);
    expect((await t.app.inject({ method: 'GET', url: `/api/manage/${created.id}`, headers: team.bearer })).statusCode).toBe(404);

    // Where it came from is recorded; its money is its own.
    const [row] = await t.database.db.select().from(teams).where(eq(teams.id, created.id));
    expect(row).toMatchObject({ previousTeamId: team.id, lineageId: team.id, amountPaid: null });
    await confirmDemoCard(t.app, fresh, await resumePaymentOnTeamLink(t.app, fresh));
    const complete = await t.app.inject({ method: 'PATCH', url: `/api/teams/${created.id}/payment-complete`, headers: fresh.bearer });
    expect(complete.statusCode, complete.body).toBe(200);
    expect((await view(fresh)).status).toBe('completed');
    expect((await view(team)).status).toBe('pending');

    // Once in the cup, it is not listed again, nor registered twice.
    const after = await t.app.inject({ method: 'GET', url: `/api/manage/${team.id}/register-again`, headers: team.bearer });
    expect((after.json() as { cups: CupToRegisterAgain[] }).cups.map((c) => c.id)).not.toContain(cup.id);
    const twice = await again(team, { tournamentId: cup.id });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ error: 'Your team is already registered for this cup under another registration' });
  });

  it('takes an edited roster, checked as a registration is', async () => {
    const { t, cup, team } = await teamAndSecondCup();
    const roster = { player2RiotId: 'NewSecond#EUW', player3RiotId: 'NewThird#EUW', player4RiotId: 'NewFourth#EUW', player5RiotId: 'NewFifth#EUW', sub1RiotId: '', sub2RiotId: '' };
    const bad = await again(team, { tournamentId: cup.id, roster: { ...roster, player3RiotId: 'nohash' } });
    expect(bad.statusCode).toBe(400);
    const response = await again(team, { tournamentId: cup.id, roster });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json() as RegisterAgainResult;
    const copy = await view({ id: created.id, bearer: bearerOf(created.manageUrl) });
    expect(copy.players).toEqual(['NewSecond#EUW', 'NewThird#EUW', 'NewFourth#EUW', 'NewFifth#EUW']);
    expect(copy.substitutes).toEqual([]);
    expect(t).toBeDefined();
  });

  it('refuses a look-alike of a name already in the new cup, and the cup the team is in', async () => {
    const { t, first, cup, team } = await teamAndSecondCup();
    const original = await view(team);
    await registerTeam(t.app, cup.id, { name: original.name.toUpperCase() });
    const taken = await again(team, { tournamentId: cup.id });
    expect(taken.statusCode).toBe(409);
    const same = await again(team, { tournamentId: first.id });
    expect(same.statusCode).toBe(409);
    expect(same.json()).toMatchObject({ error: 'Your team is already registered for this cup' });
  });

  it('refuses a cup whose registration is closed, saying so', async () => {
    const { t, cookie, cup, team } = await teamAndSecondCup();
    const closed = await t.app.inject({ method: 'PATCH', url: `/api/tournaments/${cup.id}/registration`, headers: { cookie }, payload: { isOpen: false } });
    expect(closed.statusCode, closed.body).toBe(200);
    const response = await again(team, { tournamentId: cup.id });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: 'Registration is closed for this tournament' });
    const listed = await t.app.inject({ method: 'GET', url: `/api/manage/${team.id}/register-again`, headers: team.bearer });
    expect((listed.json() as { cups: CupToRegisterAgain[] }).cups.map((c) => c.id)).not.toContain(cup.id);
  });

  it('offers the waitlist of a full cup, and joins it when asked', async () => {
    const { t, cup, team } = await teamAndSecondCup({ maxTeams: 4 });
    for (let i = 0; i < 4; i++) await registerTeam(t.app, cup.id);
    const listed = await t.app.inject({ method: 'GET', url: `/api/manage/${team.id}/register-again`, headers: team.bearer });
    expect((listed.json() as { cups: CupToRegisterAgain[] }).cups.find((c) => c.id === cup.id)).toMatchObject({ isFull: true, spotsLeft: 0 });
    const full = await again(team, { tournamentId: cup.id });
    expect(full.statusCode).toBe(409);
    expect(full.json()).toEqual({ error: cupFullMessage, issues: [{ path: 'joinWaitlist', message: cupFullMessage }] });
    const joined = await again(team, { tournamentId: cup.id, joinWaitlist: true });
    expect(joined.statusCode, joined.body).toBe(201);
    const created = joined.json() as RegisterAgainResult;
    expect(created).toMatchObject({ paymentStatus: 'waitlisted', waitlistPosition: 1, holdExpiresAt: null });
    expect((await view({ id: created.id, bearer: bearerOf(created.manageUrl) })).waitlist?.position).toBe(1);
  });

  it('lists each cup in the export, and erasing one registration leaves the other', async () => {
    const { t, first, cup, team } = await teamAndSecondCup();
    // The team's logo, uploaded once, is carried to the new registration.
    const upload = await multipartBody('logo', await pngImage(64, 48));
    const uploaded = await t.app.inject({ method: 'POST', url: '/api/upload-logo', payload: upload.payload, headers: upload.headers });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const { logoUrl } = uploaded.json() as { logoUrl: string };
    await t.database.db.update(teams).set({ logoUrl }).where(eq(teams.id, team.id));
    const created = (await again(team, { tournamentId: cup.id })).json() as RegisterAgainResult;
    const fresh = { id: created.id, bearer: bearerOf(created.manageUrl) };
    const exported = await t.app.inject({ method: 'GET', url: `/api/manage/${fresh.id}/export`, headers: fresh.bearer });
    expect(exported.statusCode, exported.body).toBe(200);
    const data = JSON.parse(exported.body) as { cups: { tournamentId: string; tournamentName: string; teamId: string; thisRegistration: boolean; erased: boolean }[]; guide: Record<string, string> };
    expect(data.cups).toEqual([
      expect.objectContaining({ tournamentId: first.id, tournamentName: 'First Cup', teamId: team.id, thisRegistration: false, erased: false }),
      expect.objectContaining({ tournamentId: cup.id, tournamentName: 'Second Cup', teamId: fresh.id, thisRegistration: true, erased: false }),
    ]);
    expect(data.guide.cups).toBeTruthy();

    const name = (await view(team)).name;
    expect((await t.app.inject({ method: 'POST', url: `/api/manage/${team.id}/withdraw`, headers: team.bearer })).statusCode).toBe(200);
    const erased = await t.app.inject({ method: 'POST', url: `/api/manage/${team.id}/erase`, headers: team.bearer });
    expect(erased.statusCode, erased.body).toBe(204);
    const other = await view(fresh);
    expect(other.name).toBe(name);
    // The logo both registrations showed is still served for the one that was not erased.
    expect((await t.database.db.select({ logoUrl: teams.logoUrl }).from(teams).where(eq(teams.id, fresh.id)))[0]!.logoUrl).toBe(logoUrl);
    expect((await t.app.inject({ method: 'GET', url: logoUrl })).statusCode).toBe(200);
    expect(other.status).toBe('pending');
    const again2 = JSON.parse((await t.app.inject({ method: 'GET', url: `/api/manage/${fresh.id}/export`, headers: fresh.bearer })).body) as typeof data;
    expect(again2.cups).toEqual([expect.objectContaining({ teamId: team.id, erased: true }), expect.objectContaining({ teamId: fresh.id, erased: false })]);

    // The export of the original lists both too (the lineage is the first registration's id).
    const third = await createOpenTournament(t, await (session ??= t.login()), { name: 'Third Cup' });
    const fromSecond = await again(fresh, { tournamentId: third.id });
    expect(fromSecond.statusCode, fromSecond.body).toBe(201);
    const [row] = await t.database.db.select().from(teams).where(eq(teams.id, (fromSecond.json() as RegisterAgainResult).id));
    expect(row).toMatchObject({ previousTeamId: fresh.id, lineageId: team.id });
  });

  it('needs the team link', async () => {
    const { t, cup } = await teamAndSecondCup();
    const other = teamPayload(cup.id);
    const response = await t.app.inject({ method: 'POST', url: `/api/manage/00000000-0000-4000-8000-000000000000/register-again`, headers: { authorization: 'Bearer nope' }, payload: { tournamentId: other.tournamentId } });
    expect(response.statusCode).toBe(404);
  });
});
