import { useEffect, useState } from 'react';

/** How often a content page's live parts read again: as the app polls the active tournament (src/web/queries/public.ts). */
export const ISLAND_POLL_MS = 5000;

/**
 * A public read an island keeps fresh: what the server rendered first (its `initial` props, so
 * hydration matches), then the same address read again every `intervalMs` while the page is visible
 * and once when it is shown again. A failed read keeps what is shown. `url` null: not polled (what
 * was last read stays).
 * Plain fetch, no query library: an island's script stays a few kilobytes. The browser's HTTP cache
 * revalidates with the read's ETag, so an unchanged read costs a 304, and no render.
 */
export function usePolled<T>(url: string | null, initial: T, intervalMs = ISLAND_POLL_MS): T {
  // What was read, for the address and the first data it was read from: a new address or newer data
  // from the page (the app's cache after a client-side navigation) replaces it at once.
  const [read, setRead] = useState<{ url: string | null; initial: T; value: T } | null>(null);
  useEffect(() => {
    if (url === null) return;
    let isCurrent = true;
    const readIfChanged = changedReads<T>(url, initial);
    const readAgain = async () => {
      if (document.visibilityState === 'hidden') return;
      const value = await readIfChanged();
      // An answer for an address no longer shown is dropped.
      if (value !== unchanged && isCurrent) setRead({ url, initial, value });
    };
    const timer = setInterval(() => void readAgain(), intervalMs);
    const onShown = () => void readAgain();
    document.addEventListener('visibilitychange', onShown);
    return () => {
      isCurrent = false;
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onShown);
    };
  }, [url, initial, intervalMs]);
  // Not polled any more (a match once finished): the last read stays.
  return read !== null && read.initial === initial && (url === null || read.url === url) ? read.value : initial;
}

/** What a read answers when nothing changed since the last one (or it failed). */
export const unchanged = Symbol('unchanged');

/**
 * Reads `url` each time it is called and answers the data only when its text differs from the last
 * answer (the first time, from `shown`, what the page shows): an unchanged read, the usual case
 * every few seconds, then costs no render. A failed read answers `unchanged` too, so what is shown stays.
 */
export function changedReads<T>(url: string, shown: T): () => Promise<T | typeof unchanged> {
  let lastText: string | null = null;
  return async () => {
    try {
      const response = await fetch(url, { headers: { Accept: 'application/json' } });
      if (!response.ok) return unchanged;
      const text = await response.text();
      lastText ??= JSON.stringify(shown);
      if (text === lastText) return unchanged;
      lastText = text;
      return JSON.parse(text) as T;
    } catch {
      // Offline or the server away: keep what is shown and try again at the next tick.
      return unchanged;
    }
  };
}
