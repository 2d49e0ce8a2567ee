import crypto from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { adminUsers, auditLog, discordJobs } from '../../src/server/db/schema.js';
import { staffRoleName } from '../../src/server/discord/staff-role.js';
import { maxJobAttempts, type DiscordOutbox } from '../../src/server/discord/outbox.js';
import type { Bracket } from '../../src/shared/schemas/bracket.js';
import { createOpenTournament, registerTeam } from '../support/factories.js';
import { startDiscordStandIn, type DiscordStandIn, type StandInUser } from '../support/discord-stand-in.js';
import { adminCredentials, createTestApp, type TestApp } from '../support/test-app.js';

/**
 * The staff role: a staff account links its own Discord account from the Account tab (OAuth2,
 * identify, the shared callback), and the site gives that account the one staff role it creates,
 * which every match channel lets in. The server's real clients against the Discord stand-in.
 */

let discord: DiscordStandIn;
let t: TestApp;
let owner: string;
let outbox: DiscordOutbox;

beforeAll(async () => {
  discord = await startDiscordStandIn();
  standIns.push(discord);
  t = await createTestApp(discord.env());
  owner = await t.login();
  outbox = t.services.discordOutbox!;
});
/** Every stand-in started (a test may start a site of its own). */
const standIns: DiscordStandIn[] = [];
afterAll(async () => {
  for (const standIn of standIns) await standIn.close();
});

let userSeq = 0;
/** A Discord account, already a member of the server (a staff member joins it like anyone). */
function discordAccount(prefix: string): StandInUser {
  const n = ++userSeq;
  const user = { id: `7300000000000000${String(n).padStart(3, '0')}`, username: `${prefix}_${n}`, global_name: null };
  discord.addToGuild(user.id);
  return user;
}

