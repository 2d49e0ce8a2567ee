import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { discordJobs, teams } from '../../src/server/db/schema.js';
import type { DiscordOutbox } from '../../src/server/discord/outbox.js';
import { confirmDemoCard, createOpenTournament, registerTeam } from '../support/factories.js';
import { startDiscordStandIn, type DiscordStandIn } from '../support/discord-stand-in.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * The cup's captain role through the Discord outbox: the server's real REST client against the
 * Discord stand-in. A request only stores jobs; the outbox sends them (here run with `flush`, which
 * also waits for a run the app started itself).
 */

let discord: DiscordStandIn;
let t: TestApp;
let cookie: string;
let outbox: DiscordOutbox;

beforeAll(async () => {
  discord = await startDiscordStandIn();
  t = await createTestApp(discord.env());
  cookie = await t.login();
  outbox = t.services.discordOutbox!;
});
afterAll(async () => discord.close());

let cupSeq = 0;
const cup = async (entryFee: string) => {
  const name = `Roles Cup ${++cupSeq}`;
  return { id: (await createOpenTournament(t, cookie, { name, entryFee })).id, name };
};

let userSeq = 0;
/** A team registered, its captain signed in to Discord and connected (added to the server) at step 2. */
async function connectedTeam(tournamentId: string) {
  const team = await registerTeam(t.app, tournamentId);
  return { ...team, captain: await connect(team) };
}

/** The captain connects (another, or this) Discord account to the team at step 2. */
async function connect(team: { id: string; owner: string }, account?: { id: string; username: string; global_name: null }) {
  const n = ++userSeq;
  const captain = account ?? { id: `7100000000000000${String(n).padStart(3, '0')}`, username: `roles_captain_${n}`, global_name: null };
  discord.signInAs(captain);
  const started = await t.app.inject({ method: 'POST', url: '/api/discord/connect', headers: { cookie: team.owner }, payload: { teamId: team.id, returnPath: '/register' } });
  expect(started.statusCode, started.body).toBe(200);
  const state = started.cookies.find((c) => c.name === 'discord_oauth_state')!.value;
  const redirect = await discord.authorize(started.json().authorizeUrl as string);
  const back = await t.app.inject({ method: 'GET', url: `${redirect.pathname}${redirect.search}`, headers: { cookie: `discord_oauth_state=${state}` } });
  expect(back.headers.location).toBe('/register?discord=connected');
  return captain;
}

