// The browser build of React's static renderer: the Node build runs each render inside an
// AsyncLocalStorage, which turns on a promise hook for the whole process from the first page on and
// slows every API request after it (Node 20).
import { prerender } from 'react-dom/static.browser';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router';
import { createQueryClient } from './api';
import type { PageLocale } from '../shared/i18n/locales';
import { defaultTimeZone } from '../shared/time-zones';
import { AppRoot } from './app-root';
import { pseudoText } from '../shared/i18n/pseudo-text';
import { setPseudoText } from '../shared/i18n/translator';
import { loadEveryCatalog } from './i18n/server-render-catalogs';
import { routes } from './routes';

/**
 * The server's half of the public pages (built with `vite build --ssr`, loaded by
 * src/server/site/html-page.ts): React Router's data mode (a static handler and router) renders
 * the same routes and components as the browser, from the same query answers the page inlines.
 */
const handler = createStaticHandler(routes);
loadEveryCatalog();
setPseudoText(pseudoText);

export interface RenderedPage {
  /** The markup of #root. */
  html: string;
  /** The matched routes' ids: the page modules whose chunks the page needs (src/web/routes.tsx). */
  modules: string[];
}

export async function renderPage({
  url,
  queries,
  renderTime,
  locale = 'en',
  timeZone = defaultTimeZone,
}: {
  url: string;
  queries: [readonly string[], unknown][];
  renderTime: number;
  locale?: PageLocale;
  /** The organizer's time zone (the site's settings). */
  timeZone?: string;
}): Promise<RenderedPage | null> {
  const context = await handler.query(new Request(url));
  // A redirect or a thrown response: the browser handles it.
  if (context instanceof Response) return null;
  const queryClient = createQueryClient();
  for (const [key, data] of queries) queryClient.setQueryData(key, data);
  const router = createStaticRouter(handler.dataRoutes, context);
  // prerender waits for every lazy part (unlike renderToString), so the HTML is whole.
  const { prelude } = await prerender(
    <AppRoot queryClient={queryClient} renderTime={renderTime} locale={locale} organizerTimeZone={timeZone}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppRoot>,
  );
  const html = await new Response(prelude).text();
  queryClient.clear();
  return { html, modules: context.matches.map((match) => match.route.id) };
}

/** The page modules a path's routes load, for pages the browser renders itself (admin, team links). */
export function modulesOf(pathname: string): string[] {
  return (matchRoutes(routes, pathname) ?? []).flatMap((match) => (match.route.id ? [match.route.id] : []));
}
