import { useEffect, useState } from 'react';

/** How often a content page's live parts read again: as the app polls the active tournament (src/web/queries/public.ts). */
export const ISLAND_POLL_MS = 5000;

/**
 * A public read an island keeps fresh: what the server rendered first (its `initial` props, so
 * hydration matches), then the same address read again every `intervalMs` while the page is visible
 * and once when it is shown again. A failed read keeps what is shown. `url` null: not polled.
 * Plain fetch, no query library: an island's script stays a few kilobytes. The browser's HTTP cache
 * revalidates with the read's ETag, so an unchanged read costs a 304.
 */
export function usePolled<T>(url: string | null, initial: T, intervalMs = ISLAND_POLL_MS): T {
  const [value, setValue] = useState(initial);
  useEffect(() => {
    if (url === null) return;
    let isCurrent = true;
    const read = async () => {
      if (document.visibilityState === 'hidden') return;
      try {
        const response = await fetch(url, { headers: { Accept: 'application/json' } });
        if (response.ok && isCurrent) setValue((await response.json()) as T);
      } catch {
        // Offline or the server away: keep what is shown and try again at the next tick.
      }
    };
    const timer = setInterval(() => void read(), intervalMs);
    const onShown = () => void read();
    document.addEventListener('visibilitychange', onShown);
    return () => {
      isCurrent = false;
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onShown);
    };
  }, [url, intervalMs]);
  return value;
}
