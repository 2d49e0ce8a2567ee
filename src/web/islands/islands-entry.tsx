import '../styles.css';
import type { ComponentType } from 'react';
// In the islands' build (vite.config.ts, mode "islands") react and react-dom are Preact's compat layer.
import { hydrateRoot } from 'react-dom/client';
import { HeaderView } from '../components/layout/header-view';
import { LocalDate } from '../components/local-date';
import { WatchHighlight } from '../pages/hall-of-fame/watch-highlight';

/**
 * The content pages' entry (issue 32): the page is the server's HTML, links between pages are page
 * loads, and only the roots marked by <Island> (src/web/islands/island.tsx) are hydrated, each with
 * the props the server wrote beside it. Each island's component is the one the server rendered.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each island takes its own props, checked where <Island> is rendered
const islands: Record<string, ComponentType<any>> = {
  header: HeaderView,
  'local-date': LocalDate,
  'watch-highlight': WatchHighlight,
};

// Radix keeps Tab inside an open dialog with two tabbable guard spans, which its hideOthers hides from
// assistive technology along with the page; under Preact's order of effects it runs before they are
// added, so they are hidden here as they come.
new MutationObserver((records) => {
  for (const record of records)
    for (const node of record.addedNodes)
      if (node instanceof HTMLElement && node.hasAttribute('data-radix-focus-guard')) node.setAttribute('aria-hidden', 'true');
}).observe(document.body, { childList: true });

for (const root of document.querySelectorAll<HTMLElement>('[data-island]')) {
  const Component = islands[root.dataset.island ?? ''];
  if (!Component) continue;
  hydrateRoot(root, <Component {...(JSON.parse(root.dataset.props ?? '{}') as object)} />);
}
// Tests (and anyone curious) can tell the page is live: hydrating is synchronous under Preact.
document.documentElement.dataset.islands = 'live';
