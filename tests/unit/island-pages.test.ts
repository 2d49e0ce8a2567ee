import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createHtmlRenderer, type PageData, type ServerEntry } from '../../src/server/site/html-page';
import { isContentPage, isIslandPage, matchPath, paths, tournamentPath } from '../../src/shared/paths';

const appTemplate = '<html><head><title>t</title><script type="module" src="/assets/index-A.js"></script></head><body><div id="root"></div></body></html>';
const islandsTemplate =
  '<html><head><title>t</title><script type="module" src="/assets/islands-B.js"></script></head><body><div id="root"></div></body></html>';
const data: PageData = { common: async () => [], forPage: async () => [] };
const entry = (html: string): ServerEntry => ({ renderPage: async () => ({ html, modules: [] }), modulesOf: () => [] });
const render = (serverEntry: ServerEntry) =>
  createHtmlRenderer(appTemplate, { siteName: 'Cup', publicOrigin: 'https://cup.test', data, entry: serverEntry, islandsTemplate });

describe('content pages served as islands (src/web/islands)', () => {
  it('are content pages', () => {
    for (const path of [
      paths.home,
      paths.teams,
      paths.tournaments,
      paths.hallOfFame,
      paths.bracket,
      paths.rules,
      paths.contact,
      tournamentPath('a-cup'),
      matchPath('a-match'),
      paths.privacy,
      paths.termsOfService,
      paths.refundPolicy,
      paths.accessibility,
    ])
      expect(isIslandPage(path) && isContentPage(path), path).toBe(true);
    // The registration wizard is no content page (its budget is its own) but is served as one island too.
    expect(isIslandPage(paths.register) && !isContentPage(paths.register)).toBe(true);
    for (const path of ['/register/done/t1', paths.myTeams, paths.admin, '/embed/tournaments/a-cup/bracket']) expect(isIslandPage(path), path).toBe(false);
  });

  it("load the islands' entry and no inlined queries; the other pages load the app", async () => {
    const page = render(entry('<main>Privacy</main>'));
    const privacy = await page('/privacy', true);
    expect(privacy).toContain('/assets/islands-B.js');
    expect(privacy).not.toContain('/assets/index-A.js');
    expect(privacy).not.toContain('initial-data');
    expect(privacy).toContain('<div id="root"><main>Privacy</main></div>');
    const register = await page('/register', true);
    expect(register).toContain('/assets/islands-B.js');
    expect(register).not.toContain('/assets/index-A.js');
    const team = await page('/team/t1', true);
    expect(team).toContain('/assets/index-A.js');
    expect(team).toContain('id="initial-data"');
  });

  it('announce the chunks of the islands they hold, each once', async () => {
    const asked: string[][] = [];
    const page = createHtmlRenderer(appTemplate, {
      siteName: 'Cup',
      publicOrigin: 'https://cup.test',
      data,
      entry: entry('<header data-island="header" data-props="{}"></header><span data-island="local-date" data-props="{}"></span><span data-island="local-date" data-props="{}"></span>'),
      islandsTemplate,
      islandChunks: (names) => (asked.push(names), names.map((name) => `/assets/islands/${name}.js`)),
    });
    const privacy = await page('/privacy', true);
    expect(asked).toEqual([['header', 'local-date']]);
    expect(privacy).toContain('<link rel="modulepreload" fetchpriority="low" href="/assets/islands/header.js" />');
    expect(privacy).toContain('<link rel="modulepreload" fetchpriority="low" href="/assets/islands/local-date.js" />');
  });

  it('load the app with a query string (/tournaments?page=2): the server inlines no data for it', async () => {
    const page = render(entry('<main>Cups</main>'));
    expect(await page('/tournaments', true)).toContain('/assets/islands-B.js');
    const second = await page('/tournaments?page=2', true);
    expect(second).toContain('/assets/index-A.js');
    expect(second).not.toContain('/assets/islands-B.js');
  });

  it('stay islands with a tracking tag in the address (?utm_source=discord): only a page of /tournaments needs the app', async () => {
    const page = render(entry('<main>Home</main>'));
    const tagged = await page('/?utm_source=discord', true);
    expect(tagged).toContain('/assets/islands-B.js');
    expect(tagged).not.toContain('/assets/index-A.js');
    expect(await page('/tournaments?utm_source=discord', true)).toContain('/assets/islands-B.js');
  });

  it("keep a team's name whole, whatever $ patterns it holds (a replacement string would read them)", async () => {
    const name = "Pay$&Win $` $' $$";
    for (const url of ['/privacy', '/register']) {
      const html = await render(entry(`<main data-island="x" data-props="{&quot;name&quot;:&quot;${name}&quot;}">${name}</main>`))(url, true);
      expect(html, url).toContain(`<div id="root"><main data-island="x" data-props="{&quot;name&quot;:&quot;${name}&quot;}">${name}</main></div>`);
      expect(html.match(/<div id="root">/g), url).toHaveLength(1);
    }
  });

  it('fall back to the app when the server could not render them: the islands alone could not', async () => {
    const failing: ServerEntry = { renderPage: async () => Promise.reject(new Error('render failed')), modulesOf: () => [] };
    const privacy = await render(failing)('/privacy', true);
    expect(privacy).toContain('/assets/index-A.js');
    expect(privacy).not.toContain('/assets/islands-B.js');
  });

  it('name islands that exist: each <Island name> is a module src/web/islands/{name}.island.tsx, which the entry loads', () => {
    const sources = fs.readdirSync('src/web', { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.tsx'));
    const names = new Set(sources.flatMap((file) => Array.from(fs.readFileSync(path.join('src/web', file), 'utf8').matchAll(/<Island\s+name="([\w-]+)"/g), ([, name]) => name)));
    expect(names.size).toBeGreaterThan(0);
    for (const name of names) expect(fs.existsSync(`src/web/islands/${name}.island.tsx`), name).toBe(true);
  });
});
