import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bracket } from '../../src/shared/schemas/bracket.js';
import { createOpenTournament, registerTeam, tournamentInput } from '../support/factories.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/** A local stand-in for Discord's webhook endpoint: records each post and answers as told. */
interface Post {
  content: string;
  allowed_mentions: unknown;
  at: number;
}
const posts: Post[] = [];
const answers: { status: number; body?: unknown; delayMs?: number }[] = [];
const standIn = http.createServer((request, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString()));
  request.on('end', () => {
    posts.push({ ...(JSON.parse(body) as Omit<Post, 'at'>), at: Date.now() });
    const answer = answers.shift() ?? { status: 204 };
    setTimeout(() => {
      response.writeHead(answer.status, { 'Content-Type': 'application/json' });
      response.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
    }, answer.delayMs ?? 0);
  });
});

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
  t = await createTestApp({ DISCORD_WEBHOOK_URL: `http://127.0.0.1:${(standIn.address() as AddressInfo).port}/api/webhooks/1/token` });
  cookie = await t.login();
});
afterAll(async () => {
  standIn.closeAllConnections();
  await new Promise((resolve) => standIn.close(resolve));
});

async function waitForPost(matching: RegExp): Promise<Post> {
  for (let i = 0; i < 100; i++) {
    const found = posts.find((post) => matching.test(post.content));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no post matching ${matching}; got ${JSON.stringify(posts.map((p) => p.content))}`);
}
const postsMatching = (matching: RegExp) => posts.filter((post) => matching.test(post.content));
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('Discord announcements', () => {
  it('posts registration open (once), 90 % full (once), and registration closed, pinging no one', async () => {
    const tournament = await createOpenTournament(t, cookie, { name: 'Spring Brawl', entryFee: '0', maxTeams: 10 });
    const open = await waitForPost(/Spring Brawl\*\* is live: registration is open!/);
    expect(open.content).toBe(`**Spring Brawl** is live: registration is open! Sign up your team: ${t.config.publicOrigin}/register`);
    expect(open.allowed_mentions).toEqual({ parse: [] });

    for (let i = 0; i < 8; i++) await registerTeam(t.app, tournament.id, { name: `Brawler ${i}` });
    await settle();
    expect(postsMatching(/90% full/)).toEqual([]);
    await registerTeam(t.app, tournament.id, { name: '@everyone *Squad*' });
    expect((await waitForPost(/Spring Brawl\*\* is 90% full/)).content).toBe(`**Spring Brawl** is 90% full: 1 spot left. ${t.config.publicOrigin}/register`);
    await registerTeam(t.app, tournament.id, { name: 'Last In' });
    await settle();
    expect(postsMatching(/90% full/)).toHaveLength(1);

    // Closing and opening again: closed is posted, open is not posted twice.
    await t.app.inject({ method: 'PATCH', url: `/api/tournaments/${tournament.id}/registration`, headers: { cookie }, payload: { isOpen: false } });
    expect((await waitForPost(/Registration for \*\*Spring Brawl\*\* is closed/)).content).toBe('Registration for **Spring Brawl** is closed.');
    await t.app.inject({ method: 'PATCH', url: `/api/tournaments/${tournament.id}/registration`, headers: { cookie }, payload: { isOpen: true } });
    await settle();
    expect(postsMatching(/Spring Brawl\*\* is live/)).toHaveLength(1);
  });

  it('posts the bracket, each result (a correction as such, user text escaped and pinging no one) and the champion', async () => {
    const tournament = await createOpenTournament(t, cookie, { name: 'Bracket Bash', entryFee: '0', checkInEnabled: false });
    const ids = [(await registerTeam(t.app, tournament.id, { name: '@everyone *Bold*' })).id, (await registerTeam(t.app, tournament.id, { name: 'Plain Team' })).id];
    const bracket = (await t.app.inject({ method: 'POST', url: `/api/tournaments/${tournament.id}/bracket`, headers: { cookie }, payload: { seeding: 'registration' } })).json() as Bracket;
    expect((await waitForPost(/The bracket for \*\*Bracket Bash\*\*/)).content).toBe(`The bracket for **Bracket Bash** is out: ${t.config.publicOrigin}/bracket`);

    const final = bracket.rounds[0].matches[0];
    await t.app.inject({ method: 'PUT', url: `/api/matches/${final.id}`, headers: { cookie }, payload: { winnerTeamId: ids[1], score: '13-2' } });
    const result = await waitForPost(/^Final: \*\*Plain Team\*\*/);
    expect(result.content).toBe('Final: **Plain Team** beat **@everyone \\*Bold\\*** (13-2)');
    expect(result.allowed_mentions).toEqual({ parse: [] });
    await t.app.inject({ method: 'PUT', url: `/api/matches/${final.id}`, headers: { cookie }, payload: { winnerTeamId: ids[0] } });
    expect((await waitForPost(/^Corrected result, Final/)).content).toBe('Corrected result, Final: **@everyone \\*Bold\\*** beat **Plain Team**');

    await t.app.inject({ method: 'POST', url: `/api/tournaments/${tournament.id}/bracket/confirm`, headers: { cookie } });
    expect((await waitForPost(/🏆/)).content).toBe(`🏆 **@everyone \\*Bold\\*** won **Bracket Bash**! ${t.config.publicOrigin}/hall-of-fame`);
  });

  it("names a series' maps and rounds (the winner's first), a live series not at all, and a forfeit", async () => {
    const tournament = await createOpenTournament(t, cookie, { name: 'Series Slam', entryFee: '0', checkInEnabled: false });
    for (const name of ['Alpha Five', 'Beta Five']) await registerTeam(t.app, tournament.id, { name });
    const bracket = (await t.app.inject({ method: 'POST', url: `/api/tournaments/${tournament.id}/bracket`, headers: { cookie }, payload: { seeding: 'registration', finalBestOf: 3 } })).json() as Bracket;
    const final = bracket.rounds[0].matches[0];
    const put = (payload: unknown) => t.app.inject({ method: 'PUT', url: `/api/matches/${final.id}`, headers: { cookie }, payload: payload as Record<string, unknown> });
    expect((await put({ maps: [{ map: 'Ascent', team1Rounds: 7, team2Rounds: 13 }] })).statusCode).toBe(200);
    await settle();
    expect(postsMatching(/Beta Five/)).toEqual([]);
    const maps = [
      { map: 'Ascent', team1Rounds: 7, team2Rounds: 13 },
      { map: 'Bind', team1Rounds: 13, team2Rounds: 11 },
      { map: 'Lotus', team1Rounds: 9, team2Rounds: 13 },
    ];
    expect((await put({ maps })).statusCode).toBe(200);
    expect((await waitForPost(/^Final: \*\*Beta Five\*\*/)).content).toBe('Final: **Beta Five** beat **Alpha Five** 2–1 (Ascent 13–7, Bind 11–13, Lotus 13–9)');
    expect((await put({ winnerTeamId: final.team1Id, forfeit: true })).statusCode).toBe(200);
    expect((await waitForPost(/^Corrected result, Final: \*\*Alpha Five/)).content).toBe('Corrected result, Final: **Alpha Five** beat **Beta Five** by forfeit');
  });

  it("erasing a team redacts its name from the stored posts, in the escaped form the posts hold it in", async () => {
    const tournament = await createOpenTournament(t, cookie, { name: 'Erasure Clash', entryFee: '0', checkInEnabled: false });
    const squad = await registerTeam(t.app, tournament.id, { name: 'Privacy_Squad*' });
    const rivals = await registerTeam(t.app, tournament.id, { name: 'Plain Rivals' });
    const bracket = (await t.app.inject({ method: 'POST', url: `/api/tournaments/${tournament.id}/bracket`, headers: { cookie }, payload: { seeding: 'registration' } })).json() as Bracket;
    const final = bracket.rounds[0].matches[0];
    await t.app.inject({ method: 'PUT', url: `/api/matches/${final.id}`, headers: { cookie }, payload: { winnerTeamId: rivals.id } });
    await t.app.inject({ method: 'PUT', url: `/api/matches/${final.id}`, headers: { cookie }, payload: { winnerTeamId: squad.id } });
    await t.app.inject({ method: 'POST', url: `/api/tournaments/${tournament.id}/bracket/confirm`, headers: { cookie } });
    await waitForPost(/won \*\*Erasure Clash\*\*/);
    const naming = async () =>
      t.database.withConnection(async (exec) => (await exec(`select content from announcements where content like '%Privacy%' order by content`)).rows.map((row) => String(row.content)));
    expect(await naming()).toEqual([
      'Corrected result, Final: **Privacy\\_Squad\\*** beat **Plain Rivals**',
      'Final: **Plain Rivals** beat **Privacy\\_Squad\\***',
      `🏆 **Privacy\\_Squad\\*** won **Erasure Clash**! ${t.config.publicOrigin}/hall-of-fame`,
    ]);

    // The tournament is over: the team may be erased.
    await t.database.withConnection((exec) => exec(`update tournaments set tournament_date = now() - interval '3 days', registration_closes = now() - interval '4 days' where id = $1`, [tournament.id]));
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/teams/${squad.id}/erase`, headers: { cookie } })).statusCode).toBe(204);
    expect(await naming()).toEqual([]);
    const champion = await t.database.withConnection(async (exec) => (await exec(`select content from announcements where dedupe_key = $1`, [`champion:${tournament.id}`])).rows[0]);
    expect(champion.content).toBe(`🏆 **Removed team** won **Erasure Clash**! ${t.config.publicOrigin}/hall-of-fame`);
  });

  it('posts check-in open once, from the minute sweep', async () => {
    const soon = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
    const created = await t.app.inject({ method: 'POST', url: '/api/tournaments', headers: { cookie }, payload: tournamentInput({ name: 'Check Cup', registrationCloses: soon(5), tournamentDate: soon(30) }) });
    await t.app.inject({ method: 'PATCH', url: `/api/tournaments/${created.json().id}/set-active`, headers: { cookie } });
    await t.services.news.sweep();
    await t.services.news.sweep();
    const closesAt = Math.floor(Date.parse(created.json().tournamentDate) / 1000);
    expect((await waitForPost(/Check-in for \*\*Check Cup\*\*/)).content).toBe(`Check-in for **Check Cup** is open until <t:${closesAt}:f>. Captains: check in on your team link.`);
    await settle();
    expect(postsMatching(/Check-in for \*\*Check Cup\*\*/)).toHaveLength(1);
  });

  it('waits as long as a 429 says (retry_after) and posts again; never holds up the request', async () => {
    answers.push({ status: 429, body: { message: 'You are being rate limited.', retry_after: 0.4, global: false } });
    const started = Date.now();
    await t.services.announcer.announce('test:429', 'Rate limited post');
    await waitForPost(/^Rate limited post$/);
    const tries = await (async () => {
      for (let i = 0; i < 60; i++) {
        const found = postsMatching(/^Rate limited post$/);
        if (found.length >= 2) return found;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return postsMatching(/^Rate limited post$/);
    })();
    expect(tries).toHaveLength(2);
    expect(tries[1].at - tries[0].at).toBeGreaterThanOrEqual(400);
    expect(Date.now() - started).toBeLessThan(3000);

    // Discord answering slowly (2 s) does not slow the organizer's request down.
    answers.push({ status: 204, delayMs: 2000 });
    const tournament = await createOpenTournament(t, cookie, { name: 'Slow Cup' });
    const before = Date.now();
    const closed = await t.app.inject({ method: 'PATCH', url: `/api/tournaments/${tournament.id}/registration`, headers: { cookie }, payload: { isOpen: false } });
    expect(closed.statusCode).toBe(200);
    expect(Date.now() - before).toBeLessThan(1000);
  });
});
