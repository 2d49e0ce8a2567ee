import { Menu } from 'lucide-react';
import { useState } from 'react';
import { NavLink } from 'react-router';
import { paths } from '../../../shared/paths';
import { useSite } from '../../lib/use-site';
import { cn } from '../../lib/utils';
import { Button } from '../ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from '../ui/sheet';
import { Brand } from './brand';
import { DiscordIcon } from './brand-icons';

const navItems = [
  { to: paths.home, label: 'Tournaments' },
  { to: paths.hallOfFame, label: 'Hall of Fame' },
  { to: paths.rules, label: 'Rules' },
] as const;

function JoinDiscordButton({ className }: { className?: string }) {
  const site = useSite();
  return (
    <Button asChild className={cn('bg-[#5865f2] text-white hover:bg-[#4752c4]', className)}>
      <a href={site?.discordInviteUrl} target="_blank" rel="noopener noreferrer">
        <DiscordIcon />
        Join Discord
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    </Button>
  );
}

export function SiteHeader() {
  const [isMenuOpen, setMenuOpen] = useState(false);
  const close = () => setMenuOpen(false);
  return (
    <header className="sticky top-0 z-40 border-b border-border/70 bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <Brand />
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {navItems.map((item) => (
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
          <JoinDiscordButton className="ml-3" />
        </nav>
        <Sheet open={isMenuOpen} onOpenChange={setMenuOpen}>
          <SheetTrigger asChild>
            <Button variant="ghost" size="icon" className="md:hidden" aria-label="Open menu">
              <Menu className="!size-6" aria-hidden />
            </Button>
          </SheetTrigger>
          <SheetContent aria-describedby="mobile-menu-description">
            <div className="pr-10">
              <Brand onNavigate={close} />
            </div>
            <SheetTitle className="sr-only">Menu</SheetTitle>
            <SheetDescription id="mobile-menu-description" className="sr-only">
              Site navigation
            </SheetDescription>
            <nav aria-label="Mobile" className="flex flex-col gap-1">
              {navItems.map((item) => (
                <NavLink
                  key={item.to}
                  to={item.to}
                  end
                  onClick={close}
                  className={({ isActive }) =>
                    cn(
                      'rounded-lg px-4 py-3 text-base font-semibold text-muted transition-colors hover:bg-surface-2 hover:text-foreground',
                      isActive && 'bg-surface-2 text-foreground',
                    )
                  }
                >
                  {item.label}
                </NavLink>
              ))}
            </nav>
            <JoinDiscordButton className="mt-auto w-full" />
          </SheetContent>
        </Sheet>
      </div>
    </header>
  );
}