/** Starts a link as the account behind `session`: Discord's address and the link cookie. */
async function startLink(session: string) {
  const started = await t.app.inject({ method: 'POST', url: '/api/auth/discord/link', headers: { cookie: session } });
  expect(started.statusCode, started.body).toBe(200);
  const linkCookie = started.cookies.find((c) => c.name === 'discord_staff_link')!;
  expect(linkCookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/discord/callback' });
  return { authorizeUrl: started.json().authorizeUrl as string, linkCookie: `discord_staff_link=${linkCookie.value}` };
}

/** Comes back to the callback from Discord's redirect: where the site sends the browser. */
async function comeBack(redirect: URL, cookie: string) {
  const back = await t.app.inject({ method: 'GET', url: `${redirect.pathname}${redirect.search}`, headers: { cookie } });
  expect(back.statusCode, back.body).toBe(303);
  return back.headers.location;
}

/** The account behind `session` links `user` (signed in on Discord's side). */
async function link(session: string, user: StandInUser) {
  discord.signInAs(user);
  const { authorizeUrl, linkCookie } = await startLink(session);
  const redirect = await discord.authorize(authorizeUrl);
  expect(await comeBack(redirect, `${linkCookie}; ${session}`)).toBe('/admin?tab=account&discord=linked');
}

const status = async (session: string) => (await t.app.inject({ method: 'GET', url: '/api/auth/discord', headers: { cookie: session } })).json();
const staffRoles = () => discord.roles().filter((role) => role.name === staffRoleName);
const staffRoleId = () => {
  const [role] = staffRoles();
  if (!role) throw new Error('no staff role');
  return role.id;
};
const accountOf = async (username: string) => (await t.database.db.select().from(adminUsers).where(eq(adminUsers.username, username)))[0]!;

describe('a staff account’s Discord link', () => {
  it('is offered (nothing linked yet) to every signed-in account', async () => {
    expect(await status(await t.loginAs('staff'))).toEqual({ available: true, linked: null });
  });

  it('links with identify only; the staff role is created once and given to each linked account', async () => {
    const staff = await t.loginAs('staff');
    const organizer = await t.loginAs('organizer');
    const [first, second] = [discordAccount('staff'), discordAccount('organizer')];
    discord.signInAs(first);
    const { authorizeUrl } = await startLink(staff);
    const url = new URL(authorizeUrl);
    expect(url.searchParams.get('scope')).toBe('identify');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    await link(staff, first);
    await link(organizer, second);
    await outbox.flush();
    expect(await status(staff)).toEqual({ available: true, linked: { discordUserId: first.id, username: first.username } });
    expect(staffRoles()).toEqual([{ id: expect.any(String), name: staffRoleName, permissions: '0' }]);
    expect(discord.memberRoles(first.id)).toEqual([staffRoleId()]);
    expect(discord.memberRoles(second.id)).toEqual([staffRoleId()]);
    // Linked again (another account of the same person): the old one loses the role, the new one gets it, no second role.
    const replacement = discordAccount('staff');
    await link(staff, replacement);
    await outbox.flush();
    expect(staffRoles()).toHaveLength(1);
    expect(discord.memberRoles(first.id)).toEqual([]);
    expect(discord.memberRoles(replacement.id)).toEqual([staffRoleId()]);
    const creates = await t.database.db.select().from(discordJobs).where(eq(discordJobs.kind, 'create-staff-role'));
    expect(creates).toHaveLength(1);
    // Once sent, a job forgets the account.
    const jobs = await t.database.db
      .select()
      .from(discordJobs)
      .where(eq(discordJobs.adminUserId, (await accountOf('staff-account')).id));
    expect(jobs.length).toBeGreaterThan(0);
    expect(jobs.every((job) => job.doneAt !== null && job.discordUserId === null)).toBe(true);
  });

  it('refuses a wrong state, a link completed by another account’s session, and a forged link cookie; nothing is stored', async () => {
    const organizer = await t.loginAs('organizer');
    const before = await accountOf('organizer-account');
    const user = discordAccount('intruder');
    discord.signInAs(user);
    const { authorizeUrl, linkCookie } = await startLink(organizer);
    const redirect = await discord.authorize(authorizeUrl);
    const exchanges = discord.requests.filter((r) => r.route === 'token').length;
    const forged = new URL(redirect);
    forged.searchParams.set('state', 'not-the-state-this-browser-started');
    expect(await comeBack(forged, `${linkCookie}; ${organizer}`)).toBe('/admin?tab=account&discord=refused');
    // Another account's session (the owner's) with this browser's link cookie: refused.
    expect(await comeBack(redirect, `${linkCookie}; ${owner}`)).toBe('/admin?tab=account&discord=refused');
    // No session at all (signed out meanwhile): refused.
    expect(await comeBack(redirect, linkCookie)).toBe('/admin?tab=account&discord=refused');
    // A cookie this site did not sign: refused too.
    expect(await comeBack(redirect, `discord_staff_link=forged.9999999999.${'A'.repeat(43)}; ${organizer}`)).toBe('/admin?tab=account&discord=refused');
    // The code was never exchanged, and neither account changed.
    expect(discord.requests.filter((r) => r.route === 'token')).toHaveLength(exchanges);
    expect((await accountOf('organizer-account')).discordUserId).toBe(before.discordUserId);
    expect((await accountOf(adminCredentials.username)).discordUserId).toBeNull();
  });

  it('links only an account that is a member of the server (the role is given there): otherwise nothing is stored', async () => {
    const session = await t.loginAs('staff');
    const before = await accountOf('staff-account');
    const stranger = { id: '7399999999999999001', username: 'not_a_member', global_name: null };
    discord.signInAs(stranger);
    const { authorizeUrl, linkCookie } = await startLink(session);
    const redirect = await discord.authorize(authorizeUrl);
    expect(await comeBack(redirect, `${linkCookie}; ${session}`)).toBe('/admin?tab=account&discord=not-member');
    expect(discord.requests.filter((r) => r.route === 'getMember' && r.path.endsWith(`/members/${stranger.id}`))).toMatchObject([
      { method: 'GET', status: 404 },
    ]);
    expect((await accountOf('staff-account')).discordUserId).toBe(before.discordUserId);
  });

  it('on the shared callback beside a captain’s sign-in cookie, the state that came back says which flow it is', async () => {
    const session = await t.loginAs('staff');
    const user = discordAccount('mixed');
    discord.signInAs(user);
    const signIn = await t.app.inject({ method: 'GET', url: '/api/discord/sign-in' });
    const signInCookie = signIn.cookies.find((c) => c.name === 'discord_sign_in')!;
    const { authorizeUrl, linkCookie } = await startLink(session);
    const cookies = `${linkCookie}; discord_sign_in=${signInCookie.value}; ${session}`;
    // The sign-in's state: the captain's sign-in answers (My Teams), the staff link is left alone.
    const signInBack = await discord.authorize(signIn.headers.location as string);
    expect(await comeBack(signInBack, cookies)).toMatch(/^\/my-teams\?discord=/);
    expect((await accountOf('staff-account')).discordUserId).not.toBe(user.id);
    // The link's state: the staff link answers.
    expect(await comeBack(await discord.authorize(authorizeUrl), cookies)).toBe('/admin?tab=account&discord=linked');
    expect((await accountOf('staff-account')).discordUserId).toBe(user.id);
  });

  it('tells a staff member who cancels on Discord so', async () => {
    const session = await t.loginAs('staff');
    discord.signInAs(discordAccount('cancelling'));
    const { authorizeUrl, linkCookie } = await startLink(session);
    const redirect = await discord.authorize(authorizeUrl, 'cancel');
    expect(await comeBack(redirect, `${linkCookie}; ${session}`)).toBe('/admin?tab=account&discord=denied');
  });

  it('unlinking forgets the account and takes the staff role from it', async () => {
    const session = await t.loginAs('organizer');
    const user = discordAccount('unlinking');
    await link(session, user);
    await outbox.flush();
    expect(discord.memberRoles(user.id)).toEqual([staffRoleId()]);
    const unlinked = await t.app.inject({ method: 'DELETE', url: '/api/auth/discord/link', headers: { cookie: session } });
    expect(unlinked.statusCode, unlinked.body).toBe(204);
    expect(await status(session)).toEqual({ available: true, linked: null });
    const account = await accountOf('organizer-account');
    expect(account).toMatchObject({ discordUserId: null, discordUsername: null });
    await outbox.flush();
    expect(discord.memberRoles(user.id)).toEqual([]);
    // The activity log names the account, never the Discord account: a SHA-256 of the id linked.
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, account.id));
    expect(entries.map((entry) => entry.action)).toEqual(expect.arrayContaining(['auth.discord_link', 'auth.discord_unlink']));
    expect(JSON.stringify(entries)).not.toContain(user.id);
    expect(entries.filter((entry) => entry.action === 'auth.discord_link').at(-1)?.after).toEqual({
      discordAccount: crypto.createHash('sha256').update(user.id).digest('hex'),
    });
    // Unlinking again changes nothing.
    expect((await t.app.inject({ method: 'DELETE', url: '/api/auth/discord/link', headers: { cookie: session } })).statusCode).toBe(204);
  });

  it('with two-factor on, starting a link needs a code from the last 15 minutes', async () => {
    await t.services.auth.upsertAdmin('two-factor-staff', adminCredentials.password, 'staff');
    const [stale, other] = [await signIn('two-factor-staff'), await signIn('two-factor-staff')];
    // Two-factor turned on from another session: this one has given no code since.
    const secret = await turnOnTwoFactor(other);
    const refused = await t.app.inject({ method: 'POST', url: '/api/auth/discord/link', headers: { cookie: stale } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().issues).toEqual([{ path: 'secondFactor', message: 'Enter a code from your authenticator app to confirm this' }]);
    expect(refused.cookies.find((c) => c.name === 'discord_staff_link')).toBeUndefined();
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/verify',
      headers: { cookie: stale },
      payload: { code: codeFor(secret, 1) },
    });
    expect(verified.statusCode, verified.body).toBe(200);
    await startLink(stale);
  });

  it('an account that must turn two-factor on (it was reset meanwhile) cannot complete a link', async () => {
    const strict = await createTestApp({ ...discord.env(), ADMIN_REQUIRE_2FA: 'all' });
    await strict.services.auth.upsertAdmin('strict-staff', adminCredentials.password, 'staff');
    const session = await signIn('strict-staff', strict);
    await turnOnTwoFactor(session, strict);
    const user = discordAccount('strict');
    discord.signInAs(user);
    const started = await strict.app.inject({ method: 'POST', url: '/api/auth/discord/link', headers: { cookie: session } });
    expect(started.statusCode, started.body).toBe(200);
    const linkCookie = started.cookies.find((c) => c.name === 'discord_staff_link')!;
    const redirect = await discord.authorize(started.json().authorizeUrl as string);
    // As `admin:create --reset-2fa` does: the account must enrol again before anything else.
    await strict.database.withConnection((exec) => exec(`update admin_users set totp_secret = null where username = 'strict-staff'`));
    // The session still stands, but may only turn two-factor on.
    expect((await strict.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: session } })).json()).toMatchObject({
      mustEnrolTwoFactor: true,
    });
    const back = await strict.app.inject({
      method: 'GET',
      url: `${redirect.pathname}${redirect.search}`,
      headers: { cookie: `discord_staff_link=${linkCookie.value}; ${session}` },
    });
    expect(back.headers.location).toBe('/admin?tab=account&discord=refused');
    const [account] = await strict.database.db.select().from(adminUsers).where(eq(adminUsers.username, 'strict-staff'));
    expect(account?.discordUserId).toBeNull();
  });

  it('the owner sees which accounts linked Discord in the organizing team', async () => {
    await link(await t.loginAs('organizer'), discordAccount('listed'));
    const listed = (await t.app.inject({ method: 'GET', url: '/api/admin/accounts', headers: { cookie: owner } })).json() as {
      accounts: { username: string; discordLinked: boolean }[];
    };
    expect(listed.accounts.find((account) => account.username === 'organizer-account')).toMatchObject({ discordLinked: true });
    expect(listed.accounts.find((account) => account.username === adminCredentials.username)).toMatchObject({ discordLinked: false });
  });

  it('disabling the account unlinks it and takes the role away; enabled again, the member links again', async () => {
    const session = await t.loginAs('staff');
    const user = discordAccount('disabled');
    await link(session, user);
    await outbox.flush();
    const { id } = await accountOf('staff-account');
    const disabled = await t.app.inject({ method: 'PATCH', url: `/api/admin/accounts/${id}`, headers: { cookie: owner }, payload: { disabled: true } });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(await accountOf('staff-account')).toMatchObject({ discordUserId: null, discordUsername: null });
    await outbox.flush();
    expect(discord.memberRoles(user.id)).toEqual([]);
    const enabled = await t.app.inject({ method: 'PATCH', url: `/api/admin/accounts/${id}`, headers: { cookie: owner }, payload: { disabled: false } });
    expect(enabled.statusCode, enabled.body).toBe(200);
    await outbox.flush();
    expect(discord.memberRoles(user.id)).toEqual([]);
    const again = await t.loginAs('staff');
    expect(await status(again)).toEqual({ available: true, linked: null });
    await link(again, user);
    await outbox.flush();
    expect(discord.memberRoles(user.id)).toEqual([staffRoleId()]);
  });

  it('linking the same Discord account again stores no job; unlinking with nothing linked writes no activity', async () => {
    const session = await t.loginAs('organizer');
    const user = discordAccount('same');
    await link(session, user);
    await outbox.flush();
    const { id } = await accountOf('organizer-account');
    const jobsOfAccount = () => t.database.db.select().from(discordJobs).where(eq(discordJobs.adminUserId, id));
    const jobs = (await jobsOfAccount()).length;
    await link(session, user);
    expect(await jobsOfAccount()).toHaveLength(jobs);
    await outbox.flush();
    expect(discord.memberRoles(user.id)).toEqual([staffRoleId()]);
    const unlink = () => t.app.inject({ method: 'DELETE', url: '/api/auth/discord/link', headers: { cookie: session } });
    expect((await unlink()).statusCode).toBe(204);
    const entries = async () => (await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, id))).length;
    const logged = await entries();
    expect((await unlink()).statusCode).toBe(204);
    expect(await entries()).toBe(logged);
  });

  it('a match channel lets the staff role in (view and send), and staff keep talking once it is archived', async () => {
    await link(await t.loginAs('staff'), discordAccount('channel_staff'));
    await outbox.flush();
    const { match, captains, channel } = await drawnMatch('Staff Channels Cup');
    expect(channel().permission_overwrites).toContainEqual({ id: staffRoleId(), type: 0, allow: talk, deny: '0' });
    for (const captain of captains) expect(channel().permission_overwrites).toContainEqual({ id: captain, type: 1, allow: talk, deny: '0' });
    const result = await t.app.inject({
      method: 'PUT',
      url: `/api/matches/${match.id}`,
      headers: { cookie: owner },
      payload: { winnerTeamId: match.team1Id, score: '13-7' },
    });
    expect(result.statusCode, result.body).toBe(200);
    await outbox.flush();
    expect(channel().permission_overwrites).toContainEqual({ id: staffRoleId(), type: 0, allow: talk, deny: '0' });
    expect(channel().permission_overwrites).toContainEqual({ id: captains[0], type: 1, allow: String(1n << 10n), deny: String(1n << 11n) });
  });
});

