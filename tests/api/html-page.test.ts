import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import type { ServerEntry } from '../../src/server/site/html-page.js';
import { isServerRendered, paths, serverRenderedPages } from '../../src/shared/paths.js';
import { createOpenTournament, teamPayload } from '../support/factories.js';
import { adminCredentials, createTestDatabase } from '../support/test-app.js';

const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'web-root-'));
fs.mkdirSync(path.join(webRoot, '.vite'));
fs.writeFileSync(
  path.join(webRoot, '.vite', 'manifest.json'),
  JSON.stringify({
    'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react-1.js'] },
    '_react-1.js': { file: 'assets/react-1.js' },
    '_money-1.js': { file: 'assets/money-1.js', imports: ['_react-1.js'] },
    'src/web/pages/home/home-page.tsx': { file: 'assets/home-page-1.js', isDynamicEntry: true, imports: ['index.html', '_money-1.js'] },
    'src/web/pages/admin/admin-page.tsx': { file: 'assets/admin-page-1.js', isDynamicEntry: true, imports: ['index.html', '_money-1.js'] },
  }),
);
fs.writeFileSync(
  path.join(webRoot, 'index.html'),
  '<!doctype html><html><head><title>Placeholder</title>\n<meta name="description" content="placeholder" />\n</head><body><div id="root"></div></body></html>',
);

// A built asset with the compressed copies the build writes beside it (scripts/precompress-assets.mjs).
const assetText = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;
fs.mkdirSync(path.join(webRoot, 'assets'));
fs.writeFileSync(path.join(webRoot, 'assets', 'greeting-1.js'), assetText);
fs.writeFileSync(path.join(webRoot, 'assets', 'greeting-1.js.br'), zlib.brotliCompressSync(assetText));
fs.writeFileSync(path.join(webRoot, 'assets', 'greeting-1.js.gz'), zlib.gzipSync(assetText));

let built: Awaited<ReturnType<typeof buildApp>>;
let close: () => Promise<void>;
// The web client's real server entry, from source: the pages are rendered by the same components as in the browser.
let serverEntry: ServerEntry;

