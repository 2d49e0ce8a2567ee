import { createContext, useContext, useSyncExternalStore } from 'react';

/** When the served HTML was rendered: the server's clock on the server, the same instant (read from the page) while hydrating. */
export const RenderTimeContext = createContext<number | null>(null);

const subscribe = () => () => {};

/**
 * Whether the island around has mounted, set by the islands' entry (src/web/islands/islands-entry.tsx):
 * Preact ignores useSyncExternalStore's server snapshot, so an island says it here. Null in the app.
 */
export const IslandMountedContext = createContext<boolean | null>(null);

/** False on the server and while hydrating, true afterwards and on client-side navigation (React's server snapshot). */
export function useIsHydrated(): boolean {
  const isIslandMounted = useContext(IslandMountedContext);
  const isHydrated = useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
  return isIslandMounted ?? isHydrated;
}

/**
 * The time to render with. Server-rendered HTML and the hydrating client must agree, so both use
 * the render time the page carries; React renders again with the browser's clock right after.
 */
export function useNow(): Date {
  const renderTime = useContext(RenderTimeContext);
  const isHydrated = useIsHydrated();
  return isHydrated || renderTime === null ? new Date() : new Date(renderTime);
}

/**
 * The zone dates are shown in. The server cannot know the reader's, so server-rendered HTML and the
 * hydrating client both use UTC; React renders again in the reader's zone right after.
 */
export function useDisplayTimeZone(): string | undefined {
  return useIsHydrated() ? undefined : 'UTC';
}
