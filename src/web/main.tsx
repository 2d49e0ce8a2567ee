import './zod-jitless';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { createQueryClient } from './api';
import { AppRoot } from './app-root';
import { documentLocale, loadPageCatalogs } from './i18n/document-locale';
import { primeFromInitialData } from './initial-data';
import { routes } from './routes';

const queryClient = createQueryClient();
const renderTime = primeFromInitialData(queryClient);
const locale = documentLocale();
// The first page's texts, as the server listed them (its own, the common ones, the app's): asked for
// before the router loads the page's route, which then finds them loading; a page the app moves to loads its own (routes.tsx).
const documentCatalogs = loadPageCatalogs(locale);
const router = createBrowserRouter(routes);

/** Resolves once the router has loaded the first page's lazy route: hydration needs the page's component. */
function whenRouterReady(): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (state.initialized) {
        unsubscribe();
        resolve();
      }
    });
  });
}

await Promise.all([whenRouterReady(), documentCatalogs.catch(() => undefined)]);
const app = (
  <StrictMode>
    <AppRoot queryClient={queryClient} renderTime={renderTime} locale={locale}>
      <RouterProvider router={router} />
    </AppRoot>
  </StrictMode>
);
// Public pages come server-rendered (src/web/entry-server.tsx) and are hydrated; admin and team pages are rendered here.
// Hydrating in a transition lets React yield between components, so the page already on screen
// keeps answering input instead of freezing for the whole tree (a phone's CPU takes ~4x as long).
const container = document.getElementById('root')!;
if (container.firstElementChild) startTransition(() => void hydrateRoot(container, app));
else createRoot(container).render(app);