beforeAll(async () => {
  serverEntry = (await import('../../src/web/entry-server.js')) as ServerEntry;
  const database = await createTestDatabase();
  built = await buildApp({ config: loadConfig({ NODE_ENV: 'test', RATE_LIMITS: 'off', PUBLIC_URL: 'https://cup.example.org', SITE_NAME: 'Clutch Cup' }), database, webRoot, serverEntry });
  await built.services.auth.upsertAdmin(adminCredentials.username, adminCredentials.password);
  close = async () => {
    await built.app.close();
    await database.close();
  };
});
afterAll(async () => {
  await close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

const renderedAt = (html: string) => html.match(/data-rendered-at="(\d+)"/)?.[1];

function initialData(html: string): [string[], unknown][] {
  const match = html.match(/<script type="application\/json" id="initial-data"[^>]*>([\s\S]*?)<\/script>/);
  return JSON.parse(match![1]);
}

describe('compression', () => {
  const get = (url: string, acceptEncoding?: string) => built.app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

  it('sends a page in brotli, else gzip, else as it is, the same page each way', async () => {
    const plain = await get('/');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    const brotli = await get('/', 'gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    const gzip = await get('/', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    // Refused encodings are not used; the 404 page is compressed like the others.
    expect((await get('/', 'br;q=0, gzip;q=0')).headers['content-encoding']).toBeUndefined();
    expect((await get('/', 'br;q=0, gzip')).headers['content-encoding']).toBe('gzip');
    const missing = await get('/nowhere', 'br');
    expect(missing.statusCode).toBe(404);
    expect(zlib.brotliDecompressSync(missing.rawPayload).toString()).toContain('<div id="root">');
  });

  it('sends a built asset as its compressed copy, still cached for a year', async () => {
    const brotli = await get('/assets/greeting-1.js', 'gzip, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe(assetText);
    const gzip = await get('/assets/greeting-1.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(assetText);
    const plain = await get('/assets/greeting-1.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(assetText);
  });
});

describe('served HTML', () => {
  const preloadsOf = (html: string) => html.match(/id="initial-data"[^>]* data-modules="([^"]*)"/)?.[1].split(' ') ?? [];

  it("names the page's own chunks for preloading (Vite's manifest), not the entry's", async () => {
    const home = await built.app.inject({ method: 'GET', url: '/' });
    expect(preloadsOf(home.body)).toEqual(['/assets/home-page-1.js', '/assets/money-1.js']);
    // A page the browser renders (no session on the server) still gets its chunks announced.
    const admin = await built.app.inject({ method: 'GET', url: '/admin' });
    expect(preloadsOf(admin.body)).toEqual(['/assets/admin-page-1.js', '/assets/money-1.js']);
    const missing = await built.app.inject({ method: 'GET', url: '/nowhere' });
    expect(missing.body).not.toContain('data-modules');
  });

  it('names every page route by its module, the key Vite\'s manifest uses', () => {
    for (const pagePath of Object.values(paths)) {
      const [, page] = serverEntry.modulesOf(pagePath);
      expect(page, pagePath).toMatch(/^src\/web\/pages\/.+-page\.tsx$/);
      expect(fs.existsSync(page), pagePath).toBe(true);
    }
  });

  it('server-renders the public pages, and leaves the admin\'s to the browser', async () => {
    for (const pagePath of Object.values(paths)) {
      const page = await built.app.inject({ method: 'GET', url: pagePath });
      const root = page.body.slice(page.body.indexOf('<div id="root">'));
      expect(root.startsWith('<div id="root"></div>'), pagePath).toBe(!isServerRendered(pagePath));
      if (isServerRendered(pagePath)) expect(root, pagePath).toContain('Skip to content');
    }
    const team = await built.app.inject({ method: 'GET', url: '/team/00000000-0000-4000-8000-000000000000' });
    expect(team.body).toContain('<div id="root"></div>');
  });

  it("serves a registration's confirmation page as a private page: known, rendered by the browser, never indexed", async () => {
    const done = await built.app.inject({ method: 'GET', url: '/register/done/00000000-0000-4000-8000-000000000000' });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('<title>Registration Complete | Clutch Cup</title>');
    expect(done.body).toContain('<meta name="robots" content="noindex" />');
    expect(done.body).toContain('<div id="root"></div>');
    expect((await built.app.inject({ method: 'GET', url: '/register/done' })).statusCode).toBe(404);
  });

  it('gives every page its own title and description, and unknown paths a 404 status', async () => {
    const rules = await built.app.inject({ method: 'GET', url: '/rules' });
    expect(rules.statusCode).toBe(200);
    expect(rules.body).toContain('<title>Rules &amp; FAQ | Clutch Cup</title>');
    expect(rules.body).not.toContain('Placeholder');
    expect(rules.body.match(/<meta name="description"/g)).toHaveLength(1);
    const missing = await built.app.inject({ method: 'GET', url: '/nowhere' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<title>404 Page Not Found | Clutch Cup</title>');
  });

  it('inlines the active tournament, its teams, capacity and champions on the home page, with Open Graph tags', async () => {
    const login = await built.app.inject({ method: 'POST', url: '/api/auth/login', payload: adminCredentials });
    const cookie = `sid=${login.cookies.find((c) => c.name === 'sid')!.value}`;
    const tournament = await createOpenTournament({ app: built.app } as never, cookie, { name: 'Unfurl Cup </script><script>alert(1)</script>', prizePool: '5000', entryFee: '25', currency: 'EUR' });
    await built.app.inject({ method: 'POST', url: '/api/teams', payload: teamPayload(tournament.id, { name: 'Inline Squad' }) });

    const home = await built.app.inject({ method: 'GET', url: '/' });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('<meta property="og:title" content="Unfurl Cup &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; | Clutch Cup" />');
    expect(home.body).toContain('<meta property="og:description" content="€5,000.00 prize pool, €25.00 entry per team. Registration is open." />');
    expect(home.body).toContain('<meta property="og:url" content="https://cup.example.org/" />');
    // The tournament name's "</script>" must not end the data block early.
    expect(home.body.match(/<\/script>/g)).toHaveLength(1);
    const data = new Map(initialData(home.body).map(([key, value]) => [key.join('/'), value]));
    expect((data.get('/api/tournaments/active') as { id: string }).id).toBe(tournament.id);
    expect((data.get(`/api/tournaments/${tournament.id}/teams`) as { name: string }[]).map((t) => t.name)).toEqual(['Inline Squad']);
    expect(data.get(`/api/tournaments/${tournament.id}/capacity`)).toMatchObject({ registered: 1 });
    expect(data.get('/api/champions')).toEqual([]);
    expect(data.get('/api/site')).toMatchObject({ siteName: 'Clutch Cup' });
    // The page comes rendered with the HTML: banner, header, the hero's name (escaped) and the teams.
    const root = home.body.slice(home.body.indexOf('<div id="root">'));
    expect(root).toContain('Demo payments:');
    expect(root).toContain('Clutch Cup');
    expect(root).toContain('>Unfurl</span> Cup &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(root).toContain('Inline Squad');
    expect(home.body).toMatch(/<script type="application\/json" id="initial-data" data-rendered-at="\d+"/);
  });

  it('renders a page again when its data changes, and serves the kept one while it does not', async () => {
    const login = await built.app.inject({ method: 'POST', url: '/api/auth/login', payload: adminCredentials });
    const cookie = `sid=${login.cookies.find((c) => c.name === 'sid')!.value}`;
    const tournament = await createOpenTournament({ app: built.app } as never, cookie, { name: 'Kept Page Cup' });
    const first = await built.app.inject({ method: 'GET', url: '/teams' });
    const again = await built.app.inject({ method: 'GET', url: '/teams' });
    expect(again.body).toBe(first.body);
    await built.app.inject({ method: 'POST', url: '/api/teams', payload: teamPayload(tournament.id, { name: 'Newly Listed' }) });
    const after = await built.app.inject({ method: 'GET', url: '/teams' });
    expect(first.body).not.toContain('Newly Listed');
    expect(after.body).toContain('Newly Listed');
  });

  it('renders /register\'s choice while several cups are open, then the first step, with the open cups and the capacity inlined', async () => {
    const page = await built.app.inject({ method: 'GET', url: '/register' });
    const data = new Map(initialData(page.body).map(([key, value]) => [key.join('/'), value]));
    const active = data.get('/api/tournaments/active') as { id: string };
    expect(data.get(`/api/tournaments/${active.id}/capacity`)).toBeDefined();
    expect(data.get(`/api/pending-registration/${active.id}`)).toBeNull();
    // The earlier cups of this file still take registrations (several at once): /register asks which.
    const open = data.get('/api/tournaments/open') as { id: string }[];
    expect(open.length).toBeGreaterThan(1);
    expect(page.body).toContain('Choose a Tournament');

    const login = await built.app.inject({ method: 'POST', url: '/api/auth/login', payload: adminCredentials });
    const cookie = `sid=${login.cookies.find((c) => c.name === 'sid')!.value}`;
    for (const cup of open.filter((other) => other.id !== active.id)) {
      await built.app.inject({ method: 'PATCH', url: `/api/tournaments/${cup.id}/registration`, headers: { cookie }, payload: { isOpen: false } });
    }
    const single = await built.app.inject({ method: 'GET', url: '/register' });
    expect(single.body).toContain('Team Name');
  });

  it('inlines the active tournament\'s bracket on /bracket, and says the active tournament has one', async () => {
    const login = await built.app.inject({ method: 'POST', url: '/api/auth/login', payload: adminCredentials });
    const cookie = `sid=${login.cookies.find((c) => c.name === 'sid')!.value}`;
    const tournament = await createOpenTournament({ app: built.app } as never, cookie, { name: 'Bracket Page Cup', entryFee: '0', checkInEnabled: false });
    const before = await built.app.inject({ method: 'GET', url: '/bracket' });
    expect(before.body).toContain('<title>Bracket | Clutch Cup</title>');
    expect(new Map(initialData(before.body).map(([key, value]) => [key.join('/'), value])).get(`/api/tournaments/${tournament.id}/bracket`)).toBeNull();

    for (const name of ['Page One', 'Page Two']) await built.app.inject({ method: 'POST', url: '/api/teams', payload: teamPayload(tournament.id, { name }) });
    await built.app.inject({ method: 'POST', url: `/api/tournaments/${tournament.id}/bracket`, headers: { cookie }, payload: { seeding: 'registration' } });
    const page = await built.app.inject({ method: 'GET', url: '/bracket' });
    const data = new Map(initialData(page.body).map(([key, value]) => [key.join('/'), value]));
    expect(data.get('/api/tournaments/active')).toMatchObject({ id: tournament.id, hasBracket: true });
    expect(data.get(`/api/tournaments/${tournament.id}/bracket`)).toMatchObject({ rounds: [{ name: 'Final', matches: [{ team1Name: 'Page One', team2Name: 'Page Two' }] }] });
  });

  it('renders a match page with its match inlined and a link preview naming the teams; an unknown or malformed id is a 404 with none inlined', async () => {
    const login = await built.app.inject({ method: 'POST', url: '/api/auth/login', payload: adminCredentials });
    const cookie = `sid=${login.cookies.find((c) => c.name === 'sid')!.value}`;
    const tournament = await createOpenTournament({ app: built.app } as never, cookie, { name: 'Match Page Cup', entryFee: '0', checkInEnabled: false });
    for (const name of ['Match One', 'Match Two']) await built.app.inject({ method: 'POST', url: '/api/teams', payload: teamPayload(tournament.id, { name }) });
    const drawn = await built.app.inject({ method: 'POST', url: `/api/tournaments/${tournament.id}/bracket`, headers: { cookie }, payload: { seeding: 'registration', finalBestOf: 3 } });
    const matchId = (drawn.json() as { rounds: { matches: { id: string }[] }[] }).rounds[0].matches[0].id;

    const page = await built.app.inject({ method: 'GET', url: `/matches/${matchId}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Match One vs Match Two | Clutch Cup</title>');
    expect(page.body).toContain('<meta property="og:title" content="Match One vs Match Two | Clutch Cup" />');
    expect(page.body).toContain('<meta property="og:description" content="Match Page Cup, Final, Match 1, best of 3: the map veto, each map’s rounds and the series score." />');
    const data = new Map(initialData(page.body).map(([key, value]) => [key.join('/'), value]));
    expect(data.get(`/api/matches/${matchId}`)).toMatchObject({ id: matchId, bestOf: 3, team1Name: 'Match One', team2Name: 'Match Two' });
    // Rendered by the server: the teams and the best-of are in the HTML before any script runs.
    expect(page.body).toMatch(/<h1[^>]*>Match One vs Match Two<\/h1>/);
    expect(page.body).toContain('Best of 3');

    // A match page for no match is the 404 page, as an unknown cup's is: nothing inlined, nothing kept.
    for (const url of ['/matches/00000000-0000-4000-8000-000000000000', '/matches/not-an-id']) {
      const unknown = await built.app.inject({ method: 'GET', url });
      expect(unknown.statusCode, url).toBe(404);
      expect(initialData(unknown.body).some(([key]) => key[0] === '/api/matches'), url).toBe(false);
    }
    // A real match's page is kept while its data stays the same.
    const second = await built.app.inject({ method: 'GET', url: `/matches/${matchId}` });
    expect(renderedAt(second.body)).toBe(renderedAt(page.body));
  });
});

describe('after a start', () => {
  it('renders each public page once before it takes connections', async () => {
    const database = await createTestDatabase();
    const rendered: string[] = [];
    const counting: ServerEntry = { ...serverEntry, renderPage: (input) => (rendered.push(new URL(input.url).pathname), serverEntry.renderPage(input)) };
    const started = await buildApp({ config: loadConfig({ NODE_ENV: 'test', RATE_LIMITS: 'off', SITE_NAME: 'Clutch Cup' }), database, webRoot, serverEntry: counting });
    try {
      expect(rendered).toEqual([]);
      await started.app.ready();
      expect([...rendered].sort()).toEqual([...serverRenderedPages].sort());
    } finally {
      await started.app.close();
      await database.close();
    }
  });
});

describe('while the database is away', () => {
  it('serves pages without inlined data and answers the API with 503 + Retry-After, on either database', async () => {
    const database = await createTestDatabase();
    const away = await buildApp({ config: loadConfig({ NODE_ENV: 'test', RATE_LIMITS: 'off', SITE_NAME: 'Clutch Cup' }), database, webRoot });
    // The database goes away under a running app: PGlite closed, or the PostgreSQL pool ended and its database dropped.
    await database.close();
    try {
      const home = await away.app.inject({ method: 'GET', url: '/' });
      expect(home.statusCode).toBe(503);
      expect(home.headers['retry-after']).toBe('5');
      expect(home.body).toContain('<title>');
      expect(initialData(home.body)).toEqual([]);

      const ready = await away.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      for (const request of [
        { method: 'GET' as const, url: '/api/tournaments/active' },
        { method: 'POST' as const, url: '/api/auth/login', payload: adminCredentials },
      ]) {
        const response = await away.app.inject(request);
        expect(response.statusCode, request.url).toBe(503);
        expect(response.headers['retry-after'], request.url).toBe('5');
        expect(response.json(), request.url).toEqual({ error: 'The site cannot reach its database right now. Please try again in a moment.' });
      }
    } finally {
      await away.app.close();
    }
  });
});
