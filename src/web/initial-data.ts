import type { QueryClient } from '@tanstack/react-query';

/**
 * The server embeds the first queries' answers in the page (a JSON block, not a script), so the
 * first render shows real content without waiting for the API.
 */
export function primeFromInitialData(queryClient: QueryClient, doc: Document = document): void {
  const element = doc.getElementById('initial-data');
  if (!element?.textContent) return;
  try {
    const entries = JSON.parse(element.textContent) as [string[], unknown][];
    for (const [key, data] of entries) queryClient.setQueryData(key, data);
  } catch {
    // A malformed block only costs the round trips it would have saved.
  }
  element.remove();
}
