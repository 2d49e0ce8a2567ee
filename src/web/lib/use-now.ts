import { createContext, useContext } from 'react';
import { useIsMounted } from './use-is-mounted';

/** When the served HTML was rendered: the server's clock on the server, the same instant (read from the page) while hydrating. */
export const RenderTimeContext = createContext<number | null>(null);

/**
 * False on the server and while hydrating, true afterwards (before the browser paints). Mounted
 * rather than React's server snapshot: the islands' Preact has none, and the same components
 * (a match's times, the veto's countdown) hydrate there too.
 */
export const useIsHydrated = useIsMounted;

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
