// Before any island's zod (the wizard's API client, the contact form's rules): no eval under the site's policy.
import '../zod-jitless';
import '../styles.css';
import '../compat/radix-focus-guards';
import '../compat/ref-as-prop';
import type { ComponentType } from 'react';
import { hydrateThenRenderLater } from '../compat/hydrate-then-render-later';
import { documentLocale, loadPageCatalogs } from '../i18n/document-locale';
import { I18nProvider } from '../i18n/i18n';

/**
 * The content pages' entry (issue 32): the page is the server's HTML, links between pages are page
 * loads, and only the roots marked by <Island> (src/web/islands/island.tsx) are hydrated, each with
 * the props the server wrote beside it. An island is the module `./{name}.island.tsx`, whose default
 * export is the component the server rendered; each is a chunk of its own, so a page loads only its
 * islands (the server announces them with modulepreload: src/server/site/route-chunks.ts).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each island takes its own props, checked where <Island> is rendered
const islands = import.meta.glob<{ default: ComponentType<any> }>('./*.island.tsx');

// The page paints from its HTML first; then each island is hydrated in a task of its own, in the
// page's order (the header and the hero first), so the page answers input between them instead of
// being blocked while every island hydrates at once.
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
const afterFirstPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
const roots = [...document.querySelectorAll<HTMLElement>('[data-island]')];
const modules = roots.map((root) => islands[`./${root.dataset.island ?? ''}.island.tsx`]?.());
// The page's language and the catalogs its texts are in, as the server rendered it (html-page.ts).
const locale = documentLocale();
// An English page (the code's own texts) lists none.
const catalogs = roots.length === 0 ? Promise.resolve() : loadPageCatalogs(locale);
async function hydrateInOrder() {
  if (roots.length === 0) return;
  await afterFirstPaint();
  // Only an optimisation: the islands hydrate without it if it cannot load.
  const warmUp = await import('./warm-up').catch(() => null);
  if (warmUp) {
    const { warmUps, islandsWithoutFormats } = warmUp;
    const formats = roots.some((root) => !islandsWithoutFormats.has(root.dataset.island ?? '')) ? warmUps.formats : [];
    for (const run of [warmUps.classes, ...formats]) {
      await nextTask();
      run();
    }
  }
  // Without its texts an island would hydrate in English over the server's translation; none is lost by waiting.
  await catalogs.catch(() => undefined);
  for (const [index, root] of roots.entries()) {
    const module = await modules[index]?.catch(() => undefined);
    if (!module) continue;
    await nextTask();
    const { default: Component } = module;
    hydrateThenRenderLater(
      root,
      <I18nProvider locale={locale}>
        <Component {...(JSON.parse(root.dataset.props ?? '{}') as object)} />
      </I18nProvider>,
    );
  }
  // The last island's render after mounting, before the page says it is live.
  await nextTask();
}
// Tests (and anyone curious) can tell the page is live: hydrating is synchronous under Preact once an island's module is there.
void hydrateInOrder().finally(() => {
  document.documentElement.dataset.islands = 'live';
});
