import { useEffect, useState } from 'react';

/**
 * False until the component has mounted: what only the browser knows (this device's remembered
 * teams) waits for it, so the first render matches the server's HTML under React and under the
 * islands' Preact alike (Preact's useSyncExternalStore has no server snapshot).
 */
export function useIsMounted(): boolean {
  const [isMounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return isMounted;
}
