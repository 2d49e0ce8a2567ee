import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { teams } from '../../src/server/db/schema.js';
import { createOpenTournament, registerTeam } from '../support/factories.js';
import { startDiscordStandIn, type DiscordStandIn, type StandInUser } from '../support/discord-stand-in.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * "My Teams": a captain who connected Discord at step 2 signs in with it (scope identify only) and
 * sees every team they registered, across cups, each team page opening with the sign-in alone.
 * The server's real clients against the Discord stand-in, as discord-connect.test.ts.
 */

let discord: DiscordStandIn;
let t: TestApp;
let firstCup: { id: string; name: string };
let secondCup: { id: string; name: string };

const alice: StandInUser = { id: '700000000000000001', username: 'alice_captain', global_name: 'Alice' };
const bob: StandInUser = { id: '700000000000000002', username: 'bob_captain', global_name: 'Bob' };

beforeAll(async () => {
  discord = await startDiscordStandIn();
  t = await createTestApp(discord.env());
  const cookie = await t.login();
  firstCup = await createOpenTournament(t, cookie, { name: 'Spring Open', tournamentDate: new Date(Date.now() + 10 * 86_400_000).toISOString() });
  secondCup = await createOpenTournament(t, cookie, { name: 'Summer Open', tournamentDate: new Date(Date.now() + 20 * 86_400_000).toISOString() });
});
afterAll(async () => discord.close());

const cookieOf = (response: { cookies: { name: string; value: string }[] }, name: string) => response.cookies.find((c) => c.name === name);

/** A team registered and connected at step 2 to `user`'s Discord account, through the real flow. */
async function connectedTeam(tournamentId: string, name: string, user: StandInUser) {
  const team = await registerTeam(t.app, tournamentId, { name });
  discord.signInAs(user);
  const started = await t.app.inject({ method: 'POST', url: '/api/discord/connect', headers: { cookie: team.owner }, payload: { teamId: team.id, returnPath: '/register' } });
  expect(started.statusCode, started.body).toBe(200);
  const state = cookieOf(started, 'discord_oauth_state')!;
  const redirect = await discord.authorize(started.json().authorizeUrl as string);
  const back = await t.app.inject({ method: 'GET', url: `${redirect.pathname}${redirect.search}`, headers: { cookie: `discord_oauth_state=${state.value}` } });
  expect(back.headers.location).toBe('/register?discord=connected');
  return team;
}

async function startSignIn() {
  const response = await t.app.inject({ method: 'GET', url: '/api/discord/sign-in' });
  expect(response.statusCode, response.body).toBe(303);
  const cookie = cookieOf(response, 'discord_sign_in')!;
  return { authorizeUrl: response.headers.location as string, signInCookie: `discord_sign_in=${cookie.value}`, setCookie: cookie };
}

async function comeBack(redirect: URL, cookie: string | null) {
  const response = await t.app.inject({ method: 'GET', url: `${redirect.pathname}${redirect.search}`, headers: cookie ? { cookie } : {} });
  expect(response.statusCode, response.body).toBe(303);
  return { location: response.headers.location as string, session: cookieOf(response, 'captain_session') };
}

/** Signs `user` in through Discord: the Cookie header of the captain's session. */
async function signIn(user: StandInUser): Promise<string> {
  discord.signInAs(user);
  const { authorizeUrl, signInCookie } = await startSignIn();
  const { location, session } = await comeBack(await discord.authorize(authorizeUrl), signInCookie);
  expect(location).toBe('/my-teams?discord=signed-in');
  return `captain_session=${session!.value}`;
}

const myTeams = (cookie?: string) => t.app.inject({ method: 'GET', url: '/api/my-teams', headers: cookie ? { cookie } : {} });

