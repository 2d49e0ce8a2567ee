import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, discordCupCategories, discordJobs, discordMatchChannels, teams, tournaments } from '../../src/server/db/schema.js';
import type { DiscordOutbox } from '../../src/server/discord/outbox.js';
import type { Bracket, BracketMatch } from '../../src/shared/schemas/bracket.js';
import { createOpenTournament, registerTeam } from '../support/factories.js';
import { startDiscordStandIn, type DiscordStandIn, type StandInChannel } from '../support/discord-stand-in.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * A private Discord channel per match through the outbox: the server's real REST client against
 * the Discord stand-in. Drawing the bracket or entering a result stores the channel jobs; the outbox
 * sends them (here run with `flush`).
 */

const origin = 'https://cup.example';
let discord: DiscordStandIn;
let t: TestApp;
let cookie: string;
let outbox: DiscordOutbox;

beforeAll(async () => {
  discord = await startDiscordStandIn();
  t = await createTestApp({ ...discord.env(), PUBLIC_URL: `${origin}/` });
  cookie = await t.login();
  outbox = t.services.discordOutbox!;
});
afterAll(async () => discord.close());

let cupSeq = 0;
let userSeq = 0;

/** The captain connects a Discord account to the team at step 2: its account id. */
async function connect(team: { id: string; owner: string }): Promise<string> {
  const n = ++userSeq;
  const captain = { id: `7200000000000000${String(n).padStart(3, '0')}`, username: `channel_captain_${n}`, global_name: null };
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
  const back = await t.app.inject({ method: 'GET', url: `${redirect.pathname}${redirect.search}`, headers: { cookie: `discord_oauth_state=${state}` } });
  expect(back.headers.location).toBe('/register?discord=connected');
  return captain.id;
}

/** A free cup of four teams (confirmed at once), the captains of `connected` (indexes) connected to Discord. */
async function cupOfFour(connected = [0, 1, 2, 3]) {
  const name = `Channels Cup ${++cupSeq}`;
  const { id, tournamentDate } = await createOpenTournament(t, cookie, { name, entryFee: '0', checkInEnabled: false });
  const teams: { id: string; owner: string; name: string; captain: string | null; link: { authorization: string } }[] = [];
  for (let i = 0; i < 4; i++) {
    const teamName = `Channel Team ${cupSeq}-${i + 1}`;
    const team = await registerTeam(t.app, id, { name: teamName });
    teams.push({ ...team, name: teamName, link: team.teamLink, captain: connected.includes(i) ? await connect(team) : null });
  }
  return { id, name, teams, tournamentDate };
}

