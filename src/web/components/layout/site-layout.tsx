import { useEffect, useRef } from 'react';
import { Link, Outlet, ScrollRestoration, useLocation } from 'react-router';
import { useT } from '../../i18n/i18n';
import { asksForMainFocus } from '../../lib/focus';
import { PageNavigationContext } from '../../lib/page-navigation';
import { DemoBanner } from './demo-banner';
import { NavAnchorContext, type NavAnchorProps } from './nav-anchor';
import { useRouterNavigation } from './router-navigation';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** In the single-page app the header's and footer's links are its router's. */
const RouterAnchor = (props: NavAnchorProps) => <Link {...props} />;

/** Navigation bar, page, footer; the demo-payments banner on every page while demo mode is on. */
export function SiteLayout() {
  const t = useT();
  const location = useLocation();
  const main = useRef<HTMLElement>(null);
  useEffect(() => {
    if (asksForMainFocus(location.state)) main.current?.focus();
  }, [location]);
  return (
    <NavAnchorContext value={RouterAnchor}>
      <PageNavigationContext value={useRouterNavigation}>
        <div className="flex min-h-screen flex-col">
          <a
            href="#main"
            className="sr-only z-[60] rounded-md bg-accent px-4 py-2 font-semibold text-background focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
          >
            {t('Skip to content')}
          </a>
          <DemoBanner />
          <SiteHeader />
          <main ref={main} id="main" tabIndex={-1} className="flex-1 outline-none">
            <Outlet />
          </main>
          <SiteFooter />
          <ScrollRestoration />
        </div>
      </PageNavigationContext>
    </NavAnchorContext>
  );
}
