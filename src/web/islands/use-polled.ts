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
    const stopTicking = onTick(intervalMs, () => void readAgain());
    const onShown = () => void readAgain();
    document.addEventListener('visibilitychange', onShown);
    return () => {
      isCurrent = false;
      stopTicking();
      document.removeEventListener('visibilitychange', onShown);
    };
  }, [url, initial, intervalMs]);
  // Not polled any more (a match once finished): the last read stays.
  return read !== null && read.initial === initial && (url === null || read.url === url) ? read.value : initial;
}

/**
 * One clock per polling interval for the whole page: the islands that read every 5 s read on the
 * same tick, so several islands polling one address (the home page's hero, status and teams all
 * follow the active tournament) share its request (`readText`).
 */
const tickers = new Map<number, { listeners: Set<() => void>; timer: ReturnType<typeof setInterval> }>();
function onTick(intervalMs: number, listener: () => void): () => void {
  let ticker = tickers.get(intervalMs);
  if (!ticker) {
    const listeners = new Set<() => void>();
    ticker = { listeners, timer: setInterval(() => listeners.forEach((tick) => tick()), intervalMs) };
    tickers.set(intervalMs, ticker);
  }
  ticker.listeners.add(listener);
  return () => {
    ticker.listeners.delete(listener);
    if (ticker.listeners.size > 0) return;
    clearInterval(ticker.timer);
    tickers.delete(intervalMs);
  };
}

/** Reads under way by address: a read asked for while the same one is under way answers with it. Null: the read failed. */
const readsUnderWay = new Map<string, Promise<string | null>>();
function readText(url: string): Promise<string | null> {
  const underWay = readsUnderWay.get(url);
  if (underWay) return underWay;
  const read = fetch(url, { headers: { Accept: 'application/json' } })
    .then((response) => (response.ok ? response.text() : null))
    // Offline or the server away: keep what is shown and try again at the next tick.
    .catch(() => null)
    .finally(() => readsUnderWay.delete(url));
  readsUnderWay.set(url, read);
  return read;
}

/** What a read answers when nothing changed since the last one (or it failed). */
export const unchanged = Symbol('unchanged');

/**
 * Reads `url` each time it is called and answers the data only when its text differs from the last
 * answer (the first time, from `shown`, what the page shows): an unchanged read, the usual case
 * every few seconds, then costs no render. A failed read answers `unchanged` too, so what is shown stays.
 * Reads of one address made together (islands on the same tick) share one request.
 */
export function changedReads<T>(url: string, shown: T): () => Promise<T | typeof unchanged> {
  let lastText: string | null = null;
  return async () => {
    const text = await readText(url);
    if (text === null) return unchanged;
    lastText ??= JSON.stringify(shown);
    if (text === lastText) return unchanged;
    lastText = text;
    return JSON.parse(text) as T;
  };
}