describe('signing in with Discord for "My Teams"', () => {
  it('sends the captain to Discord with identify only, PKCE and a state bound to this browser', async () => {
    const { authorizeUrl, setCookie } = await startSignIn();
    const url = new URL(authorizeUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${discord.url}/oauth2/authorize`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: discord.clientId,
      response_type: 'code',
      redirect_uri: `${t.config.publicOrigin}/api/discord/callback`,
      scope: 'identify',
      code_challenge_method: 'S256',
    });
    expect(url.searchParams.get('state')).toHaveLength(43);
    expect(setCookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/discord/callback', maxAge: 600 });
    // The state is in the cookie, signed with the verifier: never the verifier in the address.
    expect(setCookie.value.startsWith(`${url.searchParams.get('state')}.`)).toBe(true);
  });

  it('refuses a wrong state, a forged cookie and a cancelled consent, setting no session', async () => {
    discord.signInAs(alice);
    const { authorizeUrl, signInCookie } = await startSignIn();
    const redirect = await discord.authorize(authorizeUrl);
    const forged = new URL(redirect);
    forged.searchParams.set('state', 'x'.repeat(43));
    expect(await comeBack(forged, signInCookie)).toEqual({ location: '/my-teams?discord=refused', session: undefined });
    // A cookie made by hand (the state that came back, a verifier, no valid signature).
    const handMade = `discord_sign_in=${redirect.searchParams.get('state')}.${'v'.repeat(43)}.9999999999.${'A'.repeat(43)}`;
    expect(await comeBack(redirect, handMade)).toEqual({ location: '/my-teams?discord=refused', session: undefined });

    const cancelled = await startSignIn();
    expect(await comeBack(await discord.authorize(cancelled.authorizeUrl, 'cancel'), cancelled.signInCookie)).toEqual({ location: '/my-teams?discord=denied', session: undefined });
  });

  it('refuses an expired sign-in', async () => {
    discord.signInAs(alice);
    const { authorizeUrl, signInCookie } = await startSignIn();
    const redirect = await discord.authorize(authorizeUrl);
    t.clock.advance(11 * 60_000);
    try {
      expect(await comeBack(redirect, signInCookie)).toEqual({ location: '/my-teams?discord=refused', session: undefined });
    } finally {
      t.clock.set(new Date());
    }
  });

  it('signs the captain in: a signed, HttpOnly, Lax session cookie for 30 days, without adding anyone to the server', async () => {
    discord.signInAs(bob);
    const { authorizeUrl, signInCookie } = await startSignIn();
    const before = discord.requests.filter((r) => r.route === 'addMember').length;
    const response = await t.app.inject({ method: 'GET', url: (({ pathname, search }) => `${pathname}${search}`)(await discord.authorize(authorizeUrl)), headers: { cookie: signInCookie } });
    expect(response.headers.location).toBe('/my-teams?discord=signed-in');
    expect(cookieOf(response, 'captain_session')).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api', maxAge: 30 * 24 * 60 * 60 });
    expect(cookieOf(response, 'captain_session')!.value).toMatch(new RegExp(`^${bob.id}\\.\\d+\\.[A-Za-z0-9_-]{43}$`));
    // The sign-in's own cookie is cleared: the state works once.
    expect(cookieOf(response, 'discord_sign_in')).toMatchObject({ value: '', path: '/api/discord/callback' });
    expect(discord.requests.filter((r) => r.route === 'addMember')).toHaveLength(before);
    expect(response.headers['cache-control']).toBe('private, no-store');
  });

  it('lists the signed-in captain’s teams across cups, newest cup first, and never another captain’s', async () => {
    const spring = await connectedTeam(firstCup.id, 'Alice Spring', alice);
    const summer = await connectedTeam(secondCup.id, 'Alice Summer', alice);
    const bobs = await connectedTeam(secondCup.id, 'Bob Summer', bob);
    await registerTeam(t.app, firstCup.id, { name: 'Never Connected' });

    const answer = await myTeams(await signIn(alice));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['cache-control']).toBe('private, no-store');
    expect(answer.json()).toEqual({
      discordUserId: alice.id,
      teams: [
        { id: summer.id, name: 'Alice Summer', paymentStatus: 'pending', withdrawnAt: null, tournament: { id: secondCup.id, name: 'Summer Open', slug: expect.any(String), startsAt: expect.any(String) }, teamPagePath: `/team/${summer.id}` },
        { id: spring.id, name: 'Alice Spring', paymentStatus: 'pending', withdrawnAt: null, tournament: { id: firstCup.id, name: 'Spring Open', slug: expect.any(String), startsAt: expect.any(String) }, teamPagePath: `/team/${spring.id}` },
      ],
    });
    const bobsList = (await myTeams(await signIn(bob))).json();
    expect(bobsList.teams.map((team: { id: string }) => team.id)).toEqual([bobs.id]);
  });

  it('leaves out a team whose captain withdrew it and erased its data, with the sign-in alone', async () => {
    const erased = await connectedTeam(firstCup.id, 'Alice Erased', alice);
    const session = await signIn(alice);
    expect((await myTeams(session)).json().teams.map((team: { id: string }) => team.id)).toContain(erased.id);
    const withdrawn = await t.app.inject({ method: 'POST', url: `/api/manage/${erased.id}/withdraw`, headers: { cookie: session } });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    const erase = await t.app.inject({ method: 'POST', url: `/api/manage/${erased.id}/erase`, headers: { cookie: session } });
    expect(erase.statusCode, erase.body).toBeLessThan(300);
    expect((await myTeams(session)).json().teams.map((team: { id: string }) => team.id)).not.toContain(erased.id);
  });

  it('answers 401 signed out, and for a session cookie changed by hand or expired', async () => {
    expect((await myTeams()).statusCode).toBe(401);
    const session = await signIn(alice);
    const [, expires, mac] = session.slice('captain_session='.length).split('.');
    expect((await myTeams(`captain_session=${bob.id}.${expires}.${mac}`)).statusCode).toBe(401);
    expect((await myTeams(`captain_session=${alice.id}.${Number(expires) + 1}.${mac}`)).statusCode).toBe(401);
    expect((await myTeams(session)).statusCode).toBe(200);
    t.clock.advance(31 * 24 * 60 * 60_000);
    try {
      expect((await myTeams(session)).statusCode).toBe(401);
    } finally {
      t.clock.set(new Date());
    }
  });

  it('opens the team page of a team the captain owns with the sign-in alone, and refuses another captain’s', async () => {
    const own = await connectedTeam(firstCup.id, 'Alice Page', alice);
    const others = await connectedTeam(firstCup.id, 'Bob Page', bob);
    const session = await signIn(alice);
    const page = await t.app.inject({ method: 'GET', url: `/api/manage/${own.id}`, headers: { cookie: session } });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ id: own.id, name: 'Alice Page' });
    // The team's own actions too: its payment resumes (the owner proof takes the sign-in) and its cups to register again are listed.
    const resumed = await t.app.inject({ method: 'POST', url: `/api/manage/${own.id}/resume-payment`, headers: { cookie: session } });
    expect(resumed.statusCode, resumed.body).toBe(200);
    const again = await t.app.inject({ method: 'GET', url: `/api/manage/${own.id}/register-again`, headers: { cookie: session } });
    expect(again.statusCode, again.body).toBe(200);

    const refused = await t.app.inject({ method: 'GET', url: `/api/manage/${others.id}`, headers: { cookie: session } });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ error: 'Team not found' });
    // The team link keeps working, signed in or not.
    const byLink = await t.app.inject({ method: 'GET', url: `/api/manage/${others.id}`, headers: { authorization: others.teamLink.authorization } });
    expect(byLink.statusCode).toBe(200);
  });

  it('a new team link disconnects the Discord account: a leaked link used to connect another account opens nothing once rotated', async () => {
    const team = await connectedTeam(firstCup.id, 'Rotated Page', alice);
    const session = await signIn(alice);
    expect((await t.app.inject({ method: 'GET', url: `/api/manage/${team.id}`, headers: { cookie: session } })).statusCode).toBe(200);
    const admin = await t.login();
    const rotated = await t.app.inject({ method: 'POST', url: `/api/teams/${team.id}/team-link`, headers: { cookie: admin } });
    expect(rotated.statusCode, rotated.body).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/manage/${team.id}`, headers: { cookie: session } })).statusCode).toBe(404);
    expect(((await myTeams(session)).json() as { teams: { id: string }[] }).teams.map((listed) => listed.id)).not.toContain(team.id);
    // The new link opens it, and its captain may connect again.
    const { manageUrl } = rotated.json() as { manageUrl: string };
    const key = new URL(manageUrl, 'http://site.test').searchParams.get('key') ?? manageUrl.split('key=')[1];
    expect((await t.app.inject({ method: 'GET', url: `/api/manage/${team.id}`, headers: { authorization: `Bearer ${key}` } })).statusCode).toBe(200);
  });

  it('lists a team registered again for another cup from the team page, opened with the sign-in alone', async () => {
    const source = await connectedTeam(firstCup.id, 'Alice Again', alice);
    const session = await signIn(alice);
    const again = await t.app.inject({ method: 'POST', url: `/api/manage/${source.id}/register-again`, headers: { cookie: session }, payload: { tournamentId: secondCup.id, acceptedTerms: true, ageConfirmed: true } });
    expect(again.statusCode, again.body).toBe(201);
    const created = again.json().id as string;
    const listed = (await myTeams(session)).json().teams as { id: string; tournament: { id: string } }[];
    expect(listed.find((team) => team.id === created)).toMatchObject({ tournament: { id: secondCup.id } });
    expect((await t.app.inject({ method: 'GET', url: `/api/manage/${created}`, headers: { cookie: session } })).statusCode).toBe(200);
    // Bob's session sees none of it.
    expect(((await myTeams(await signIn(bob))).json().teams as { id: string }[]).map((team) => team.id)).not.toContain(created);
  });

  it('signs out: the cookie is cleared and the list answers 401 again', async () => {
    const session = await signIn(alice);
    const out = await t.app.inject({ method: 'POST', url: '/api/discord/sign-out', headers: { cookie: session } });
    expect(out.statusCode).toBe(204);
    expect(cookieOf(out, 'captain_session')).toMatchObject({ value: '', path: '/api', httpOnly: true });
    expect((await myTeams()).statusCode).toBe(401);
  });
});

