import Menu from 'lucide-react/icons/menu';
import { lazy, Suspense, useRef, useState } from 'react';
import { NavLink } from 'react-router';
import { cn } from '../../lib/utils';
import { Button } from '../ui/button';
import { Brand } from './brand';
import { JoinDiscordButton, useNavItems, useYourTeams } from './nav-links';
import { YourTeamsMenu } from './your-teams-menu';

// The drawer (a dialog with focus trapping and scroll locking) is only needed on phones, once tapped.
const loadMobileMenu = () => import('./mobile-menu');
const MobileMenu = lazy(() => loadMobileMenu().then((m) => ({ default: m.MobileMenu })));

export function SiteHeader() {
  const items = useNavItems();
  const yourTeams = useYourTeams();
  const [isMenuOpen, setMenuOpen] = useState(false);
  const [isMenuUsed, setMenuUsed] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  return (
    <header className="sticky top-0 z-40 border-b border-border/70 bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <Brand />
        {/* Up to six entries (Bracket and Your team come and go): the drawer takes over below 1024 px. */}
        <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
          {items.map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              end
              className={({ isActive }) =>
                cn(
                  'rounded-md px-3 py-2 text-sm font-semibold text-muted transition-colors hover:bg-surface-2 hover:text-foreground',
                  isActive && 'bg-surface-2 text-foreground',
                )
              }
            >
              {item.label}
            </NavLink>
          ))}
          {yourTeams.length > 0 && <YourTeamsMenu teams={yourTeams} />}
          <JoinDiscordButton className="ml-3" />
        </nav>
        <Button
          ref={menuButton}
          variant="ghost"
          size="icon"
          className="lg:hidden"
          aria-label="Open menu"
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
        </Button>
        {isMenuUsed && (
          <Suspense fallback={null}>
            <MobileMenu open={isMenuOpen} onOpenChange={setMenuOpen} triggerRef={menuButton} />
          </Suspense>
        )}
      </div>
    </header>
  );
}