async function draw(tournamentId: string): Promise<Bracket> {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/tournaments/${tournamentId}/bracket`,
    headers: { cookie },
    payload: { seeding: 'registration' },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Bracket;
}

const matchOf = (bracket: Bracket, key: string): BracketMatch => bracket.rounds.flatMap((r) => r.matches).find((m) => m.key === key)!;

async function enterResult(matchId: string, winnerTeamId: string, score = '13-11') {
  const response = await t.app.inject({ method: 'PUT', url: `/api/matches/${matchId}`, headers: { cookie }, payload: { winnerTeamId, score } });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { bracket: Bracket }).bracket;
}

const categoryOf = (name: string) => discord.channels().filter((channel) => channel.type === 4 && channel.name === name);
const channelsUnder = (categoryId: string) => discord.channels().filter((channel) => channel.parent_id === categoryId);
/** The channel whose first message links to the match. */
const channelOf = (matchId: string): StandInChannel | undefined =>
  discord.channels().find((channel) => channel.messages[0]?.endsWith(`${origin}/matches/${matchId}`));
const nameOf = (cup: Awaited<ReturnType<typeof cupOfFour>>, teamId: string | null) => cup.teams.find((team) => team.id === teamId)!.name;
const captainOf = (cup: Awaited<ReturnType<typeof cupOfFour>>, teamId: string | null) => cup.teams.find((team) => team.id === teamId)!.captain!;

/** A match's time as the channel writes it: Discord's timestamp markup, shown in each reader's zone. */
const discordTimeOf = (iso: string) => `<t:${Math.floor(Date.parse(iso) / 1000)}:f>`;

/** The channel's first message for a match whose veto has not opened: the teams, the match's time (read from its page), the veto, the link. */
async function greetingOf(cup: Awaited<ReturnType<typeof cupOfFour>>, match: Pick<BracketMatch, 'id' | 'team1Id' | 'team2Id'>): Promise<string> {
  const detail = (await t.app.inject({ method: 'GET', url: `/api/matches/${match.id}` })).json() as { startsAt: string };
  return [
    `${nameOf(cup, match.team1Id)} vs ${nameOf(cup, match.team2Id)}`,
    `Time: ${discordTimeOf(detail.startsAt)}`,
    'Map veto: opens when both teams are ready',
    `Match page: ${origin}/matches/${match.id}`,
  ].join('\n');
}

const view = 1n << 10n;
const send = 1n << 11n;
const overwrite = (id: string, type: number, allow: bigint, deny: bigint) => ({ id, type, allow: String(allow), deny: String(deny) });

describe('a private channel per match', () => {
  it('is created once per match (even when two sweeps race), under the cup’s category, for the two captains only, with the teams, the time, the veto and the match link', async () => {
    const cup = await cupOfFour();
    const bracket = await draw(cup.id);
    const channels = t.services.discordChannels!;
    await Promise.all([channels.sweep(), channels.sweep(), channels.sweep()]);
    await Promise.all([outbox.flush(), outbox.flush()]);
    await outbox.flush();

    const [category, ...more] = categoryOf(cup.name);
    expect(more).toEqual([]);
    expect(category).toMatchObject({ parent_id: null, permission_overwrites: [] });
    const under = channelsUnder(category!.id);
    expect(under).toHaveLength(2);
    for (const key of ['r1m1', 'r1m2']) {
      const match = matchOf(bracket, key);
      const channel = channelOf(match.id)!;
      expect(under).toContainEqual(channel);
      const [team1, team2] = [nameOf(cup, match.team1Id), nameOf(cup, match.team2Id)];
      expect(channel).toMatchObject({
        type: 0,
        name: `${team1} vs ${team2}`.toLowerCase().replace(/ /g, '-'),
        permission_overwrites: [
          overwrite(discord.guildId, 0, 0n, view),
          overwrite(discord.clientId, 1, view | send, 0n),
          overwrite(captainOf(cup, match.team1Id), 1, view | send, 0n),
          overwrite(captainOf(cup, match.team2Id), 1, view | send, 0n),
        ],
        messages: [await greetingOf(cup, match)],
        // SUPPRESS_EMBEDS: the match page's link shows no preview.
        messageFlags: [1 << 2],
      });
    }
    // The final's teams are not known yet: no channel for it.
    expect(channelOf(matchOf(bracket, 'r2m1').id)).toBeUndefined();
    const jobs = await t.database.db.select().from(discordJobs).where(eq(discordJobs.tournamentId, cup.id));
    expect(
      jobs
        .filter((job) => job.kind.startsWith('create-c'))
        .map((job) => [job.kind, job.doneAt !== null])
        .sort(),
    ).toEqual([
      ['create-category', true],
      ['create-channel', true],
      ['create-channel', true],
    ]);
  });

  it('is archived when the result is entered: read-only for the captains, the result posted; the final gets its channel', async () => {
    const cup = await cupOfFour();
    const bracket = await draw(cup.id);
    await outbox.flush();
    const semi = matchOf(bracket, 'r1m1');
    const after = await enterResult(semi.id, semi.team1Id!);
    await outbox.flush();
    const channel = channelOf(semi.id)!;
    expect(channel.permission_overwrites).toEqual([
      overwrite(discord.guildId, 0, 0n, view),
      overwrite(discord.clientId, 1, view | send, 0n),
      overwrite(captainOf(cup, semi.team1Id), 1, view, send),
      overwrite(captainOf(cup, semi.team2Id), 1, view, send),
    ]);
    expect(channel.messages.at(-1)).toBe(`Result: ${nameOf(cup, semi.team1Id)} beat ${nameOf(cup, semi.team2Id)} (13-11).`);
    // The other semi-final is still open.
    expect(channelOf(matchOf(bracket, 'r1m2').id)!.permission_overwrites[2]).toEqual(
      overwrite(captainOf(cup, matchOf(bracket, 'r1m2').team1Id), 1, view | send, 0n),
    );

    const other = matchOf(bracket, 'r1m2');
    await enterResult(other.id, other.team2Id!, '13-7');
    await outbox.flush();
    const final = matchOf(after, 'r2m1');
    const finalChannel = channelOf(final.id)!;
    expect(finalChannel.messages).toEqual([await greetingOf(cup, { id: final.id, team1Id: semi.team1Id, team2Id: other.team2Id })]);
    expect(finalChannel.permission_overwrites.slice(2)).toEqual([
      overwrite(captainOf(cup, semi.team1Id), 1, view | send, 0n),
      overwrite(captainOf(cup, other.team2Id), 1, view | send, 0n),
    ]);
    // Archived once: sweeping again stores nothing new.
    await t.services.discordChannels!.sweep();
    await outbox.flush();
    expect(channelOf(semi.id)!.messages).toHaveLength(2);
  });

  it('is not created while a captain has not connected Discord, and is once they do', async () => {
    const cup = await cupOfFour([0, 1, 2]);
    const bracket = await draw(cup.id);
    await outbox.flush();
    const withUnconnected = ['r1m1', 'r1m2']
      .map((key) => matchOf(bracket, key))
      .find((match) => captainOfOrNull(cup, match.team1Id) === null || captainOfOrNull(cup, match.team2Id) === null)!;
    const connectedMatch = ['r1m1', 'r1m2'].map((key) => matchOf(bracket, key)).find((match) => match !== withUnconnected)!;
    expect(channelOf(withUnconnected.id)).toBeUndefined();
    expect(channelOf(connectedMatch.id)).toBeDefined();
    const late = cup.teams[3]!;
    late.captain = await connect(late);
    await outbox.flush();
    expect(channelOf(withUnconnected.id)!.permission_overwrites.map((o) => o.id)).toContain(late.captain);
  });

  it('is deleted when the bracket is drawn again (its match is gone), and the new matches get channels of their own', async () => {
    const cup = await cupOfFour();
    const first = await draw(cup.id);
    await outbox.flush();
    const old = ['r1m1', 'r1m2'].map((key) => channelOf(matchOf(first, key).id)!);
    expect(old.every(Boolean)).toBe(true);
    const second = await draw(cup.id);
    await t.services.discordChannels!.sweep();
    await outbox.flush();
    await outbox.flush();
    expect(discord.channels().filter((channel) => old.some((gone) => gone.id === channel.id))).toEqual([]);
    expect(channelsUnder(categoryOf(cup.name)[0]!.id).map((channel) => channel.id).sort()).toEqual(
      ['r1m1', 'r1m2'].map((key) => channelOf(matchOf(second, key).id)!.id).sort(),
    );
    expect(await t.database.db.select().from(discordMatchChannels).where(eq(discordMatchChannels.tournamentId, cup.id))).toHaveLength(2);
  });

  // Last: it moves the clock on.
  it('a Discord outage (5xx) leaves the draw and result entry working; the channel is created (and archived) once Discord is back', async () => {
    discord.outage({ status: 503 });
    let cup: Awaited<ReturnType<typeof cupOfFour>>;
    let semi: BracketMatch;
    try {
      cup = await cupOfFour();
      const bracket = await draw(cup.id);
      await outbox.flush();
      expect(categoryOf(cup.name)).toEqual([]);
      semi = matchOf(bracket, 'r1m1');
      await enterResult(semi.id, semi.team2Id!, '16-14');
      await outbox.flush();
      expect(channelOf(semi.id)).toBeUndefined();
    } finally {
      discord.outage(null);
    }
    t.clock.advance(31 * 60_000);
    await outbox.flush();
    await outbox.flush(50);
    const channel = channelOf(semi.id)!;
    expect(channel.messages).toEqual([
      await greetingOf(cup, semi),
      `Result: ${nameOf(cup, semi.team2Id)} beat ${nameOf(cup, semi.team1Id)} (16-14).`,
    ]);
    expect(channel.permission_overwrites[2]).toEqual(overwrite(captainOf(cup, semi.team1Id), 1, view, send));
    expect(categoryOf(cup.name)).toHaveLength(1);
  });
});

type Cup = Awaited<ReturnType<typeof cupOfFour>>;
type VetoNext = { action: 'order' | 'ban' | 'pick' | 'side'; teamId: string; map?: string };
type VetoEntry = { action: 'coin' | 'order' | 'ban' | 'pick' | 'decider' | 'side'; teamId: string | null; map?: string; side?: string; order?: string; auto: boolean };
type Detail = { veto?: { next: VetoNext | null; remaining: string[]; maps: { map: string }[]; log: VetoEntry[]; done: boolean } | null };

/** A captain acts on the match through the team link. */
async function captainPost(team: Cup['teams'][number], matchId: string, action: string, payload?: Record<string, unknown>): Promise<Detail> {
  const response = await t.app.inject({ method: 'POST', url: `/api/manage/${team.id}/matches/${matchId}/${action}`, headers: team.link, ...(payload ? { payload } : {}) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Detail;
}

/**
 * The two captains say ready and play the veto through (the first map left each time), the
 * channel's sweep and the outbox run twice over after each action; returns what the channel should
 * say of it, in the words the channel uses (tested word for word), and the map played first.
 */
async function playVeto(cup: Cup, match: BracketMatch): Promise<{ lines: string[]; map: string }> {
  const [a, b] = [match.team1Id, match.team2Id].map((id) => cup.teams.find((team) => team.id === id)!);
  const name = (teamId: string | null) => (teamId ? nameOf(cup, teamId) : 'the site');
  const turn = (next: VetoNext) =>
    `${name(next.teamId)}: ${{ order: 'choose whether to start the veto', ban: 'ban a map', pick: 'pick a map', side: `choose your starting side on ${next.map}` }[next.action]} on your team page, ${origin}/team/${next.teamId}`;
  const entryLine = (entry: VetoEntry) =>
    ({
      coin: `Equal seeds: ${name(entry.teamId)} won the coin toss`,
      order: `${name(entry.teamId)} starts the veto`,
      ban: `${name(entry.teamId)} bans ${entry.map}`,
      pick: `${name(entry.teamId)} picks ${entry.map}`,
      decider: `${entry.map} is the decider`,
      side: `${name(entry.teamId)} starts on ${entry.side === 'attack' ? 'Attack' : 'Defense'} on ${entry.map}`,
    })[entry.action] + '.';
  const sweepTwice = async () => {
    await Promise.all([t.services.discordChannels!.sweep(), t.services.discordChannels!.sweep()]);
    await Promise.all([outbox.flush(), outbox.flush()]);
  };
  await captainPost(a!, match.id, 'ready');
  let detail = await captainPost(b!, match.id, 'ready');
  await sweepTwice();
  const lines = [`${a!.name} is ready.`, `${b!.name} is ready.`, `The map veto is open.\n${turn(detail.veto!.next!)}`];
  while (detail.veto?.next) {
    const { action, teamId } = detail.veto.next;
    const before = detail.veto.log.length;
    detail = await captainPost(teamId === a!.id ? a! : b!, match.id, 'veto', action === 'order' ? { order: 'first' } : action === 'side' ? { side: 'attack' } : { map: detail.veto.remaining[0] });
    await sweepTwice();
    // Entries the site wrote with the action (the decider) come right after it, each with where the veto then stood.
    const added = detail.veto!.log.slice(before);
    added.forEach((entry, i) => {
      const isLast = i === added.length - 1;
      const standing = !isLast ? null : detail.veto!.next ? turn(detail.veto!.next) : `The veto is done. Maps: ${detail.veto!.maps.map((m) => m.map).join(', ')}.`;
      lines.push([entryLine(entry), standing].filter(Boolean).join('\n'));
    });
  }
  return { lines, map: detail.veto!.maps[0]!.map };
}

describe('the steps of a match in its channel', () => {
  // The outage test above moved the clock on: a fresh session.
  beforeAll(async () => {
    cookie = await t.login();
  });

  it('tells each change of the match time once, and not the time its first message gave; a time it goes back to again is told again', async () => {
    const cup = await cupOfFour();
    const bracket = await draw(cup.id);
    await outbox.flush();
    const match = matchOf(bracket, 'r1m1');
    const first = await greetingOf(cup, match);
    const later = new Date(Date.parse(cup.tournamentDate) + 2 * 3_600_000).toISOString();
    const setTime = async (startsAt: string | null) => {
      const response = await t.app.inject({ method: 'PATCH', url: `/api/matches/${match.id}`, headers: { cookie }, payload: { startsAt } });
      expect(response.statusCode, response.body).toBe(200);
      await outbox.flush();
    };
    await setTime(later);
    await setTime(later);
    await Promise.all([t.services.discordChannels!.sweep(), t.services.discordChannels!.sweep()]);
    await outbox.flush();
    // Back to the time the round has: a change too, told once.
    await setTime(null);
    await t.services.discordChannels!.sweep();
    await outbox.flush();
    // And on again to the later time (A, B, A, B): each change is told.
    await setTime(later);
    await t.services.discordChannels!.sweep();
    await outbox.flush();
    expect(channelOf(match.id)!.messages).toEqual([
      first,
      `The match time changed: ${discordTimeOf(later)}.`,
      `The match time changed: ${discordTimeOf(cup.tournamentDate)}.`,
      `The match time changed: ${discordTimeOf(later)}.`,
    ]);
  });
});

describe('cleaning up Discord', () => {
  const cleanUp = (tournamentId: string) => t.app.inject({ method: 'POST', url: `/api/tournaments/${tournamentId}/discord/clean-up`, headers: { cookie } });
  const jobsOf = (tournamentId: string) => t.database.db.select().from(discordJobs).where(eq(discordJobs.tournamentId, tournamentId));

  it('is refused while the cup runs; once it is finished, deletes each match channel and then the category, a channel already deleted by hand counting as done', async () => {
    const cup = await cupOfFour();
    let bracket = await draw(cup.id);
    await outbox.flush();
    const refused = await cleanUp(cup.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'Discord can be cleaned up once the tournament is finished or cancelled' });

    const [semi1, semi2] = ['r1m1', 'r1m2'].map((key) => matchOf(bracket, key));
    await enterResult(semi1!.id, semi1!.team1Id!);
    bracket = await enterResult(semi2!.id, semi2!.team1Id!);
    const final = matchOf(bracket, 'r2m1');
    await outbox.flush();
    await enterResult(final.id, final.team1Id!);
    const confirmed = await t.app.inject({ method: 'POST', url: `/api/tournaments/${cup.id}/bracket/confirm`, headers: { cookie } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    // The organizer's list says the cup is finished: the back-office offers the clean-up then.
    const listed = (await t.app.inject({ method: 'GET', url: '/api/tournaments' })).json() as { id: string; bracketProgress?: string }[];
    expect(listed.find((tournament) => tournament.id === cup.id)?.bracketProgress).toBe('decided');
    await outbox.flush();
    const [category] = categoryOf(cup.name);
    const made = channelsUnder(category!.id);
    expect(made).toHaveLength(3);
    // Someone on the server deleted one already: Discord answers 404 to the site's deletion.
    discord.deleteChannelByHand(made[0]!.id);

    const cleaned = await cleanUp(cup.id);
    expect(cleaned.statusCode, cleaned.body).toBe(202);
    expect(cleaned.json()).toEqual({ channels: 3, category: true });
    // Asked again: the same answer, no deletion twice, nothing recorded again.
    const again = await cleanUp(cup.id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ channels: 3, category: true });
    // A deletion fails once (and waits its turn again): the category waits for it, the other channels do not.
    discord.failNext('deleteChannel', { status: 503 });
    await outbox.flush();
    await outbox.flush();
    expect(categoryOf(cup.name)).toHaveLength(1);
    expect(await t.database.db.select().from(discordMatchChannels).where(eq(discordMatchChannels.tournamentId, cup.id))).toHaveLength(1);
    await t.database.db.update(discordJobs).set({ nextAttemptAt: t.clock.now() }).where(eq(discordJobs.tournamentId, cup.id));
    await outbox.flush();

    const gone = new Set([...made.map((channel) => channel.id), category!.id]);
    expect(discord.channels().filter((channel) => gone.has(channel.id))).toEqual([]);
    const deletions = discord.requests.filter((request) => request.route === 'deleteChannel' && gone.has(request.path.split('/').at(-1)!));
    expect(deletions.map((request) => request.status).sort()).toEqual([200, 200, 200, 404, 503]);
    // The category last: its channels would otherwise be left without a parent.
    expect(deletions.at(-1)!.path).toBe(`/api/v10/channels/${category!.id}`);
    const jobs = await jobsOf(cup.id);
    expect(jobs.filter((job) => job.kind.startsWith('delete-')).map((job) => [job.kind, job.doneAt !== null, job.lastError]).sort()).toEqual([
      ['delete-category', true, null],
      ['delete-channel', true, null],
      ['delete-channel', true, null],
      ['delete-channel', true, null],
    ]);
    expect(await t.database.db.select().from(discordMatchChannels).where(eq(discordMatchChannels.tournamentId, cup.id))).toEqual([]);
    expect(await t.database.db.select().from(discordCupCategories).where(eq(discordCupCategories.tournamentId, cup.id))).toEqual([]);
    const audit = await t.database.db.select().from(auditLog).where(and(eq(auditLog.tournamentId, cup.id), eq(auditLog.action, 'tournament.discord_clean_up')));
    expect(audit.map((entry) => entry.after)).toEqual([{ channels: 3, category: true }]);
    // Nothing is made for the cup any more.
    await t.services.discordChannels!.sweep();
    expect(await jobsOf(cup.id)).toHaveLength(jobs.length);
  });

  it('cleans up a cancelled cup, and nothing still waiting for Discord is made for it afterwards', async () => {
    const cup = await cupOfFour();
    // Discord refuses to make channels: the category and the channels wait.
    discord.outage({ status: 503 }, ['createChannel']);
    try {
      await draw(cup.id);
      await outbox.flush();
    } finally {
      discord.outage(null);
    }
    const cancelled = await t.app.inject({ method: 'POST', url: `/api/tournaments/${cup.id}/cancel`, headers: { cookie }, payload: { reason: 'The venue closed' } });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const cleaned = await cleanUp(cup.id);
    expect(cleaned.statusCode, cleaned.body).toBe(202);
    expect(cleaned.json()).toEqual({ channels: 2, category: true });
    // Due again: the waiting creations go first, and do nothing now.
    await t.database.db.update(discordJobs).set({ nextAttemptAt: t.clock.now() }).where(eq(discordJobs.tournamentId, cup.id));
    await outbox.flush(50);
    expect(categoryOf(cup.name)).toEqual([]);
    const jobs = await jobsOf(cup.id);
    expect(jobs.filter((job) => job.doneAt === null)).toEqual([]);
    expect(jobs.filter((job) => job.kind.startsWith('create-c')).map((job) => job.lastError)).toEqual(['the cup’s Discord was cleaned up', 'the cup’s Discord was cleaned up', 'the cup’s Discord was cleaned up']);
  });

  it('is not held back by a job Discord refuses for ever (a 403 is tried again without end)', async () => {
    const cup = await cupOfFour();
    const bracket = await draw(cup.id);
    await outbox.flush();
    const [category] = categoryOf(cup.name);
    const made = channelsUnder(category!.id);
    expect(made).toHaveLength(2);
    // The bot may no longer post: the new time of a match waits for ever.
    discord.outage({ status: 403 }, ['createMessage']);
    try {
      const match = matchOf(bracket, 'r1m1');
      const later = new Date(Date.parse(cup.tournamentDate) + 3_600_000).toISOString();
      const moved = await t.app.inject({ method: 'PATCH', url: `/api/matches/${match.id}`, headers: { cookie }, payload: { startsAt: later } });
      expect(moved.statusCode, moved.body).toBe(200);
      await outbox.flush();
      const cancelled = await t.app.inject({ method: 'POST', url: `/api/tournaments/${cup.id}/cancel`, headers: { cookie }, payload: { reason: 'The venue closed' } });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect((await cleanUp(cup.id)).statusCode).toBe(202);
      await outbox.flush();
      await outbox.flush();
      expect((await jobsOf(cup.id)).filter((job) => job.kind === 'post-step' && job.doneAt === null)).toHaveLength(1);
    } finally {
      discord.outage(null);
    }
    const gone = new Set([...made.map((channel) => channel.id), category!.id]);
    expect(discord.channels().filter((channel) => gone.has(channel.id))).toEqual([]);
  });

  it('happens by itself when the cup is deleted', async () => {
    const cup = await cupOfFour();
    await draw(cup.id);
    await outbox.flush();
    const [category] = categoryOf(cup.name);
    const made = channelsUnder(category!.id);
    expect(made).toHaveLength(2);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/tournaments/${cup.id}`, headers: { cookie } })).statusCode).toBe(204);
    await t.services.discordChannels!.sweep();
    await outbox.flush();
    await outbox.flush();
    const gone = new Set([...made.map((channel) => channel.id), category!.id]);
    expect(discord.channels().filter((channel) => gone.has(channel.id))).toEqual([]);
  });

  it('happens by itself once the cup’s retention period is over, and leaves a younger cup’s channels', async () => {
    const old = await cupOfFour();
    await draw(old.id);
    const young = await cupOfFour();
    await draw(young.id);
    await outbox.flush();
    const [oldCategory] = categoryOf(old.name);
    const oldChannels = channelsUnder(oldCategory!.id);
    expect(oldChannels).toHaveLength(2);
    const longAgo = new Date(t.clock.now().getTime() - 800 * 86_400_000);
    await t.database.db.update(tournaments).set({ tournamentDate: longAgo }).where(eq(tournaments.id, old.id));

    await t.services.privacy.sweepRetention({ userId: null, username: 'retention policy', requestId: '' });
    await outbox.flush();
    await outbox.flush();
    expect(categoryOf(old.name)).toEqual([]);
    expect(discord.channels().filter((channel) => oldChannels.some((gone) => gone.id === channel.id))).toEqual([]);
    expect(channelsUnder(categoryOf(young.name)[0]!.id)).toHaveLength(2);
    // The next sweep finds nothing more to delete.
    const jobs = await jobsOf(old.id);
    await t.services.privacy.sweepRetention({ userId: null, username: 'retention policy', requestId: '' });
    expect(await jobsOf(old.id)).toHaveLength(jobs.length);
  });
});

