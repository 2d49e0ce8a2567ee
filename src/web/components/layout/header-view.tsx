import Menu from 'lucide-react/icons/menu';
import { lazy, Suspense, useRef, useState } from 'react';
import type { Tournament } from '../../../shared/schemas/tournament';
import { useT } from '../../i18n/i18n';
import { useRememberedTeams } from '../../lib/team-link-memory';
import { useIsMounted } from '../../lib/use-is-mounted';
import { cn } from '../../lib/utils';
import { buttonVariants } from '../ui/button';
import { Brand } from './brand';
import { NavAnchor } from './nav-anchor';
import { DiscordLink, withYourTeam, type NavItem } from './nav-links';

// The drawer (a dialog with focus trapping and scroll locking) is only needed on phones, once tapped.
const loadMobileMenu = () => import('./mobile-menu');
const MobileMenu = lazy(() => loadMobileMenu().then((m) => ({ default: m.MobileMenu })));
// "Your teams" only shows on a device with two teams or more, once it has mounted.
const YourTeamsMenu = lazy(() => import('./your-teams-menu').then((m) => ({ default: m.YourTeamsMenu })));

/** What the header shows, all of it data the page already has: the header is an island on content pages (src/web/islands). */
export interface HeaderProps {
  /** The page's path: its entry is marked current. */
  path: string;
  items: NavItem[];
  siteName: string | null;
  discordInviteUrl: string | null;
  /** The live tournament's registration window: the drawer offers Register Team while it is open. */
  registration: Pick<Tournament, 'status' | 'registrationOpen' | 'registrationCloses' | 'cancelledAt'> | null;
}

const trimSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);
export const isCurrent = (to: string, path: string) => trimSlash(to) === trimSlash(path);

/** Navigation bar: the site's mark, the main entries (a drawer below 1024 px), this device's teams, the Discord invite. */
export function HeaderView(props: HeaderProps) {
  const t = useT();
  const { path, siteName, discordInviteUrl } = props;
  // This device's teams live in its storage: shown once mounted, so the first render is the server's.
  const remembered = useRememberedTeams();
  const yourTeams = useIsMounted() ? remembered : [];
  const items = withYourTeam(props.items, yourTeams);
  const [isMenuOpen, setMenuOpen] = useState(false);
  const [isMenuUsed, setMenuUsed] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  return (
    <header className="sticky top-0 z-40 border-b border-border/70 bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <Brand siteName={siteName} />
        {/* Up to six entries (Bracket and Your team come and go): the drawer takes over below 1024 px. */}
        <nav aria-label={t('Main')} className="hidden items-center gap-1 lg:flex">
          {items.map((item) => (
            <NavAnchor
              key={item.to}
              to={item.to}
              aria-current={isCurrent(item.to, path) ? 'page' : undefined}
              className={cn(
                'rounded-md px-3 py-2 text-sm font-semibold text-muted transition-colors hover:bg-surface-2 hover:text-foreground',
                isCurrent(item.to, path) && 'bg-surface-2 text-foreground',
              )}
            >
              {t(item.label)}
            </NavAnchor>
          ))}
          {yourTeams.length > 1 && (
            <Suspense fallback={null}>
              <YourTeamsMenu teams={yourTeams} path={path} />
            </Suspense>
          )}
          <DiscordLink href={discordInviteUrl ?? undefined} className="ml-3" />
        </nav>
        {/* A button element, not <Button>: under the islands' Preact a ref on a function component is not its element. */}
        <button
          ref={menuButton}
          type="button"
          className={cn(buttonVariants({ variant: 'ghost', size: 'icon' }), 'lg:hidden')}
          aria-label={t('Open menu')}
          aria-haspopup="dialog"
          aria-expanded={isMenuOpen}
          onPointerEnter={loadMobileMenu}
          onFocus={loadMobileMenu}
          onClick={() => {
            setMenuOpen(true);
            setMenuUsed(true);
          }}
        >
          <Menu className="!size-6" aria-hidden />
        </button>
        {isMenuUsed && (
          <Suspense fallback={null}>
            <MobileMenu
              {...props}
              items={items}
              yourTeams={yourTeams.length > 1 ? yourTeams : []}
              open={isMenuOpen}
              onOpenChange={setMenuOpen}
              triggerRef={menuButton}
            />
          </Suspense>
        )}
      </div>
    </header>
  );
}
