import { languageParameter, locales, type PageLocale } from '../../shared/i18n/locales.js';
import { namespacesOfModules } from '../../shared/i18n/namespaces.js';
import { formatMoney } from '../../shared/money.js';
import { defaultTimeZone } from '../../shared/time-zones.js';
import { serverTranslator } from '../i18n/server-catalogs.js';
import { matchMetaOf, metaOf, notFoundMeta } from '../../shared/page-meta.js';
import { isEmbedPage, isIslandPage, isMatchPage, isRegisteredPage, isServerRendered, isTeamPage, isTournamentPage, paths } from '../../shared/paths.js';
import type { MatchDetail } from '../../shared/schemas/match.js';
import { cupDescription } from '../../shared/tournament-listing.js';
import type { Tournament } from '../../shared/schemas/tournament.js';
import { isSwitchedOpen } from '../../shared/tournament-phase.js';
import type { PageData } from './page-data.js';

export type { InlinedQuery, PageData } from './page-data.js';

/** The server entry of the web client (src/web/entry-server.tsx, built into dist/ssr). */
export interface ServerEntry {
  renderPage(input: { url: string; queries: [readonly unknown[], unknown][]; renderTime: number; locale: PageLocale; timeZone: string }): Promise<{ html: string; modules: string[] } | null>;
  modulesOf(pathname: string): string[];
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
// Inside a <script> data block only "<" can end it early; \u003c keeps the JSON valid and inert.
const escapeScriptJson = (json: string) =>
  json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** A file the page needs after its first paint, announced so it downloads beside the entry: a module, or a catalog (JSON the page fetches). */
const preloadTag = (file: string) =>
  file.endsWith('.json')
    ? `<link rel="preload" as="fetch" crossorigin="anonymous" fetchpriority="low" href="${escapeHtml(file)}" />`
    : `<link rel="modulepreload" fetchpriority="low" href="${escapeHtml(file)}" />`;

/** ` name="value"` for each attribute with a value. */
const attributes = (values: Record<string, string | number | null>) =>
  Object.entries(values)
    .filter(([, value]) => value !== null && value !== '')
    .map(([name, value]) => ` ${name}="${escapeHtml(String(value))}"`)
    .join('');

/**
 * The template with the page's head tags and rendered root. Replaced by functions: a replacement
 * string would read `$&`, `$\`` and `$'` in a team's name as patterns and write the template into the page.
 */
const fill = (template: string, tags: string[], root: string, htmlAttributes: string) =>
  template
    .replace(/<html[^>]*>/, () => `<html${htmlAttributes}>`)
    .replace('</head>', () => `    ${tags.join('\n    ')}\n  </head>`).replace('<div id="root"></div>', () => `<div id="root">${root}</div>`);

/** How long a rendered page is served from memory while its data stays the same: bounds how old its clock-dependent parts (countdown, open/closed) get before any script runs. */
const renderedPageTtlMs = 15_000;

/**
 * A page's HTML, per request: the page's title, description and Open Graph tags (so links shared in
 * Discord unfurl with real content) and, for the public pages, the page itself rendered by React on
 * the server. A content page comes in islands.html with modulepreload links for its islands' chunks
 * (each island carries its own data); the others in the app's index.html with the data the page
 * would fetch first as an inert JSON block the client puts in its query cache and the page's own
 * chunks from Vite's manifest (which src/web/boot.ts preloads after the first paint), which the
 * browser hydrates. A rendered page is kept while its inlined data (the polled reads' cache) stays
 * the same, so most views cost a string comparison, not a render.
 */
export function createHtmlRenderer(
  template: string,
  {
    siteName,
    publicOrigin,
    data,
    entry = null,
    islandsTemplate = null,
    routeChunks = () => [],
    islandChunks = () => [],
    catalogUrl = () => null,
    now = () => Date.now(),
    onRenderError = () => {},
  }: {
    siteName: string;
    publicOrigin: string;
    data: PageData;
    entry?: ServerEntry | null;
    /** islands.html as built (src/web/islands): the content pages that are islands load it instead of the app. */
    islandsTemplate?: string | null;
    routeChunks?: (modules: string[]) => string[];
    /** The chunks of the named islands beyond the islands' entry (route-chunks.ts). */
    islandChunks?: (names: string[]) => string[];
    /** Where a catalog (its source path) is served, from the build's manifest (route-chunks.ts). */
    catalogUrl?: (source: string) => string | null;
    now?: () => number;
    onRenderError?: (error: unknown) => void;
  },
) {
  const withoutMeta = (html: string) => html.replace(/<title>[\s\S]*?<\/title>\s*/, '').replace(/<meta name="description"[^>]*>\s*/, '');
  const head = withoutMeta(template);
  // A content page paints from its HTML and style sheet; its islands' script comes after them (low priority).
  const islandsHead = islandsTemplate === null ? null : withoutMeta(islandsTemplate).replace(/<script type="module"/g, '<script type="module" fetchpriority="low"');
  const rendered = new Map<string, { dataJson: string; page: Promise<string>; expiresAt: number }>();

  function assemble({
    path,
    title,
    description,
    isKnown,
    dataJson,
    modules,
    root,
    renderTime,
    locale,
    languageInAddress,
    timeZone,
    showsQueriedData = false,
  }: {
    locale: PageLocale;
    /** The language was chosen by the address (`?lang=`): that address is the page's own, as its hreflang alternate names it. */
    languageInAddress: boolean;
    timeZone: string;
    /** The page shows data the server did not inline, chosen by its query string: the app renders it. */
    showsQueriedData?: boolean;
    path: string;
    title: string;
    description: string;
    isKnown: boolean;
    dataJson: string;
    modules: string[];
    root: string;
    renderTime: number | null;
  }) {
    // A page chosen in a language by its address (an hreflang alternate) is that address; otherwise the bare path.
    const address = languageInAddress ? `${publicOrigin}${path}?${languageParameter}=${locale}` : publicOrigin + path;
    const tags = [
      `<title>${escapeHtml(title)}</title>`,
      `<meta name="description" content="${escapeHtml(description)}" />`,
      `<meta property="og:type" content="website" />`,
      `<meta property="og:site_name" content="${escapeHtml(siteName)}" />`,
      `<meta property="og:title" content="${escapeHtml(title)}" />`,
      `<meta property="og:description" content="${escapeHtml(description)}" />`,
      `<meta property="og:url" content="${escapeHtml(address)}" />`,
      `<meta name="twitter:card" content="summary" />`,
      `<link rel="canonical" href="${escapeHtml(address)}" />`,
      // A captain's private pages: never in a search engine's index.
      // The embeds are the bracket again, for other sites to frame: the cup's own page is the one to index.
      ...(isTeamPage(path) || isRegisteredPage(path) || path === paths.myTeams || isEmbedPage(path)
        ? ['<meta name="robots" content="noindex" />']
        : // The same address in each language: a page's path means the same page in all of them.
          [
            ...locales.map((other) => `<link rel="alternate" hreflang="${other}" href="${escapeHtml(`${publicOrigin}${path}?${languageParameter}=${other}`)}" />`),
            `<link rel="alternate" hreflang="x-default" href="${escapeHtml(publicOrigin + path)}" />`,
          ]),
    ];
    // The page's texts in its language, listed for the page to fetch (src/web/i18n/loaded-catalogs.ts) and preloaded: English is the code's own.
    const catalogsOf = (app: boolean) => {
      const namespaces = locale === 'en' || !(locales as readonly string[]).includes(locale) ? [] : namespacesOfModules(modules, { app });
      const listed = namespaces.flatMap((namespace) => {
        const url = catalogUrl(`src/shared/i18n/catalogs/${locale}/${namespace}.json`);
        return url ? [{ namespace, url }] : [];
      });
      return { urls: listed.map(({ url }) => url), htmlAttributes: attributes({ lang: locale, 'data-catalogs': listed.map(({ namespace, url }) => `${namespace}:${url}`).join(' '), 'data-time-zone': timeZone }) };
    };
    // A content page rendered whole loads only its islands, which carry their own data; without its HTML the app renders it,
    // as it does /tournaments?page=2, whose data the server does not inline.
    if (islandsHead !== null && root !== '' && !showsQueriedData && isIslandPage(path)) {
      const islands = new Set(Array.from(root.matchAll(/ data-island="([\w-]+)"/g), ([, name]) => name));
      const { urls, htmlAttributes } = catalogsOf(false);
      for (const file of [...islandChunks([...islands]), ...urls]) tags.push(preloadTag(file));
      return fill(islandsHead, tags, root, htmlAttributes);
    }
    const { urls, htmlAttributes } = catalogsOf(true);
    const chunks = [...routeChunks(isKnown ? modules : []), ...urls];
    tags.push(`<script type="application/json" id="initial-data"${attributes({ 'data-rendered-at': renderTime, 'data-modules': chunks.join(' ') })}>${escapeScriptJson(dataJson)}</script>`);
    return fill(head, tags, root, htmlAttributes);
  }

  /**
   * `withData: false` serves the page without inlined data (the database is away): the client fetches it, and says so if it cannot.
   * `locale`: the page's language (the request's choice, src/shared/i18n/locales.ts pageLocale).
   */
  return async function render(
    url: string,
    isKnown: boolean,
    { withData = true, locale = 'en', languageInAddress = false }: { withData?: boolean; locale?: PageLocale; languageInAddress?: boolean } = {},
  ): Promise<string> {
    const [pathname, search = ''] = url.split(/\?(.*)/s);
    const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    // The page's title and description in its language (the link previews of a shared address are in the sharer's).
    const t = serverTranslator(locale);
    const english = (isKnown && metaOf(path)) || notFoundMeta;
    const meta = { title: t(english.title), description: t(english.description) };
    const queries = withData ? await data.common() : [];
    const active = JSON.parse(queries.find((q) => q.key[0] === '/api/tournaments/active')?.json ?? 'null') as Tournament | null;
    if (withData && isKnown) queries.push(...(await data.forPage(path, active)));
    let title = `${meta.title} | ${siteName}`;
    let description = meta.description;
    if (path === paths.home && active) {
      title = `${active.name} | ${siteName}`;
      description = t('{prizePool} prize pool, {entryFee} entry per team. Registration is {open, select, yes {open} other {closed}}.', {
        prizePool: formatMoney(active.prizePool, active.currency, locale),
        entryFee: formatMoney(active.entryFee, active.currency, locale),
        open: isSwitchedOpen(active) ? 'yes' : 'no',
      });
    }
    // A match's link preview names its teams.
    const matchData = isMatchPage(path) ? queries.find((q) => q.key[0] === '/api/matches') : undefined;
    if (matchData) {
      const meta = matchMetaOf(JSON.parse(matchData.json) as MatchDetail, t);
      title = `${meta.title} | ${siteName}`;
      description = meta.description;
    }
    // A cup's page unfurls with its name, status, prize pool and date.
    const cup = isTournamentPage(path) ? (JSON.parse(queries.find((q) => q.key[0] === '/api/tournaments' && q.key.length === 2)?.json ?? 'null') as Tournament | null) : null;
    if (cup) {
      title = `${cup.name} | ${siteName}`;
      description = cupDescription(cup, t, locale);
    }
    const dataJson = `[${queries.map((q) => `[${JSON.stringify(q.key)},${q.json}]`).join(',')}]`;
    // The organizer's time zone (Settings): the page shows tournament times in it beside the reader's.
    const site = JSON.parse(queries.find((q) => q.key[0] === '/api/site')?.json ?? 'null') as { timeZone?: string } | null;
    const timeZone = site?.timeZone ?? defaultTimeZone;
    const page = { path, title, description, isKnown, dataJson, locale, languageInAddress, timeZone };

    // An unknown cup (/tournaments/no-such-slug) matches a server-rendered pattern: it gets the 404 page, never a kept render per made-up address.
    if (!entry || !withData || !isKnown || !isServerRendered(path)) {
      return assemble({ ...page, modules: entry && isKnown ? entry.modulesOf(path) : [], root: '', renderTime: null });
    }
    // A query string (?waitlist, a campaign's tags) is rendered each time rather than kept: visitors choose it.
    // So is a match page for no match: anyone can make up such paths, and each kept one would stay in memory.
    const onlyLanguageChosen = [...new URLSearchParams(search).keys()].every((name) => name === languageParameter);
    const key = (search && !onlyLanguageChosen) || (isMatchPage(path) && !matchData) ? null : `${locale}${languageInAddress ? '?' : ''} ${path}`;
    const kept = key === null ? undefined : rendered.get(key);
    if (kept && kept.dataJson === dataJson && kept.expiresAt > now()) return kept.page;

    const renderTime = now();
    const pageHtml = (async () => {
      try {
        const result = await entry.renderPage({
          url: `http://localhost${path}${search ? `?${search}` : ''}`,
          queries: queries.map((q) => [q.key, JSON.parse(q.json)]),
          renderTime,
          locale,
          timeZone,
        });
        // Only /tournaments?page=N shows other data than the server inlines; a tracking tag (?utm_…) changes nothing.
        const showsQueriedData = path === paths.tournaments && new URLSearchParams(search).has('page');
        if (result) return assemble({ ...page, modules: result.modules, root: result.html, renderTime, showsQueriedData });
      } catch (error) {
        // The browser can still render the page itself.
        onRenderError(error);
        if (key !== null) rendered.delete(key);
      }
      return assemble({ ...page, modules: entry.modulesOf(path), root: '', renderTime: null });
    })();
    if (key !== null) rendered.set(key, { dataJson, page: pageHtml, expiresAt: renderTime + renderedPageTtlMs });
    return pageHtml;
  };
}
