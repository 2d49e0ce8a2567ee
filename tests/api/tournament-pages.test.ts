import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import type { Bracket } from '../../src/shared/schemas/bracket.js';
import { streamUrlMessage } from '../../src/shared/schemas/stream.js';
import type { TournamentListing } from '../../src/shared/schemas/tournament-page.js';
import type { Tournament } from '../../src/shared/schemas/tournament.js';
import { createOpenTournament, registerTeam, tournamentInput } from '../support/factories.js';
import { adminCredentials, createTestApp, createTestDatabase, type TestApp } from '../support/test-app.js';

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.login();
});

const create = async (overrides: Record<string, unknown> = {}) => {
  const response = await t.app.inject({ method: 'POST', url: '/api/tournaments', headers: { cookie }, payload: tournamentInput(overrides) });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Tournament;
};
const update = (tournament: Tournament, overrides: Record<string, unknown>) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/tournaments/${tournament.id}`,
    headers: { cookie },
    payload: { ...tournamentInput({ name: tournament.name, registrationCloses: tournament.registrationCloses, tournamentDate: tournament.tournamentDate }), ...overrides },
  });
const read = (idOrSlug: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: `/api/tournaments/${idOrSlug}`, headers });

describe('slugs', () => {
  it('are made from the name, unique, and kept when the name changes', async () => {
    const first = await create({ name: 'Spring Rally Ünïcode!' });
    expect(first.slug).toBe('spring-rally-unicode');
    const second = await create({ name: 'Spring Rally Unicode' });
    expect(second.slug).toBe('spring-rally-unicode-2');
    const renamed = await update(first, { name: 'Spring Rally, renamed' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Spring Rally, renamed', slug: 'spring-rally-unicode' });
  });

  it('give one of two cups created at once with the same address a 409, never a 500', async () => {
    const both = await Promise.all(
      [1, 2].map((n) => t.app.inject({ method: 'POST', url: '/api/tournaments', headers: { cookie }, payload: tournamentInput({ name: `Race Cup ${n}`, slug: 'race-cup' }) })),
    );
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(both.find((r) => r.statusCode === 409)!.json().error).toBe('Another tournament already uses this address');
  });

  it('never take a word a route has, nor an id’s shape', async () => {
    expect((await create({ name: 'Active' })).slug).toBe('active-cup');
    expect((await create({ name: 'Listing' })).slug).toBe('listing-cup');
    // Names that would make an id-shaped or too long address get one the form itself accepts, so editing the cup later works.
    const idLike = await create({ name: 'DEADBEEF-2026 Finals' });
    expect(idLike.slug).toBe('cup-deadbeef-2026-finals');
    const long = 'A Very Long Tournament Name That Goes On And On For The Whole Season';
    const firstLong = await create({ name: long });
    const secondLong = await create({ name: long });
    for (const cup of [idLike, firstLong, secondLong]) {
      expect(cup.slug.length).toBeLessThanOrEqual(60);
      const edited = await update(cup, { slug: cup.slug });
      expect(edited.statusCode, edited.body).toBe(200);
    }
    expect(secondLong.slug).toMatch(/-2$/);
    const chosen = await t.app.inject({ method: 'POST', url: '/api/tournaments', headers: { cookie }, payload: tournamentInput({ name: 'Chosen', slug: 'active' }) });
    expect(chosen.statusCode).toBe(400);
    expect(chosen.json().issues).toEqual([{ path: 'slug', message: 'This address is reserved: choose another' }]);
  });

  it('redirect from the old slug to the new one after the organizer changes it (308), and refuse one another cup uses', async () => {
    const cup = await create({ name: 'Autumn Open' });
    const other = await create({ name: 'Winter Open' });
    const changed = await update(cup, { slug: 'autumn-open-2027' });
    expect(changed.json().slug).toBe('autumn-open-2027');

    const old = await read('autumn-open');
    expect(old.statusCode).toBe(308);
    expect(old.headers.location).toBe('/api/tournaments/autumn-open-2027');
    expect((await read('autumn-open-2027')).json()).toMatchObject({ id: cup.id, slug: 'autumn-open-2027' });

    // Taken: by another cup now, and by this cup before (its old links must keep naming it).
    for (const slug of ['autumn-open-2027', 'autumn-open']) {
      const taken = await update(other, { slug });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().error).toBe('Another tournament already uses this address');
    }
    const refused = await update(cup, { slug: 'Not A Slug' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().issues).toEqual([{ path: 'slug', message: 'Use lower-case letters, digits and single hyphens' }]);

    // Back to its first address: the newer one now redirects.
    expect((await update(cup, { slug: 'autumn-open' })).json().slug).toBe('autumn-open');
    expect((await read('autumn-open')).statusCode).toBe(200);
    expect((await read('autumn-open-2027')).headers.location).toBe('/api/tournaments/autumn-open');
  });
});

describe('the public read of a cup', () => {
  it('answers by slug and by id, with an ETag and a 304, and 404 for an unknown or deleted cup', async () => {
    const cup = await create({ name: 'Etag Masters' });
    const bySlug = await read('etag-masters');
    expect(bySlug.statusCode).toBe(200);
    expect(bySlug.json()).toMatchObject({ id: cup.id, slug: 'etag-masters', name: 'Etag Masters', phase: 'draft', hasBracket: false, champion: null, matchStreams: [] });
    const etag = bySlug.headers.etag as string;
    expect(etag).toMatch(/^"/);
    expect((await read(cup.id)).json().id).toBe(cup.id);
    expect((await read('etag-masters', { 'if-none-match': etag })).statusCode).toBe(304);

    const missing = await read('no-such-cup');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe('Tournament not found');
    await t.app.inject({ method: 'DELETE', url: `/api/tournaments/${cup.id}`, headers: { cookie } });
    expect((await read('etag-masters')).statusCode).toBe(404);
  });

  it('shows no private field', async () => {
    const cup = await createOpenTournament(t, cookie, { name: 'Private Fields Cup' });
    const body = (await read(cup.slug)).json() as Record<string, unknown>;
    expect(Object.keys(body)).not.toContain('held');
    expect(Object.keys(body)).not.toContain('deletedAt');
    expect(body.phase).toBe('registration_open');
  });

  it('answers a new stream link at once (the cache hears the change)', async () => {
    const cup = await create({ name: 'Stream Cache Cup' });
    expect((await read(cup.slug)).json().streamUrl).toBeNull();
    await update(cup, { streamUrl: 'https://twitch.tv/SomeCaster' });
    expect((await read(cup.slug)).json().streamUrl).toBe('https://www.twitch.tv/somecaster');
  });
});

describe('stream links', () => {
  it('take a Twitch channel or a YouTube video, stored in one form, and refuse any other address', async () => {
    const accepted: [string, string][] = [
      ['https://www.twitch.tv/riotgames', 'https://www.twitch.tv/riotgames'],
      ['https://m.twitch.tv/Valorant_Caster', 'https://www.twitch.tv/valorant_caster'],
      ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ'],
      ['https://youtu.be/dQw4w9WgXcQ', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ'],
      ['https://www.youtube.com/live/dQw4w9WgXcQ', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ'],
    ];
    for (const [given, stored] of accepted) {
      const cup = await create({ name: `Stream ${given.slice(-6)}`, streamUrl: given });
      expect(cup.streamUrl, given).toBe(stored);
    }
    const refused = [
      'https://evil.example/twitch.tv/riotgames',
      'https://twitch.tv.evil.example/riotgames',
      'https://www.twitch.tv/videos/123456',
      'https://www.youtube.com/watch?v=short',
      'https://www.youtube.com/@channel',
      'javascript:alert(1)',
      'https://user@www.twitch.tv/riotgames',
      'not a url',
    ];
    for (const streamUrl of refused) {
      const response = await t.app.inject({ method: 'POST', url: '/api/tournaments', headers: { cookie }, payload: tournamentInput({ name: 'Refused Stream', streamUrl }) });
      expect(response.statusCode, streamUrl).toBe(400);
      expect(response.json().issues).toEqual([{ path: 'streamUrl', message: streamUrlMessage }]);
    }
    // Empty clears it; absent keeps it.
    const cup = await create({ name: 'Clearing Stream', streamUrl: 'https://youtu.be/dQw4w9WgXcQ' });
    const { streamUrl: _kept, ...withoutStream } = tournamentInput({ name: cup.name });
    const kept = await t.app.inject({ method: 'PUT', url: `/api/tournaments/${cup.id}`, headers: { cookie }, payload: withoutStream });
    expect(kept.json().streamUrl).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    expect((await update(cup, { streamUrl: '' })).json().streamUrl).toBeNull();
  });

  it('per match: set by the organizer, listed on the cup’s read, checked the same way', async () => {
    const cup = await createOpenTournament(t, cookie, { name: 'Match Stream Cup', entryFee: '0', checkInEnabled: false });
    for (let i = 0; i < 2; i++) await registerTeam(t.app, cup.id, { name: `Streamed ${i}` });
    const drawn = await t.app.inject({ method: 'POST', url: `/api/tournaments/${cup.id}/bracket`, headers: { cookie }, payload: { seeding: 'registration' } });
    expect(drawn.statusCode, drawn.body).toBe(201);
    const final = (drawn.json() as Bracket).rounds[0].matches[0];

    const bad = await t.app.inject({ method: 'PUT', url: `/api/matches/${final.id}/stream`, headers: { cookie }, payload: { streamUrl: 'https://vimeo.com/123' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues).toEqual([{ path: 'streamUrl', message: streamUrlMessage }]);
    const anonymous = await t.app.inject({ method: 'PUT', url: `/api/matches/${final.id}/stream`, payload: { streamUrl: 'https://twitch.tv/finals' } });
    expect(anonymous.statusCode).toBe(401);

    const set = await t.app.inject({ method: 'PUT', url: `/api/matches/${final.id}/stream`, headers: { cookie }, payload: { streamUrl: 'https://twitch.tv/finals' } });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ matchId: final.id, key: final.key, streamUrl: 'https://www.twitch.tv/finals' });
    expect((await read(cup.slug)).json().matchStreams).toEqual([{ matchId: final.id, key: final.key, streamUrl: 'https://www.twitch.tv/finals' }]);

    const cleared = await t.app.inject({ method: 'PUT', url: `/api/matches/${final.id}/stream`, headers: { cookie }, payload: { streamUrl: '' } });
    expect(cleared.json().streamUrl).toBeNull();
    expect((await read(cup.slug)).json().matchStreams).toEqual([]);
  });
});

describe('the listing', () => {
  it('lists live and open cups first, then upcoming, then past ones with their champion, paged', async () => {
    const listing = async (page?: number) => (await t.app.inject({ method: 'GET', url: `/api/tournaments/listing${page ? `?page=${page}` : ''}` })).json() as TournamentListing;
    const upcoming = await create({ name: 'Listing Upcoming Cup' });
    const live = await createOpenTournament(t, cookie, { name: 'Listing Live Cup', entryFee: '0', checkInEnabled: false });
    const teams = [];
    for (let i = 0; i < 2; i++) teams.push(await registerTeam(t.app, live.id, { name: `Listed ${i}` }));
    const bracket = (await t.app.inject({ method: 'POST', url: `/api/tournaments/${live.id}/bracket`, headers: { cookie }, payload: { seeding: 'registration' } })).json() as Bracket;
    const final = bracket.rounds[0].matches[0];
    await t.app.inject({ method: 'PUT', url: `/api/matches/${final.id}`, headers: { cookie }, payload: { winnerTeamId: final.team1Id, score: '13-7' } });
    const cancelled = await createOpenTournament(t, cookie, { name: 'Listing Cancelled Cup' });
    await t.app.inject({ method: 'POST', url: `/api/tournaments/${cancelled.id}/cancel`, headers: { cookie }, payload: { reason: 'Not enough teams' } });
    const everything = async () => {
      const first = await listing();
      const rest = [];
      for (let page = 2; page <= first.pageCount; page++) rest.push(...(await listing(page)).items);
      return { ...first, items: [...first.items, ...rest] };
    };
    const running = await everything();
    const names = running.items.map((item) => item.name);
    const groups = running.items.map((item) => item.group);
    expect(groups).toEqual([...groups].sort((a, b) => ['live', 'upcoming', 'past'].indexOf(a) - ['live', 'upcoming', 'past'].indexOf(b)));
    expect(running.items.find((item) => item.id === live.id)).toMatchObject({ group: 'live', phase: 'running' });
    expect(running.items.find((item) => item.id === upcoming.id)).toMatchObject({ group: 'upcoming', phase: 'draft' });
    expect(running.items.find((item) => item.id === cancelled.id)).toMatchObject({ group: 'past', phase: 'cancelled' });
    expect(names).toContain('Listing Live Cup');

    const confirmed = await t.app.inject({ method: 'POST', url: `/api/tournaments/${live.id}/bracket/confirm`, headers: { cookie } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const after = { ...(await everything()), items: (await listing()).items };
    const all = await everything();
    expect(all.items.find((item) => item.id === live.id)).toMatchObject({ group: 'past', phase: 'completed', champion: { teamName: 'Listed 0' } });
    expect((await read(live.slug)).json()).toMatchObject({ phase: 'completed', champion: { teamName: 'Listed 0' } });

    // Twelve a page; a page past the end is empty, not an error.
    expect(after.page).toBe(1);
    expect(after.pageCount).toBe(Math.ceil(after.total / 12));
    expect(after.items.length).toBe(Math.min(12, after.total));
    expect((await listing(after.pageCount + 1)).items).toEqual([]);
    const badPage = await t.app.inject({ method: 'GET', url: '/api/tournaments/listing?page=0' });
    expect(badPage.statusCode).toBe(400);
  });
});

describe('pages and embeds', () => {
  const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'cup-pages-'));
  fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>');
  let site: Awaited<ReturnType<typeof buildApp>>;
  let siteCookie: string;
  let framedSite: Awaited<ReturnType<typeof buildApp>>;
  const closers: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    const build = async (env: Record<string, string>) => {
      const database = await createTestDatabase();
      const built = await buildApp({ config: loadConfig({ NODE_ENV: 'test', RATE_LIMITS: 'off', SITE_NAME: 'Clutch Cup', ...env }), database, webRoot, serverEntry: null });
      closers.push(async () => {
        await built.app.close();
        await database.close();
      });
      return built;
    };
    site = await build({});
    framedSite = await build({ EMBED_ALLOWED_ORIGINS: 'https://overlay.example,https://community.example' });
    await site.services.auth.upsertAdmin(adminCredentials.username, adminCredentials.password);
    const login = await site.app.inject({ method: 'POST', url: '/api/auth/login', payload: adminCredentials });
    siteCookie = `sid=${login.cookies.find((c) => c.name === 'sid')!.value}`;
  });
  afterAll(async () => {
    for (const close of closers) await close();
    fs.rmSync(webRoot, { recursive: true, force: true });
  });

  const frameAncestors = (csp: unknown) =>
    String(csp)
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith('frame-ancestors')) ?? '';

  it('serve a cup’s page with its name in the preview, redirect an old slug or its id (308), and 404 an unknown one', async () => {
    const created = await site.app.inject({ method: 'POST', url: '/api/tournaments', headers: { cookie: siteCookie }, payload: tournamentInput({ name: 'Preview Cup', prizePool: '1000' }) });
    const cup = created.json() as Tournament;
    const page = await site.app.inject({ method: 'GET', url: '/tournaments/preview-cup' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Preview Cup | Clutch Cup</title>');
    expect(page.body).toContain('<meta property="og:description" content="Upcoming. $1,000.00 prize pool, $50.00 entry per team." />');

    const byId = await site.app.inject({ method: 'GET', url: `/tournaments/${cup.id}?ref=discord` });
    expect(byId.statusCode).toBe(308);
    expect(byId.headers.location).toBe('/tournaments/preview-cup?ref=discord');
    await site.app.inject({ method: 'PUT', url: `/api/tournaments/${cup.id}`, headers: { cookie: siteCookie }, payload: tournamentInput({ name: 'Preview Cup', prizePool: '1000', slug: 'preview-cup-final' }) });
    const old = await site.app.inject({ method: 'GET', url: '/tournaments/preview-cup' });
    expect(old.statusCode).toBe(308);
    expect(old.headers.location).toBe('/tournaments/preview-cup-final');
    const oldEmbed = await site.app.inject({ method: 'GET', url: '/embed/tournaments/preview-cup/standings?theme=light' });
    expect(oldEmbed.headers.location).toBe('/embed/tournaments/preview-cup-final/standings?theme=light');

    expect((await site.app.inject({ method: 'GET', url: '/tournaments/nothing-here' })).statusCode).toBe(404);
    // Its registration: /register with the cup chosen (the several-cups register page reads ?tournament=).
    const register = await site.app.inject({ method: 'GET', url: '/tournaments/preview-cup/register' });
    expect(register.statusCode).toBe(302);
    expect(register.headers.location).toBe(`/register?tournament=${cup.id}`);
    expect((await site.app.inject({ method: 'GET', url: '/tournaments/nothing-here/register' })).statusCode).toBe(404);
    expect((await site.app.inject({ method: 'GET', url: '/tournaments' })).statusCode).toBe(200);
  });

  it('let any site frame the embeds, while every other page stays unframable', async () => {
    await site.app.inject({ method: 'POST', url: '/api/tournaments', headers: { cookie: siteCookie }, payload: tournamentInput({ name: 'Framed Cup' }) });
    for (const kind of ['bracket', 'standings']) {
      const embed = await site.app.inject({ method: 'GET', url: `/embed/tournaments/framed-cup/${kind}?theme=dark` });
      expect(embed.statusCode).toBe(200);
      expect(frameAncestors(embed.headers['content-security-policy'])).toBe('frame-ancestors *');
      expect(embed.headers['x-frame-options']).toBeUndefined();
      expect(embed.body).toContain('<meta name="robots" content="noindex" />');
    }
    for (const url of ['/', '/tournaments', '/tournaments/framed-cup', '/bracket', '/admin', '/embed/tournaments/framed-cup/teams']) {
      const page = await site.app.inject({ method: 'GET', url });
      expect(frameAncestors(page.headers['content-security-policy']), url).toBe("frame-ancestors 'none'");
      expect(page.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
  });

  it('let only EMBED_ALLOWED_ORIGINS frame the embeds when it is set', async () => {
    const embed = await framedSite.app.inject({ method: 'GET', url: '/embed/tournaments/any/bracket' });
    expect(frameAncestors(embed.headers['content-security-policy'])).toBe('frame-ancestors https://overlay.example https://community.example');
    const page = await framedSite.app.inject({ method: 'GET', url: '/tournaments' });
    expect(frameAncestors(page.headers['content-security-policy'])).toBe("frame-ancestors 'none'");
    expect(() => loadConfig({ NODE_ENV: 'test', EMBED_ALLOWED_ORIGINS: 'overlay.example' })).toThrow('EMBED_ALLOWED_ORIGINS: "overlay.example" is not an origin like https://example.com');
  });

  it('allow exactly the stream and highlight players in frames', async () => {
    const page = await site.app.inject({ method: 'GET', url: '/tournaments/framed-cup' });
    const frameSrc = String(page.headers['content-security-policy'])
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith('frame-src '))!
      .split(' ')
      .slice(1);
    expect(frameSrc.sort()).toEqual(
      ['https://js.stripe.com', 'https://hooks.stripe.com', 'https://www.youtube.com', 'https://player.twitch.tv', 'https://clips.twitch.tv', 'https://streamable.com', 'https://www.youtube-nocookie.com'].sort(),
    );
  });
});