describe('the staff role when Discord refuses it, or it is deleted there', () => {
  /** A site of its own with its own stand-in: the staff role is created once per site. */
  async function freshSite() {
    discord = await startDiscordStandIn();
    standIns.push(discord);
    t = await createTestApp(discord.env());
    owner = await t.login();
    outbox = t.services.discordOutbox!;
  }
  const createJob = async () => (await t.database.db.select().from(discordJobs).where(eq(discordJobs.kind, 'create-staff-role')))[0];

  it('a creation given up (Discord refused it) is asked again by the next link, and every linked account gets the role', async () => {
    await freshSite();
    discord.failNext('createRole', { status: 400 });
    const first = discordAccount('refused');
    await link(await t.loginAs('staff'), first);
    await outbox.flush();
    expect(await createJob()).toMatchObject({ doneAt: null, attempts: maxJobAttempts });
    expect(staffRoles()).toEqual([]);
    const second = discordAccount('next');
    await link(await t.loginAs('organizer'), second);
    await outbox.flush();
    expect(await createJob()).toMatchObject({ doneAt: expect.any(Date) });
    expect(discord.memberRoles(first.id)).toEqual([staffRoleId()]);
    expect(discord.memberRoles(second.id)).toEqual([staffRoleId()]);
  });

  it('match channels never wait for the staff role: one made without it lets it in once it is created', async () => {
    await freshSite();
    // The bot could not create the staff role (403): asked again in ten minutes, never given up.
    discord.failNext('createRole', { status: 403 });
    await link(await t.loginAs('staff'), discordAccount('early'));
    await outbox.flush();
    expect(await createJob()).toMatchObject({ doneAt: null, lastError: expect.stringContaining('403') });
    const { channel } = await drawnMatch('Early Channel Cup');
    expect(channel().permission_overwrites.filter((overwrite) => overwrite.type === 0)).toEqual([
      { id: discord.guildId, type: 0, allow: '0', deny: String(1n << 10n) },
    ]);
    await t.database.withConnection((exec) => exec(`update discord_jobs set next_attempt_at = created_at where kind = 'create-staff-role'`));
    await outbox.flush();
    expect(channel().permission_overwrites).toContainEqual({ id: staffRoleId(), type: 0, allow: talk, deny: '0' });
  });

  it('a staff role deleted on Discord is forgotten and created again: channels are still made, and let the new role in', async () => {
    await freshSite();
    const user = discordAccount('deleted');
    await link(await t.loginAs('staff'), user);
    await outbox.flush();
    const lost = staffRoleId();
    discord.deleteRole(lost);
    const { channel } = await drawnMatch('Lost Role Cup');
    await outbox.flush();
    const created = staffRoleId();
    expect(created).not.toBe(lost);
    expect(channel().permission_overwrites).toContainEqual({ id: created, type: 0, allow: talk, deny: '0' });
    expect(channel().permission_overwrites.some((overwrite) => overwrite.id === lost)).toBe(false);
    expect(discord.memberRoles(user.id)).toEqual([created]);
  });
});

