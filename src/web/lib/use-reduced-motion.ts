import { useSyncExternalStore } from 'react';
import { useIsMounted } from './use-is-mounted';

const query = '(prefers-reduced-motion: reduce)';

function subscribe(onChange: () => void): () => void {
  const media = window.matchMedia(query);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

/**
 * The reader's "reduce motion" setting, followed live. False until mounted, as in the server's HTML:
 * the islands' Preact has no server snapshot and would hydrate with the reader's setting.
 */
export function usePrefersReducedMotion(): boolean {
  const prefersReduced = useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
  return useIsMounted() && prefersReduced;
}
