import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { useSite } from '../../lib/use-site';
import { Island } from '../../islands/island';
import { activeTournamentQuery } from '../../queries/public';
import { HeaderView, type HeaderProps } from './header-view';
import { navItemsFor } from './nav-links';

/** The header from the page's data; an island, so content pages hydrate it alone (src/web/islands). */
export function SiteHeader() {
  const { pathname } = useLocation();
  const { data: active } = useQuery(activeTournamentQuery());
  const site = useSite();
  const props: HeaderProps = {
    path: pathname,
    items: navItemsFor(!!active?.hasBracket),
    siteName: site?.siteName ?? null,
    discordInviteUrl: site?.discordInviteUrl ?? null,
    registration: active
      ? { status: active.status, registrationOpen: active.registrationOpen, registrationCloses: active.registrationCloses, cancelledAt: active.cancelledAt }
      : null,
  };
  return (
    <Island name="header" props={props}>
      <HeaderView {...props} />
    </Island>
  );
}
