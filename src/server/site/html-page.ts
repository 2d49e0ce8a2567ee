import { formatMoney } from '../../shared/money.js';
import { renderBootShell } from './boot-shell.js';
import { metaOf, notFoundMeta } from '../../shared/page-meta.js';
import { isTeamPage, paths } from '../../shared/paths.js';
import type { Tournament } from '../../shared/schemas/tournament.js';

/** One query the client would make, answered in advance: its key and its JSON text. */
export interface InlinedQuery {
  key: readonly string[];
  json: string;
}

export interface PageData {
  /** Queries every page makes (active tournament, site settings). */
  common(): Promise<InlinedQuery[]>;
  /** What the home page shows above the fold: teams, capacity, champions of the active tournament. */
  home(active: Tournament | null): Promise<InlinedQuery[]>;
  /** The /bracket page: the active tournament's bracket. */
  bracket?(active: Tournament): Promise<InlinedQuery[]>;
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
// Inside a <script> data block only "<" can end it early; \u003c keeps the JSON valid and inert.
const escapeScriptJson = (json: string) =>
  json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * The SPA's index.html, per request: the page's title, description and Open Graph tags (so links
 * shared in Discord unfurl with real content), and the data the page would fetch first, as an
 * inert JSON block the client puts in its query cache before the first render, and a static first
 * paint of the page's top (boot-shell.ts) that the app replaces once its page is ready.
 */
export function createHtmlRenderer(
  template: string,
  {
    siteName,
    publicOrigin,
    isDemo = false,
    data,
    routeChunks = () => [],
  }: { siteName: string; publicOrigin: string; isDemo?: boolean; data: PageData; routeChunks?: (pagePath: string) => string[] },
) {
  const head = template.replace(/<title>[\s\S]*?<\/title>\s*/, '').replace(/<meta name="description"[^>]*>\s*/, '');

  /** `withData: false` serves the page without inlined data (the database is away): the client fetches it, and says so if it cannot. */
  return async function render(pathname: string, isKnown: boolean, { withData = true }: { withData?: boolean } = {}): Promise<string> {
    const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    const meta = (isKnown && metaOf(path)) || notFoundMeta;
    const queries = withData ? await data.common() : [];
    const active = JSON.parse(queries.find((q) => q.key[0] === '/api/tournaments/active')?.json ?? 'null') as Tournament | null;
    let title = `${meta.title} | ${siteName}`;
    let description = meta.description;
    if (path === paths.home && withData) {
      queries.push(...(await data.home(active)));
      if (active) {
        title = `${active.name} | ${siteName}`;
        description = `${formatMoney(active.prizePool, active.currency)} prize pool, ${formatMoney(active.entryFee, active.currency)} entry per team. Registration is ${active.registrationOpen ? 'open' : 'closed'}.`;
      }
    }
    if (path === paths.bracket && withData && active && data.bracket) queries.push(...(await data.bracket(active)));
    const tags = [
      `<title>${escapeHtml(title)}</title>`,
      `<meta name="description" content="${escapeHtml(description)}" />`,
      `<meta property="og:type" content="website" />`,
      `<meta property="og:site_name" content="${escapeHtml(siteName)}" />`,
      `<meta property="og:title" content="${escapeHtml(title)}" />`,
      `<meta property="og:description" content="${escapeHtml(description)}" />`,
      `<meta property="og:url" content="${escapeHtml(publicOrigin + path)}" />`,
      `<meta name="twitter:card" content="summary" />`,
      `<link rel="canonical" href="${escapeHtml(publicOrigin + path)}" />`,
      // A captain's private page: never in a search engine's index.
      ...(isTeamPage(path) ? ['<meta name="robots" content="noindex" />'] : []),
      ...(isKnown ? routeChunks(path) : []).map((file) => `<link rel="modulepreload" crossorigin href="${escapeHtml(file)}" />`),
      `<script type="application/json" id="initial-data">${escapeScriptJson(`[${queries.map((q) => `[${JSON.stringify(q.key)},${q.json}]`).join(',')}]`)}</script>`,
    ];
    const shell = renderBootShell({ path, siteName, isDemo, active: isKnown ? active : null });
    return head.replace('</head>', `    ${tags.join('\n    ')}\n  </head>`).replace('<div id="root"></div>', `<div id="root">${shell}</div>`);
  };
}