describe('without a Discord application', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await createTestApp();
  });

  it('answers 404 to the sign-in, the list and the sign-out, and the site does not offer it', async () => {
    expect((await plain.app.inject({ method: 'GET', url: '/api/discord/sign-in' })).statusCode).toBe(404);
    expect((await plain.app.inject({ method: 'GET', url: '/api/my-teams' })).statusCode).toBe(404);
    expect((await plain.app.inject({ method: 'POST', url: '/api/discord/sign-out' })).statusCode).toBe(404);
    expect((await plain.app.inject({ method: 'GET', url: '/api/site' })).json()).toMatchObject({ discordConnect: false });
  });

  it('ignores a session cookie: the team page still needs its link', async () => {
    const cookie = await plain.login();
    const cup = await createOpenTournament(plain, cookie, { name: 'Plain Cup' });
    const team = await registerTeam(plain.app, cup.id, { name: 'Plain Team' });
    await plain.database.db.update(teams).set({ discordUserId: alice.id }).where(eq(teams.id, team.id));
    const forged = `captain_session=${alice.id}.9999999999.${'A'.repeat(43)}`;
    expect((await plain.app.inject({ method: 'GET', url: `/api/manage/${team.id}`, headers: { cookie: forged } })).statusCode).toBe(404);
  });
});
