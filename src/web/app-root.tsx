import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import type { PageLocale } from '../shared/i18n/locales';
import { I18nProvider } from './i18n/i18n';
import { RenderTimeContext, useIsHydrated } from './lib/use-now';

// Toasts only follow an action, so their code loads after the first render; the store keeps any raised before.
const Toaster = lazy(() => import('./components/ui/toaster').then((m) => ({ default: m.Toaster })));

/** Mounted once the page is live: the server never renders it, so hydration has nothing to match. */
function LateToaster() {
  return useIsHydrated() ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

/** What wraps the router on both sides: the server's render and the browser's hydration build the same tree. */
export function AppRoot({
  queryClient,
  renderTime,
  locale,
  organizerTimeZone,
  children,
}: {
  queryClient: QueryClient;
  renderTime: number | null;
  locale: PageLocale;
  /** The server's render passes it; the browser reads what the server wrote on <html>. */
  organizerTimeZone?: string;
  children: ReactNode;
}) {
  // Tests (and anyone curious) can tell the app is live, as the islands' pages say theirs.
  useEffect(() => {
    document.documentElement.dataset.app = 'live';
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <I18nProvider locale={locale} organizerTimeZone={organizerTimeZone}>
        <RenderTimeContext value={renderTime}>
          {children}
          <LateToaster />
        </RenderTimeContext>
      </I18nProvider>
    </QueryClientProvider>
  );
}
