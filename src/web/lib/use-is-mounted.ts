import { useLayoutEffect, useState } from 'react';

/**
 * False until the component has mounted: what only the browser knows (this device's remembered
 * teams) waits for it, so the first render matches the server's HTML under React and under the
 * islands' Preact alike (Preact's useSyncExternalStore has no server snapshot).
 */
export function useIsMounted(): boolean {
  const [isMounted, setMounted] = useState(false);
  // Before the browser paints: the server's version is never seen on a page the app navigates to.
  useLayoutEffect(() => setMounted(true), []);
  return isMounted;
}