describe('the steps of a match in its channel, on the day', () => {
  // Each moves the clock on to its cup's start: last, each signing in again. The cups are made first, while their dates are ahead.
  const cups: Cup[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 3; i++) cups.push(await cupOfFour());
    cups.push(await cupOfFour([0, 1, 2]));
  });
  const toTheDay = (cup: Cup) => t.clock.set(new Date(Math.max(t.clock.now().getTime(), Date.parse(cup.tournamentDate))));

  it('posts the veto’s opening and each veto step with whose turn is next, the report and its confirmation, once each however often the sweep runs', async () => {
    const cup = cups[0]!;
    const bracket = await draw(cup.id);
    await outbox.flush();
    toTheDay(cup);
    const match = matchOf(bracket, 'r1m1');
    const [a, b] = [match.team1Id, match.team2Id].map((id) => cup.teams.find((team) => team.id === id)!);
    const greeting = await greetingOf(cup, match);
    const veto = await playVeto(cup, match);
    await captainPost(a!, match.id, 'report', { maps: [{ map: veto.map, team1Rounds: 13, team2Rounds: 7 }] });
    await captainPost(b!, match.id, 'confirm');
    for (let i = 0; i < 2; i++) {
      await Promise.all([t.services.discordChannels!.sweep(), t.services.discordChannels!.sweep()]);
      await outbox.flush();
    }
    expect(channelOf(match.id)!.messages).toEqual([
      greeting,
      ...veto.lines,
      `${a!.name} reported the result. ${b!.name}: confirm or dispute it on your team page, ${origin}/team/${b!.id}`,
      `The result ${a!.name} reported is confirmed.`,
      `Result: ${a!.name} beat ${b!.name} (1–0).`,
    ]);
  });

  it('posts a dispute once, and again for a report made after staff reopened reporting; escapes the markdown in team names', async () => {
    cookie = await t.login();
    const cup = cups[1]!;
    const match = matchOf(await draw(cup.id), 'r1m2');
    const [a, b] = [match.team1Id, match.team2Id].map((id) => cup.teams.find((team) => team.id === id)!);
    // A team named with Discord markdown in it: the channel shows the name as written.
    await t.database.db.update(teams).set({ name: `*Bold* ${a!.name}` }).where(eq(teams.id, a!.id));
    const escaped = `\\*Bold\\* ${a!.name}`;
    const shown = { ...cup, teams: cup.teams.map((team) => (team.id === a!.id ? { ...team, name: escaped } : team)) };
    await outbox.flush();
    toTheDay(cup);
    const veto = await playVeto(shown, match);
    await captainPost(a!, match.id, 'report', { maps: [{ map: veto.map, team1Rounds: 13, team2Rounds: 7 }] });
    await captainPost(b!, match.id, 'dispute', { reason: 'We won that map' });
    for (let i = 0; i < 2; i++) {
      await t.services.discordChannels!.sweep();
      await outbox.flush();
    }
    const messages = channelOf(match.id)!.messages;
    expect(messages[0]!.split('\n')[0]).toBe(`${escaped} vs ${b!.name}`);
    expect(messages.slice(1)).toEqual([
      ...veto.lines,
      `${escaped} reported the result. ${b!.name}: confirm or dispute it on your team page, ${origin}/team/${b!.id}`,
      `${b!.name} disputed the result: the organizers will rule. Match page: ${origin}/matches/${match.id}`,
    ]);

    // Staff reopen reporting: the next report and its dispute are posted too.
    const reopened = await t.app.inject({ method: 'DELETE', url: `/api/matches/${match.id}/report`, headers: { cookie } });
    expect(reopened.statusCode, reopened.body).toBe(200);
    t.clock.advance(60_000);
    await captainPost(a!, match.id, 'report', { maps: [{ map: veto.map, team1Rounds: 13, team2Rounds: 9 }] });
    await captainPost(b!, match.id, 'dispute', { reason: 'Still not the score' });
    for (let i = 0; i < 2; i++) {
      await t.services.discordChannels!.sweep();
      await outbox.flush();
    }
    expect(channelOf(match.id)!.messages.slice(messages.length)).toEqual([
      `${escaped} reported the result. ${b!.name}: confirm or dispute it on your team page, ${origin}/team/${b!.id}`,
      `${b!.name} disputed the result: the organizers will rule. Match page: ${origin}/matches/${match.id}`,
    ]);
  });

  it('catches up after a Discord outage (5xx) during the steps: each posted once, in order', async () => {
    cookie = await t.login();
    const cup = cups[2]!;
    const bracket = await draw(cup.id);
    await outbox.flush();
    toTheDay(cup);
    const match = matchOf(bracket, 'r1m1');
    const [a, b] = [match.team1Id, match.team2Id].map((id) => cup.teams.find((team) => team.id === id)!);
    const greeting = await greetingOf(cup, match);
    discord.outage({ status: 503 });
    try {
      await captainPost(a!, match.id, 'ready');
      const detail = await captainPost(b!, match.id, 'ready');
      const next = detail.veto!.next!;
      await captainPost(next.teamId === a!.id ? a! : b!, match.id, 'veto', { order: 'first' });
      await outbox.flush();
      expect(channelOf(match.id)!.messages).toEqual([greeting]);
    } finally {
      discord.outage(null);
    }
    t.clock.advance(31 * 60_000);
    await outbox.flush(50);
    await outbox.flush(50);
    const messages = channelOf(match.id)!.messages;
    expect(messages.slice(0, 4)).toEqual([greeting, `${a!.name} is ready.`, `${b!.name} is ready.`, expect.stringMatching(/^The map veto is open\.\n/)]);
    expect(messages[4]).toMatch(/ starts the veto\.\n.*: ban a map on your team page, /);
    expect(messages).toHaveLength(5);
  });

  it('a channel made once the veto is under way says where it stands in its first message, and posts none of its earlier turns', async () => {
    cookie = await t.login();
    const cup = cups[3]!;
    const bracket = await draw(cup.id);
    await outbox.flush();
    toTheDay(cup);
    const match = ['r1m1', 'r1m2'].map((key) => matchOf(bracket, key)).find((m) => captainOfOrNull(cup, m.team1Id) === null || captainOfOrNull(cup, m.team2Id) === null)!;
    const [a, b] = [match.team1Id, match.team2Id].map((id) => cup.teams.find((team) => team.id === id)!);
    await captainPost(a!, match.id, 'ready');
    let detail = await captainPost(b!, match.id, 'ready');
    const next = detail.veto!.next!;
    detail = await captainPost(next.teamId === a!.id ? a! : b!, match.id, 'veto', { order: 'first' });
    await outbox.flush();
    expect(channelOf(match.id)).toBeUndefined();
    t.clock.advance(1_000);
    const late = cup.teams.find((team) => team.captain === null)!;
    late.captain = await connect(late);
    for (let i = 0; i < 2; i++) {
      await t.services.discordChannels!.sweep();
      await outbox.flush();
    }
    const turn = detail.veto!.next!;
    const [greeting, ...rest] = channelOf(match.id)!.messages;
    expect(greeting!.split('\n')).toEqual([
      `${a!.name} vs ${b!.name}`,
      expect.stringMatching(/^Time: /),
      `Map veto: ${nameOf(cup, turn.teamId)}: ban a map on your team page, ${origin}/team/${turn.teamId}`,
      `Match page: ${origin}/matches/${match.id}`,
    ]);
    expect(rest).toEqual([`${a!.name} is ready.`, `${b!.name} is ready.`]);
  });
});

