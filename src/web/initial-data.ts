import type { QueryClient } from '@tanstack/react-query';

/**
 * The server embeds the first queries' answers in the page (a JSON block, not a script), so the
 * first render shows real content without waiting for the API. Returns when the server rendered
 * the page (`data-rendered-at`), for rendering time-dependent parts the same while hydrating.
 */
export function primeFromInitialData(queryClient: QueryClient, doc: Document = document): number | null {
  const element = doc.getElementById('initial-data');
  if (!element?.textContent) return null;
  const renderedAt = Number(element.dataset.renderedAt);
  try {
    const entries = JSON.parse(element.textContent) as [string[], unknown][];
    for (const [key, data] of entries) queryClient.setQueryData(key, data);
  } catch {
    // A malformed block only costs the round trips it would have saved.
  }
  element.remove();
  return Number.isFinite(renderedAt) && renderedAt > 0 ? renderedAt : null;
}
