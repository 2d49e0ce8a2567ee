import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { discordJobs } from '../../src/server/db/schema.js';
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

const view = 1n << 10n;
const send = 1n << 11n;
const overwrite = (id: string, type: number, allow: bigint, deny: bigint) => ({ id, type, allow: String(allow), deny: String(deny) });

describe('a private channel per match', () => {
  it('is created once per match (even when two sweeps race), under the cup’s category, for the two captains only, with the match link', async () => {
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
        messages: [`${team1} vs ${team2}\nMatch page: ${origin}/matches/${match.id}`],
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
    expect(finalChannel.messages).toEqual([`${nameOf(cup, semi.team1Id)} vs ${nameOf(cup, other.team2Id)}\nMatch page: ${origin}/matches/${final.id}`]);
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
      `${nameOf(cup, semi.team1Id)} vs ${nameOf(cup, semi.team2Id)}\nMatch page: ${origin}/matches/${semi.id}`,
      `Result: ${nameOf(cup, semi.team2Id)} beat ${nameOf(cup, semi.team1Id)} (16-14).`,
    ]);
    expect(channel.permission_overwrites[2]).toEqual(overwrite(captainOf(cup, semi.team1Id), 1, view, send));
    expect(categoryOf(cup.name)).toHaveLength(1);
  });
});

describe('the steps of a match in its channel', () => {
  // Last of all: it sets the clock to the cup's start.
  it('posts each captain ready, the report and the dispute once each', async () => {
    const cup = await cupOfFour();
    const bracket = await draw(cup.id);
    t.clock.set(new Date(cup.tournamentDate));
    const match = matchOf(bracket, 'r1m1');
    const [a, b] = [match.team1Id, match.team2Id].map((id) => cup.teams.find((team) => team.id === id)!);
    const captainPost = async (team: typeof a, action: string, payload?: Record<string, unknown>) => {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/manage/${team!.id}/matches/${match.id}/${action}`,
        headers: team!.link,
        ...(payload ? { payload } : {}),
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { veto?: { next?: { action: string; teamId: string }; remaining: string[]; maps: { map: string }[] } };
    };
    await captainPost(a, 'ready');
    await captainPost(b, 'ready');
    let detail = (await t.app.inject({ method: 'GET', url: `/api/matches/${match.id}` })).json() as Awaited<ReturnType<typeof captainPost>>;
    while (detail.veto?.next) {
      const { action, teamId } = detail.veto.next;
      detail = await captainPost(
        teamId === a!.id ? a : b,
        'veto',
        action === 'order' ? { order: 'first' } : action === 'side' ? { side: 'attack' } : { map: detail.veto.remaining[0] },
      );
    }
    const map = detail.veto!.maps[0]!.map;
    await captainPost(a, 'report', { maps: [{ map, team1Rounds: 13, team2Rounds: 7 }] });
    await captainPost(b, 'dispute', { reason: 'We won that map' });
    await t.services.discordChannels!.sweep();
    await outbox.flush();
    await outbox.flush();
    expect(channelOf(match.id)!.messages).toEqual([
      `${a!.name} vs ${b!.name}\nMatch page: ${origin}/matches/${match.id}`,
      `${a!.name} is ready.`,
      `${b!.name} is ready.`,
      `${a!.name} reported the result. ${b!.name}: confirm or dispute it on your team page, ${origin}/team/${b!.id}`,
      `${b!.name} disputed the result: the organizers will rule. Match page: ${origin}/matches/${match.id}`,
    ]);
  });
});

describe('without a Discord application', () => {
  it('stores no channel job when a bracket is drawn and a result entered', async () => {
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
  });
});

function captainOfOrNull(cup: Awaited<ReturnType<typeof cupOfFour>>, teamId: string | null): string | null {
  return cup.teams.find((team) => team.id === teamId)?.captain ?? null;
}
