import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { teams } from '../../src/server/db/schema.js';
import { createOpenTournament, registerTeam } from '../support/factories.js';
import { startDiscordStandIn, type DiscordStandIn } from '../support/discord-stand-in.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * Step 2 with a Discord application: the server's real clients (its OAuth2 redirects and
 * @discordjs/rest) against the Discord stand-in, as the Stripe tests run the real SDK against theirs.
 */

let discord: DiscordStandIn;
let t: TestApp;
let cookie: string;
let tournamentId: string;

beforeAll(async () => {
  discord = await startDiscordStandIn();
  t = await createTestApp(discord.env());
  cookie = await t.login();
  tournamentId = (await createOpenTournament(t, cookie, { name: 'Discord Cup' })).id;
});
afterAll(async () => discord.close());

let seq = 0;
let userSeq = 0;
const newCaptain = () => {
  const n = ++userSeq;
  discord.signInAs({ id: `9000000000000000${String(n).padStart(2, '0')}`, username: `captain_${n}`, global_name: `Captain ${n}` });
  return discord.signedInAs;
};

async function registered() {
  const n = ++seq;
  return registerTeam(t.app, tournamentId, { name: `Linked ${n}`, captainDiscord: `typed_name_${n}` });
}

async function start(team: { id: string; owner: string }, returnPath = '/register') {
  const response = await t.app.inject({ method: 'POST', url: '/api/discord/connect', headers: { cookie: team.owner }, payload: { teamId: team.id, returnPath } });
  expect(response.statusCode, response.body).toBe(200);
  const stateCookie = response.cookies.find((c) => c.name === 'discord_oauth_state')!;
  return { authorizeUrl: response.json().authorizeUrl as string, stateCookie: `discord_oauth_state=${stateCookie.value}`, setCookie: stateCookie };
}

/** The browser coming back from Discord: the callback's query, with the state cookie the start set. */
async function comeBack(redirect: URL, stateCookie: string | null) {
  const response = await t.app.inject({ method: 'GET', url: `${redirect.pathname}${redirect.search}`, headers: stateCookie ? { cookie: stateCookie } : {} });
  expect(response.statusCode, response.body).toBe(303);
  return response.headers.location as string;
}

const teamRow = async (id: string) => (await t.database.db.select().from(teams).where(eq(teams.id, id)))[0]!;
const pendingOf = async (team: { owner: string }) =>
  (await t.app.inject({ method: 'GET', url: `/api/pending-registration?tournamentId=${tournamentId}`, headers: { cookie: team.owner } })).json().registration;