describe('without a Discord application', () => {
  it('offers nothing: not available, and linking or unlinking is 404', async () => {
    const plain = await createTestApp();
    const session = await plain.login();
    expect((await plain.app.inject({ method: 'GET', url: '/api/auth/discord', headers: { cookie: session } })).json()).toEqual({
      available: false,
      linked: null,
    });
    expect((await plain.app.inject({ method: 'POST', url: '/api/auth/discord/link', headers: { cookie: session } })).statusCode).toBe(404);
    expect((await plain.app.inject({ method: 'DELETE', url: '/api/auth/discord/link', headers: { cookie: session } })).statusCode).toBe(404);
  });

  it('asks for a session: a visitor gets 401', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/discord' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/discord/link' })).statusCode).toBe(401);
  });
});

const talk = String((1n << 10n) | (1n << 11n));

/** A password sign-in of `username` (no code asked: two-factor is off for it, or turned on later): its session cookie. */
async function signIn(username: string, app: TestApp = t): Promise<string> {
  const response = await app.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password: adminCredentials.password } });
  expect(response.statusCode, response.body).toBe(200);
  return `sid=${response.cookies.find((c) => c.name === 'sid')!.value}`;
}

/** The code an authenticator app shows for `secret` (plus `steps` × 30 s). */
const codeFor = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: t.clock.now().getTime() + steps * 30_000 });

