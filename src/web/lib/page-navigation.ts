import { createContext, useCallback, useContext, useState } from 'react';
import { carryToastsOverPageLoad } from '../components/ui/use-toast';

/** How a page moves on and reads its address, whether it runs in the single-page app or as an island. */
export interface PageNavigation {
  /** Goes to `to`; `state` travels in the next page's history entry (read there as the router's location state). */
  navigate: (to: string, options?: { state?: object }) => void;
  /** The address's query parameters. */
  searchParams: URLSearchParams;
  /** Takes a parameter off the address in place (no new history entry). */
  dropSearchParam: (name: string) => void;
}

/**
 * As an island the page knows no router: moving on is a page load, which its toasts survive. State
 * is handed over the way the app's router keeps it (its history entries hold `{ usr, key, idx }`):
 * the new address is pushed with it, then loaded, and the app reads it as that entry's location state.
 */
function usePageLoadNavigation(): PageNavigation {
  const [searchParams, setSearchParams] = useState(() => new URLSearchParams(window.location.search));
  const dropSearchParam = useCallback((name: string) => {
    const address = new URL(window.location.href);
    address.searchParams.delete(name);
    window.history.replaceState(window.history.state, '', address);
    setSearchParams(new URLSearchParams(address.search));
  }, []);
  const navigate = useCallback((to: string, options?: { state?: object }) => {
    carryToastsOverPageLoad();
    if (!options?.state) {
      window.location.assign(to);
      return;
    }
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    window.history.pushState({ usr: options.state, key: Math.random().toString(36).slice(2, 10), idx: index + 1 }, '', to);
    window.location.reload();
  }, []);
  return { navigate, searchParams, dropSearchParam };
}

/** The hook that gives a page its navigation: the app provides its router's (components/layout/site-layout.tsx). */
export const PageNavigationContext = createContext<() => PageNavigation>(usePageLoadNavigation);

// The context's hook is fixed for the life of a page (its provider never changes it), so hooks run in the same order.
export const usePageNavigation = (): PageNavigation => useContext(PageNavigationContext)();