describe('without a Discord application', () => {
  it('stores no channel job when a bracket is drawn and a result entered, and has no clean-up', async () => {
    const plain = await createTestApp();
    const plainCookie = await plain.login();
    const { id } = await createOpenTournament(plain, plainCookie, { name: 'Plain Channels Cup', entryFee: '0', checkInEnabled: false });
    for (let i = 0; i < 2; i++) await registerTeam(plain.app, id, { name: `Plain Team ${i + 1}` });
    const drawn = await plain.app.inject({
      method: 'POST',
      url: `/api/tournaments/${id}/bracket`,
      headers: { cookie: plainCookie },
      payload: { seeding: 'registration' },
    });
    expect(drawn.statusCode, drawn.body).toBe(201);
    const final = (drawn.json() as Bracket).rounds[0]!.matches[0]!;
    const entered = await plain.app.inject({
      method: 'PUT',
      url: `/api/matches/${final.id}`,
      headers: { cookie: plainCookie },
      payload: { winnerTeamId: final.team1Id, score: '13-5' },
    });
    expect(entered.statusCode, entered.body).toBe(200);
    expect(await plain.database.db.select().from(discordJobs)).toEqual([]);
    expect(plain.services.discordChannels).toBeNull();
    // Nothing to clean up either: the organizer's action is not there.
    const cleanUp = await plain.app.inject({ method: 'POST', url: `/api/tournaments/${id}/discord/clean-up`, headers: { cookie: plainCookie } });
    expect(cleanUp.statusCode).toBe(404);
  });
});

function captainOfOrNull(cup: Awaited<ReturnType<typeof cupOfFour>>, teamId: string | null): string | null {
  return cup.teams.find((team) => team.id === teamId)?.captain ?? null;
}