/** Turns two-factor on for the account behind `session`: its secret. */
async function turnOnTwoFactor(session: string, app: TestApp = t): Promise<string> {
  const { secret } = (await app.app.inject({ method: 'POST', url: '/api/auth/two-factor/setup', headers: { cookie: session } })).json() as { secret: string };
  const enabled = await app.app.inject({
    method: 'POST',
    url: '/api/auth/two-factor/enable',
    headers: { cookie: session },
    payload: { code: codeFor(secret), currentPassword: adminCredentials.password },
  });
  expect(enabled.statusCode, enabled.body).toBe(200);
  return secret;
}

/** A cup whose bracket is drawn, its two captains connected: its first match, and (once the outbox ran) the match's channel on the server. */
async function drawnMatch(name: string) {
  const { id: cupId } = await createOpenTournament(t, owner, { name, entryFee: '0', checkInEnabled: false });
  const captains: string[] = [];
  for (let i = 0; i < 2; i++) captains.push(await connectCaptain(await registerTeam(t.app, cupId, { name: `${name} Team ${i + 1}` })));
  const drawn = await t.app.inject({
    method: 'POST',
    url: `/api/tournaments/${cupId}/bracket`,
    headers: { cookie: owner },
    payload: { seeding: 'registration' },
  });
  expect(drawn.statusCode, drawn.body).toBe(201);
  const match = (drawn.json() as Bracket).rounds[0]!.matches[0]!;
  await t.services.discordChannels!.sweep();
  await outbox.flush();
  const channel = () => discord.channels().find((c) => c.type === 0 && c.messages[0]?.includes(`/matches/${match.id}`))!;
  expect(channel()).toBeDefined();
  return { match, captains, channel };
}

/** The captain connects a Discord account to the team at step 2: its account id. */
async function connectCaptain(team: { id: string; owner: string }): Promise<string> {
  const captain = discordAccount('captain');
  discord.signInAs(captain);
  const started = await t.app.inject({
    method: 'POST',
    url: '/api/discord/connect',
    headers: { cookie: team.owner },
    payload: { teamId: team.id, returnPath: '/register' },
  });
  expect(started.statusCode, started.body).toBe(200);
  const state = started.cookies.find((c) => c.name === 'discord_oauth_state')!.value;
  const redirect = await discord.authorize(started.json().authorizeUrl as string);
  expect(await comeBack(redirect, `discord_oauth_state=${state}`)).toBe('/register?discord=connected');
  return captain.id;
}
