import '../styles.css';
import './ref-as-prop';
import type { ComponentType } from 'react';
// In the islands' build (vite.config.ts, mode "islands") react and react-dom are Preact's compat layer.
import { hydrateRoot } from 'react-dom/client';

/**
 * The content pages' entry (issue 32): the page is the server's HTML, links between pages are page
 * loads, and only the roots marked by <Island> (src/web/islands/island.tsx) are hydrated, each with
 * the props the server wrote beside it. An island is the module `./{name}.island.tsx`, whose default
 * export is the component the server rendered; each is a chunk of its own, so a page loads only its
 * islands (the server announces them with modulepreload: src/server/site/route-chunks.ts).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each island takes its own props, checked where <Island> is rendered
const islands = import.meta.glob<{ default: ComponentType<any> }>('./*.island.tsx');

// Radix keeps Tab inside an open dialog with two tabbable guard spans, which its hideOthers hides from
// assistive technology along with the page; under Preact's order of effects it runs before they are
// added, so they are hidden here as they come.
new MutationObserver((records) => {
  for (const record of records)
    for (const node of record.addedNodes)
      if (node instanceof HTMLElement && node.hasAttribute('data-radix-focus-guard')) node.setAttribute('aria-hidden', 'true');
}).observe(document.body, { childList: true });

const hydrated = [...document.querySelectorAll<HTMLElement>('[data-island]')].map(async (root) => {
  const load = islands[`./${root.dataset.island ?? ''}.island.tsx`];
  if (!load) return;
  const { default: Component } = await load();
  hydrateRoot(root, <Component {...(JSON.parse(root.dataset.props ?? '{}') as object)} />);
});
// Tests (and anyone curious) can tell the page is live: hydrating is synchronous under Preact once an island's module is there.
void Promise.allSettled(hydrated).then(() => {
  document.documentElement.dataset.islands = 'live';
});