/** Pays the entry fee with the demo provider's good card, as the captain's browser does. */
async function pay(team: { id: string; owner: string }, tournamentId: string) {
  const headers = { cookie: team.owner };
  const intent = await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers, payload: { tournamentId, teamId: team.id } });
  expect(intent.statusCode, intent.body).toBe(200);
  const { clientSecret } = intent.json() as { clientSecret: string };
  const paid = await t.app.inject({ method: 'POST', url: '/api/demo-payments/confirm', headers, payload: { clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' } });
  expect(paid.statusCode, paid.body).toBe(200);
  const complete = await t.app.inject({ method: 'PATCH', url: `/api/teams/${team.id}/payment-complete`, headers });
  expect(complete.json()).toEqual({ paymentStatus: 'completed' });
}

const rolesNamed = (name: string) => discord.roles().filter((role) => role.name === name);
const roleOf = (name: string) => {
  const [role] = rolesNamed(name);
  if (!role) throw new Error(`no role ${name}`);
  return role.id;
};
const sent = (route: 'createRole' | 'addMemberRole' | 'removeMemberRole', userId?: string) =>
  discord.requests.filter((r) => r.route === route && (!userId || r.path.includes(`/members/${userId}/`)));
/** Runs `run` while every insert into discord_jobs fails, as the database would on a broken table (fault injection). */
async function withJobsFailing(run: () => Promise<unknown>) {
  await t.database.withConnection(async (exec) => {
    await exec(`create function fail_discord_jobs() returns trigger language plpgsql as $$ begin raise exception 'injected discord_jobs fault'; end $$`);
    await exec(`create trigger fail_discord_jobs before insert on discord_jobs for each row execute function fail_discord_jobs()`);
  });
  try {
    await run();
  } finally {
    await t.database.withConnection(async (exec) => {
      await exec(`drop trigger fail_discord_jobs on discord_jobs`);
      await exec(`drop function fail_discord_jobs()`);
    });
  }
}
const jobsOf = (teamId: string) => t.database.db.select().from(discordJobs).where(eq(discordJobs.teamId, teamId)).orderBy(discordJobs.seq);

describe('the cup’s captain role', () => {
  it('is created, named after the cup, and given when a free cup’s captain connects (the team is confirmed at once)', async () => {
    const free = await cup('0');
    const team = await connectedTeam(free.id);
    await outbox.flush();
    expect(rolesNamed(free.name)).toEqual([{ id: expect.any(String), name: free.name, permissions: '0' }]);
    expect(discord.memberRoles(team.captain.id)).toEqual([roleOf(free.name)]);
    expect(sent('addMemberRole', team.captain.id).at(-1)).toMatchObject({ method: 'PUT', path: `/api/v10/guilds/${discord.guildId}/members/${team.captain.id}/roles/${roleOf(free.name)}`, status: 204 });
    // Once sent, a job forgets the account.
    expect((await jobsOf(team.id)).map((job) => ({ kind: job.kind, done: job.doneAt !== null, account: job.discordUserId }))).toEqual([{ kind: 'add-role', done: true, account: null }]);
  });

  it('is given on confirmation by the demo card, not before', async () => {
    const paid = await cup('50.00');
    const team = await connectedTeam(paid.id);
    await outbox.flush();
    expect(await jobsOf(team.id)).toEqual([]);
    expect(rolesNamed(paid.name)).toEqual([]);
    await pay(team, paid.id);
    await outbox.flush();
    expect(discord.memberRoles(team.captain.id)).toEqual([roleOf(paid.name)]);
  });

  it('is created once per cup even when two confirmations race, and both captains get it', async () => {
    const paid = await cup('50.00');
    const [first, second] = [await connectedTeam(paid.id), await connectedTeam(paid.id)];
    await Promise.all([pay(first, paid.id), pay(second, paid.id)]);
    await outbox.flush();
    expect(rolesNamed(paid.name)).toHaveLength(1);
    // No cup has a role twice: every role the stand-in made was one request that succeeded.
    expect(sent('createRole').filter((r) => r.status === 200)).toHaveLength(discord.roles().length);
    expect(discord.memberRoles(first.captain.id)).toEqual([roleOf(paid.name)]);
    expect(discord.memberRoles(second.captain.id)).toEqual([roleOf(paid.name)]);
    const creates = await t.database.db.select().from(discordJobs).where(eq(discordJobs.tournamentId, paid.id));
    expect(creates.filter((job) => job.kind === 'create-role')).toHaveLength(1);
  });

  it('is taken away when the captain withdraws the team', async () => {
    const free = await cup('0');
    const team = await connectedTeam(free.id);
    await outbox.flush();
    expect(discord.memberRoles(team.captain.id)).toEqual([roleOf(free.name)]);
    const withdrawn = await t.app.inject({ method: 'POST', url: `/api/manage/${team.id}/withdraw`, headers: { authorization: team.teamLink.authorization } });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    await outbox.flush();
    expect(discord.memberRoles(team.captain.id)).toEqual([]);
    expect(sent('removeMemberRole', team.captain.id)).toMatchObject([{ method: 'DELETE', status: 204 }]);
  });

  it('is taken away when an organizer removes the team', async () => {
    const paid = await cup('50.00');
    const team = await connectedTeam(paid.id);
    await pay(team, paid.id);
    await outbox.flush();
    const removed = await t.app.inject({ method: 'POST', url: `/api/teams/${team.id}/remove`, headers: { cookie }, payload: { refund: 'none', reason: 'No-show' } });
    expect(removed.statusCode, removed.body).toBe(200);
    await outbox.flush();
    expect(discord.memberRoles(team.captain.id)).toEqual([]);
  });

  it('is taken away when the entry fee is refunded in full', async () => {
    const paid = await cup('50.00');
    const team = await connectedTeam(paid.id);
    await pay(team, paid.id);
    await outbox.flush();
    expect(discord.memberRoles(team.captain.id)).toEqual([roleOf(paid.name)]);
    const refunded = await t.app.inject({ method: 'POST', url: `/api/teams/${team.id}/refund`, headers: { cookie }, payload: { reason: 'Our mistake' } });
    expect(refunded.statusCode, refunded.body).toBeLessThan(300);
    await outbox.flush();
    expect(discord.memberRoles(team.captain.id)).toEqual([]);
  });

  it('is taken from every captain when the cup is cancelled', async () => {
    const free = await cup('0');
    const [first, second] = [await connectedTeam(free.id), await connectedTeam(free.id)];
    await outbox.flush();
    expect(discord.memberRoles(first.captain.id)).toEqual([roleOf(free.name)]);
    const cancelled = await t.app.inject({ method: 'POST', url: `/api/tournaments/${free.id}/cancel`, headers: { cookie }, payload: { reason: 'The venue closed' } });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await outbox.flush();
    expect(discord.memberRoles(first.captain.id)).toEqual([]);
    expect(discord.memberRoles(second.captain.id)).toEqual([]);
  });

  it('moves to the account a captain connects instead of the one given the role', async () => {
    const free = await cup('0');
    const team = await connectedTeam(free.id);
    await outbox.flush();
    const replacing = await connect(team);
    await outbox.flush();
    expect(discord.memberRoles(team.captain.id)).toEqual([]);
    expect(discord.memberRoles(replacing.id)).toEqual([roleOf(free.name)]);
    // Withdrawing then takes it from the account connected now.
    await t.app.inject({ method: 'POST', url: `/api/manage/${team.id}/withdraw`, headers: { authorization: team.teamLink.authorization } });
    await outbox.flush();
    expect(discord.memberRoles(replacing.id)).toEqual([]);
  });

  it('gives up at once a grant Discord answers 404 (the captain left the server), and the removal finds nothing to take', async () => {
    const paid = await cup('50.00');
    const team = await connectedTeam(paid.id);
    discord.leaveGuild(team.captain.id);
    await pay(team, paid.id);
    await outbox.flush();
    expect(sent('addMemberRole', team.captain.id)).toMatchObject([{ status: 404 }]);
    const [grant] = await jobsOf(team.id);
    // Given up, it keeps no account id.
    expect(grant).toMatchObject({ kind: 'add-role', doneAt: null, attempts: 10, lastError: expect.stringContaining('404'), discordUserId: null });
    await outbox.flush();
    expect(sent('addMemberRole', team.captain.id)).toHaveLength(1);
    const removed = await t.app.inject({ method: 'POST', url: `/api/teams/${team.id}/remove`, headers: { cookie }, payload: { refund: 'none', reason: 'Left' } });
    expect(removed.statusCode).toBe(200);
    await outbox.flush();
    expect((await jobsOf(team.id)).at(-1)).toMatchObject({ kind: 'remove-role', doneAt: expect.any(Date), lastError: 'not on the server any more' });
  });

  it('a 401 or 403 (the bot not set up right) is asked again later without counting as an attempt', async () => {
    const free = await cup('0');
    await connectedTeam(free.id);
    await outbox.flush();
    discord.failNext('addMemberRole', { status: 403 });
    const team = await connectedTeam(free.id);
    await outbox.flush();
    expect(sent('addMemberRole', team.captain.id)).toMatchObject([{ status: 403 }]);
    const [grant] = await jobsOf(team.id);
    expect(grant).toMatchObject({ doneAt: null, attempts: 0, discordUserId: team.captain.id });
    expect(grant!.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(9 * 60_000);
  });

  it('asks nothing of Discord for a team whose captain never connected', async () => {
    const free = await cup('0');
    const team = await registerTeam(t.app, free.id);
    const withdrawn = await t.app.inject({ method: 'POST', url: `/api/manage/${team.id}/withdraw`, headers: { authorization: team.teamLink.authorization } });
    expect(withdrawn.statusCode).toBe(200);
    expect(await jobsOf(team.id)).toEqual([]);
    expect(rolesNamed(free.name)).toEqual([]);
  });

  it('honours a 429’s retry_after: the grant is not sent again before it, then it is', async () => {
    const free = await cup('0');
    await connectedTeam(free.id);
    await outbox.flush();
    discord.failNext('addMemberRole', { status: 429, retryAfter: 1 });
    const team = await connectedTeam(free.id);
    await outbox.flush();
    const [limited] = sent('addMemberRole', team.captain.id);
    expect(limited).toMatchObject({ status: 429 });
    await outbox.flush();
    await new Promise((resolve) => setTimeout(resolve, 500));
    await outbox.flush();
    expect(sent('addMemberRole', team.captain.id)).toHaveLength(1);
    // The outbox starts again by itself once the wait is over.
    await waitFor(() => discord.memberRoles(team.captain.id).length === 1);
    const [, given] = sent('addMemberRole', team.captain.id);
    expect(given).toMatchObject({ status: 204 });
    expect(given!.at - limited!.at).toBeGreaterThanOrEqual(1000);
    // Discord limiting is not the job's failure: one attempt counted. (Marked done just after Discord answered.)
    for (const until = Date.now() + 5_000; (await jobsOf(team.id))[0]?.doneAt == null && Date.now() < until; ) await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await jobsOf(team.id))[0]).toMatchObject({ attempts: 1, doneAt: expect.any(Date) });
  });

  it('is taken away when the organizer gives the team a new link, which disconnects the account', async () => {
    const free = await cup('0');
    const team = await connectedTeam(free.id);
    await outbox.flush();
    expect(discord.memberRoles(team.captain.id)).toEqual([roleOf(free.name)]);
    const rotated = await t.app.inject({ method: 'POST', url: `/api/teams/${team.id}/team-link`, headers: { cookie } });
    expect(rotated.statusCode, rotated.body).toBe(200);
    await outbox.flush();
    expect(discord.memberRoles(team.captain.id)).toEqual([]);
  });

  it('is taken away when the team’s data is erased, and then no table holds the account id', async () => {
    const free = await cup('0');
    const team = await connectedTeam(free.id);
    await outbox.flush();
    expect(discord.memberRoles(team.captain.id)).toEqual([roleOf(free.name)]);
    const exported = await t.app.inject({ method: 'GET', url: `/api/admin/teams/${team.id}/export`, headers: { cookie } });
    expect(JSON.parse(exported.body).team).toMatchObject({ discordUserId: team.captain.id });
    // The cup has been played: the team can be erased without withdrawing first.
    const past = new Date(Date.now() - 86_400_000).toISOString();
    await t.database.withConnection((exec) => exec(`update tournaments set tournament_date = $1, registration_closes = $1 where id = $2`, [past, free.id]));
    const erased = await t.app.inject({ method: 'POST', url: `/api/admin/teams/${team.id}/erase`, headers: { cookie } });
    expect(erased.statusCode, erased.body).toBe(204);
    // Until it is sent, the removal alone holds the account.
    expect((await jobsOf(team.id)).filter((job) => job.discordUserId !== null)).toMatchObject([{ kind: 'remove-role', discordUserId: team.captain.id, doneAt: null }]);
    await outbox.flush();
    expect(discord.memberRoles(team.captain.id)).toEqual([]);
    expect(await tablesHolding(team.captain.id)).toEqual([]);
  });

  it('an erasure while the grant still waits: the grant is skipped (its account gone), the removal sent', async () => {
    const free = await cup('0');
    discord.outage({ status: 502 });
    let team;
    try {
      team = await connectedTeam(free.id);
      await outbox.flush();
      const past = new Date(Date.now() - 86_400_000).toISOString();
      await t.database.withConnection((exec) => exec(`update tournaments set tournament_date = $1, registration_closes = $1 where id = $2`, [past, free.id]));
      expect((await t.app.inject({ method: 'POST', url: `/api/admin/teams/${team.id}/erase`, headers: { cookie } })).statusCode).toBe(204);
    } finally {
      discord.outage(null);
    }
    // The cup's role is created when Discord is back (on the next run after its backoff); nothing is given to the erased account.
    // Time passes: every wait and any lease a background run took during the outage are over (a
    // run the erasure started may still be under way, so this is repeated until the jobs are done).
    for (const until = Date.now() + 10_000; Date.now() < until; ) {
      await t.database.withConnection((exec) => exec(`update discord_jobs set next_attempt_at = created_at, claimed_at = null where tournament_id = $1 and done_at is null`, [free.id]));
      await outbox.flush();
      if ((await jobsOf(team.id)).every((job) => job.doneAt !== null)) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(sent('addMemberRole', team.captain.id).filter((r) => r.status === 204)).toEqual([]);
    expect(discord.memberRoles(team.captain.id)).toEqual([]);
    expect((await jobsOf(team.id)).map((job) => [job.kind, job.doneAt !== null, job.discordUserId])).toEqual([
      ['add-role', true, null],
      ['remove-role', true, null],
    ]);
    expect(await tablesHolding(team.captain.id)).toEqual([]);
  });

  it('stays with an account that still captains another confirmed team of the cup, and goes with the last one', async () => {
    const free = await cup('0');
    const captain = { id: '7100000000000000900', username: 'two_teams_captain', global_name: null };
    const [first, second] = [await registerTeam(t.app, free.id), await registerTeam(t.app, free.id)];
    for (const team of [first, second]) await connect(team, captain);
    await outbox.flush();
    expect(discord.memberRoles(captain.id)).toEqual([roleOf(free.name)]);
    const withdraw = (team: typeof first) => t.app.inject({ method: 'POST', url: `/api/manage/${team.id}/withdraw`, headers: { authorization: team.teamLink.authorization } });
    expect((await withdraw(first)).statusCode).toBe(200);
    await outbox.flush();
    expect(discord.memberRoles(captain.id)).toEqual([roleOf(free.name)]);
    expect(sent('removeMemberRole', captain.id)).toEqual([]);
    expect((await jobsOf(first.id)).at(-1)).toMatchObject({ kind: 'remove-role', doneAt: expect.any(Date), lastError: 'the account captains another confirmed team of the cup' });
    expect((await withdraw(second)).statusCode).toBe(200);
    await outbox.flush();
    expect(discord.memberRoles(captain.id)).toEqual([]);
  });

  it('goes from an account whose other confirmed team of the cup was never given the role (its grant not stored)', async () => {
    const free = await cup('0');
    const first = await connectedTeam(free.id);
    await outbox.flush();
    expect(discord.memberRoles(first.captain.id)).toEqual([roleOf(free.name)]);
    // The same account on another confirmed team, whose grant was never stored (a failure beside its change).
    const second = await registerTeam(t.app, free.id);
    await t.database.withConnection((exec) => exec(`update teams set discord_user_id = $1 where id = $2`, [first.captain.id, second.id]));
    expect(await jobsOf(second.id)).toEqual([]);
    const withdrawn = await t.app.inject({ method: 'POST', url: `/api/manage/${first.id}/withdraw`, headers: { authorization: first.teamLink.authorization } });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    await outbox.flush();
    expect(discord.memberRoles(first.captain.id)).toEqual([]);
  });

  it('a failure storing the role’s jobs never undoes the payment admission: the team is confirmed', async () => {
    const paid = await cup('50.00');
    const team = await connectedTeam(paid.id);
    await withJobsFailing(() => pay(team, paid.id));
    const [row] = await t.database.db.select().from(teams).where(eq(teams.id, team.id));
    expect(row).toMatchObject({ paymentStatus: 'completed' });
    expect(await jobsOf(team.id)).toEqual([]);
  });

  it('a failure storing the removal fails the erasure or the disconnection, which keep the account id and can be retried', async () => {
    const free = await cup('0');
    const [erased, disconnected] = [await connectedTeam(free.id), await connectedTeam(free.id)];
    await outbox.flush();
    const past = new Date(Date.now() - 86_400_000).toISOString();
    await t.database.withConnection((exec) => exec(`update tournaments set tournament_date = $1, registration_closes = $1 where id = $2`, [past, free.id]));
    const erase = () => t.app.inject({ method: 'POST', url: `/api/admin/teams/${erased.id}/erase`, headers: { cookie } });
    const rotate = () => t.app.inject({ method: 'POST', url: `/api/teams/${disconnected.id}/team-link`, headers: { cookie } });
    await withJobsFailing(async () => {
      expect((await erase()).statusCode).toBe(500);
      expect((await rotate()).statusCode).toBe(500);
    });
    const accountOf = async (teamId: string) => (await t.database.db.select({ discordUserId: teams.discordUserId }).from(teams).where(eq(teams.id, teamId)))[0]?.discordUserId;
    expect(await accountOf(erased.id)).toBe(erased.captain.id);
    expect(await accountOf(disconnected.id)).toBe(disconnected.captain.id);
    // Asked again once the table is fixed: both are done, and the roles taken.
    expect((await erase()).statusCode).toBe(204);
    expect((await rotate()).statusCode).toBe(200);
    await outbox.flush();
    expect(discord.memberRoles(erased.captain.id)).toEqual([]);
    expect(discord.memberRoles(disconnected.captain.id)).toEqual([]);
  });

  // Last: it moves the clock on.
  it('a Discord outage (5xx): registration and payment still succeed, and the role is given once Discord is back', async () => {
    const paid = await cup('50.00');
    const team = await connectedTeam(paid.id);
    discord.outage({ status: 503 });
    try {
      await pay(team, paid.id);
      await outbox.flush();
      expect(sent('createRole').at(-1)).toMatchObject({ status: 503 });
      // Another captain registers meanwhile.
      await registerTeam(t.app, paid.id);
      const waiting = await t.database.db.select().from(discordJobs).where(eq(discordJobs.tournamentId, paid.id)).orderBy(discordJobs.seq);
      expect(waiting).toMatchObject([
        { kind: 'create-role', doneAt: null, lastError: expect.stringContaining('503') },
        { kind: 'add-role', doneAt: null, discordUserId: team.captain.id },
      ]);
    } finally {
      discord.outage(null);
    }
    // Before its backoff is over, nothing is sent again.
    const tries = sent('createRole').length;
    await outbox.flush();
    expect(sent('createRole')).toHaveLength(tries);
    t.clock.advance(31_000);
    await outbox.flush();
    expect(discord.memberRoles(team.captain.id)).toEqual([roleOf(paid.name)]);
  });
});

describe('without a Discord application', () => {
  it('stores no Discord job, even for a confirmed team with an account id', async () => {
    const plain = await createTestApp();
    const plainCookie = await plain.login();
    const { id } = await createOpenTournament(plain, plainCookie, { name: 'Plain Cup', entryFee: '50.00' });
    const team = await registerTeam(plain.app, id);
    await plain.database.db.update(teams).set({ discordUserId: '7199999999999999999' }).where(eq(teams.id, team.id));
    const intent = await plain.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: { cookie: team.owner }, payload: { tournamentId: id, teamId: team.id } });
    await confirmDemoCard(plain.app, { bearer: { cookie: team.owner } }, (intent.json() as { clientSecret: string }).clientSecret);
    expect((await plain.app.inject({ method: 'PATCH', url: `/api/teams/${team.id}/payment-complete`, headers: { cookie: team.owner } })).json()).toEqual({ paymentStatus: 'completed' });
    expect(await plain.database.db.select().from(discordJobs)).toEqual([]);
    expect(plain.services.discordOutbox).toBeNull();
  });
});

/** Every table and column whose text holds `needle`, as "table.column". */
async function tablesHolding(needle: string): Promise<string[]> {
  return t.database.withConnection(async (exec) => {
    const { rows: columns } = await exec(
      `select table_name, column_name from information_schema.columns where table_schema = current_schema() and data_type in ('text', 'character varying', 'jsonb', 'json')`,
    );
    const found: string[] = [];
    for (const { table_name: table, column_name: column } of columns as { table_name: string; column_name: string }[]) {
      const { rows } = await exec(`select 1 from "${table}" where "${column}"::text like $1 limit 1`, [`%${needle}%`]);
      if (rows.length) found.push(`${table}.${column}`);
    }
    return found;
  });
}

async function waitFor(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