describe('connecting the captain’s Discord account at step 2', () => {
  it('tells the site it is configured, and sends the captain to Discord with PKCE, both scopes and a state bound to this browser', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/site' })).json()).toMatchObject({ discordConnect: true });
    const team = await registered();
    const { authorizeUrl, setCookie } = await start(team, '/tournaments/discord-cup/register');
    const url = new URL(authorizeUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${discord.url}/oauth2/authorize`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: discord.clientId,
      response_type: 'code',
      redirect_uri: `${t.config.publicOrigin}/api/discord/callback`,
      scope: 'identify guilds.join',
      code_challenge_method: 'S256',
    });
    expect(url.searchParams.get('state')).toHaveLength(43);
    expect(url.searchParams.get('code_challenge')).toHaveLength(43);
    expect(setCookie).toMatchObject({ value: url.searchParams.get('state'), httpOnly: true, sameSite: 'Lax', path: '/api/discord/callback', maxAge: 600 });
  });

  it('connects the captain: adds them to the server with the bot, stores the account id and takes its username', async () => {
    const team = await registered();
    const captain = newCaptain();
    const { authorizeUrl, stateCookie } = await start(team, '/register?tournament=abc');
    const location = await comeBack(await discord.authorize(authorizeUrl), stateCookie);
    expect(location).toBe('/register?tournament=abc&discord=connected');
    expect(discord.guildMembers()).toContain(captain.id);
    const add = discord.requests.filter((r) => r.route === 'addMember').at(-1)!;
    expect(add).toMatchObject({ method: 'PUT', path: `/api/v10/guilds/${discord.guildId}/members/${captain.id}`, status: 201 });
    expect(discord.requests.filter((r) => r.route === 'token').at(-1)).toMatchObject({ path: '/api/oauth2/token', status: 200 });
    expect(await teamRow(team.id)).toMatchObject({ discordUserId: captain.id, captainDiscord: captain.username });
    expect((await teamRow(team.id)).discordGuildJoinedAt).toBeInstanceOf(Date);
    expect(await pendingOf(team)).toMatchObject({ captainDiscord: captain.username, discord: { isInServer: true } });
  });

  it('connects a captain who is already a member (204) the same way', async () => {
    const team = await registered();
    const captain = newCaptain();
    discord.addToGuild(captain.id);
    const { authorizeUrl, stateCookie } = await start(team);
    expect(await comeBack(await discord.authorize(authorizeUrl), stateCookie)).toBe('/register?discord=connected');
    expect(discord.requests.filter((r) => r.route === 'addMember').at(-1)).toMatchObject({ status: 204 });
    expect(await teamRow(team.id)).toMatchObject({ discordUserId: captain.id, captainDiscord: captain.username });
  });

  it('refuses a wrong state, a state from another browser and a replayed one, changing nothing', async () => {
    const team = await registered();
    newCaptain();
    const { authorizeUrl, stateCookie } = await start(team);
    const redirect = await discord.authorize(authorizeUrl);

    const forged = new URL(redirect);
    forged.searchParams.set('state', 'x'.repeat(43));
    expect(await comeBack(forged, 'discord_oauth_state=' + 'x'.repeat(43))).toBe('/register?discord=refused');
    // Someone else's link (their state, their code) opened in this captain's browser: no cookie of that state here.
    expect(await comeBack(redirect, null)).toBe('/register?discord=refused');
    expect(await comeBack(redirect, 'discord_oauth_state=' + 'y'.repeat(43))).toBe('/register?discord=refused');
    // As many characters as the cookie's state but more bytes: refused, not a failure of the comparison.
    const wide = new URL(redirect);
    wide.searchParams.set('state', 'é'.repeat(43));
    expect(await comeBack(wide, 'discord_oauth_state=' + 'x'.repeat(43))).toBe('/register?discord=refused');
    expect(await teamRow(team.id)).toMatchObject({ discordUserId: null, captainDiscord: expect.stringMatching(/^typed_name_/) });

    expect(await comeBack(redirect, stateCookie)).toBe('/register?discord=connected');
    const replayed = await t.app.inject({ method: 'GET', url: `${redirect.pathname}${redirect.search}`, headers: { cookie: stateCookie } });
    expect(replayed.headers.location).toBe('/register?discord=refused');
  });

  it('refuses an expired authorization', async () => {
    const team = await registered();
    const { authorizeUrl, stateCookie } = await start(team);
    const redirect = await discord.authorize(authorizeUrl);
    t.clock.advance(11 * 60_000);
    try {
      expect(await comeBack(redirect, stateCookie)).toBe('/register?discord=refused');
    } finally {
      t.clock.set(new Date());
    }
    expect((await teamRow(team.id)).discordUserId).toBeNull();
  });

  it('says the captain cancelled on Discord (access_denied), and lets them try again', async () => {
    const team = await registered();
    newCaptain();
    const first = await start(team);
    expect(await comeBack(await discord.authorize(first.authorizeUrl, 'cancel'), first.stateCookie)).toBe('/register?discord=denied');
    expect((await teamRow(team.id)).discordUserId).toBeNull();
    const again = await start(team);
    expect(await comeBack(await discord.authorize(again.authorizeUrl), again.stateCookie)).toBe('/register?discord=connected');
  });

  it('waits out a 429 with retry_after on the bot call (its bucket headers read), then adds the captain', async () => {
    const team = await registered();
    const captain = newCaptain();
    const { authorizeUrl, stateCookie } = await start(team);
    const redirect = await discord.authorize(authorizeUrl);
    discord.failNext('addMember', { status: 429, retryAfter: 0.4 });
    expect(await comeBack(redirect, stateCookie)).toBe('/register?discord=connected');
    const adds = discord.requests.filter((r) => r.route === 'addMember').slice(-2);
    expect(adds.map((r) => r.status)).toEqual([429, 201]);
    expect(adds[1]!.at - adds[0]!.at).toBeGreaterThanOrEqual(400);
    expect(discord.guildMembers()).toContain(captain.id);
  });

  it('a Discord outage (5xx) when adding: the account is still connected, not added, and registration goes on', async () => {
    const team = await registered();
    const captain = newCaptain();
    const { authorizeUrl, stateCookie } = await start(team);
    const redirect = await discord.authorize(authorizeUrl);
    // Twice: the first answer and the REST client's one retry.
    discord.failNext('addMember', { status: 503 }, 2);
    expect(await comeBack(redirect, stateCookie)).toBe('/register?discord=not-added');
    expect(discord.requests.filter((r) => r.route === 'addMember').slice(-2).map((r) => r.status)).toEqual([503, 503]);
    expect(discord.guildMembers()).not.toContain(captain.id);
    expect(await pendingOf(team)).toMatchObject({ captainDiscord: captain.username, discord: { isInServer: false } });
    // The next step still works: the payment starts.
    const intent = await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: { cookie: team.owner }, payload: { tournamentId, teamId: team.id } });
    expect(intent.statusCode, intent.body).toBe(200);
  });

  it('a Discord outage (5xx) at the token exchange: failed, nothing stored, and trying again works', async () => {
    const team = await registered();
    newCaptain();
    const first = await start(team);
    const redirect = await discord.authorize(first.authorizeUrl);
    discord.failNext('token', { status: 500 }, 2);
    expect(await comeBack(redirect, first.stateCookie)).toBe('/register?discord=failed');
    expect(discord.requests.filter((r) => r.route === 'token').slice(-2).map((r) => r.status)).toEqual([500, 500]);
    expect((await teamRow(team.id)).discordUserId).toBeNull();
    const again = await start(team);
    expect(await comeBack(await discord.authorize(again.authorizeUrl), again.stateCookie)).toBe('/register?discord=connected');
  });

  // Last of the calls to the bot's bucket: the stand-in's 60 s limit stays on it.
  it('does not sit out a long rate limit inside the captain’s request, and keeps to its bucket: not added, the invite link offered', async () => {
    const team = await registered();
    const captain = newCaptain();
    const { authorizeUrl, stateCookie } = await start(team);
    const redirect = await discord.authorize(authorizeUrl);
    discord.failNext('addMember', { status: 429, retryAfter: 60 });
    expect(await comeBack(redirect, stateCookie)).toBe('/register?discord=not-added');
    expect(await teamRow(team.id)).toMatchObject({ discordUserId: captain.id, captainDiscord: captain.username, discordGuildJoinedAt: null });

    // The bucket is known to be empty for a minute: the next captain's add is not even sent.
    const next = await registered();
    const nextCaptain = newCaptain();
    const sent = discord.requests.filter((r) => r.route === 'addMember').length;
    const second = await start(next);
    expect(await comeBack(await discord.authorize(second.authorizeUrl), second.stateCookie)).toBe('/register?discord=not-added');
    expect(discord.requests.filter((r) => r.route === 'addMember')).toHaveLength(sent);
    expect(await teamRow(next.id)).toMatchObject({ discordUserId: nextCaptain.id, discordGuildJoinedAt: null });
  });

  it('puts the account id in the team’s export, and erasure removes it', async () => {
    const team = await registered();
    const captain = newCaptain();
    const { authorizeUrl, stateCookie } = await start(team);
    await comeBack(await discord.authorize(authorizeUrl), stateCookie);
    const exported = await t.app.inject({ method: 'GET', url: `/api/admin/teams/${team.id}/export`, headers: { cookie } });
    expect(exported.statusCode, exported.body).toBe(200);
    expect(JSON.parse(exported.body).team).toMatchObject({ discordUserId: captain.id, captainDiscord: captain.username });
    // A team still holding a spot is withdrawn (its spot given back) before it can be erased.
    expect((await t.app.inject({ method: 'POST', url: `/api/pending-registration/${team.id}/release`, headers: { cookie: team.owner } })).statusCode).toBe(204);
    const erased = await t.app.inject({ method: 'POST', url: `/api/admin/teams/${team.id}/erase`, headers: { cookie } });
    expect(erased.statusCode, erased.body).toBe(204);
    expect(await teamRow(team.id)).toMatchObject({ discordUserId: null, discordGuildJoinedAt: null, captainDiscord: 'Removed' });
  });

  it('starts only for the browser that registered the team (or its team link), and only to a path of this site', async () => {
    const team = await registered();
    const other = await registered();
    const asOther = await t.app.inject({ method: 'POST', url: '/api/discord/connect', headers: { cookie: other.owner }, payload: { teamId: team.id, returnPath: '/register' } });
    expect(asOther.statusCode).toBe(404);
    const byLink = await t.app.inject({ method: 'POST', url: '/api/discord/connect', headers: { authorization: team.teamLink.authorization }, payload: { teamId: team.id, returnPath: '/register' } });
    expect(byLink.statusCode, byLink.body).toBe(200);
    for (const returnPath of ['https://evil.example/x', '//evil.example/x', '/\\evil.example', '/.//evil.example/x', '/a/..//evil.example']) {
      const response = await t.app.inject({ method: 'POST', url: '/api/discord/connect', headers: { cookie: team.owner }, payload: { teamId: team.id, returnPath } });
      expect(response.statusCode, returnPath).toBe(400);
      expect(response.json().issues).toEqual([{ path: 'returnPath', message: 'Must be a path of this site' }]);
    }
  });
});

describe('without a Discord application', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await createTestApp();
  });

  it('keeps step 2 the invite link: the site says so and both routes are 404', async () => {
    expect((await plain.app.inject({ method: 'GET', url: '/api/site' })).json()).toMatchObject({ discordConnect: false });
    const startResponse = await plain.app.inject({ method: 'POST', url: '/api/discord/connect', payload: { teamId: crypto.randomUUID(), returnPath: '/register' } });
    expect(startResponse.statusCode).toBe(404);
    expect((await plain.app.inject({ method: 'GET', url: '/api/discord/callback?code=x&state=y' })).statusCode).toBe(404);
  });
});
