import { useQuery } from '@tanstack/react-query';
import type { RefObject } from 'react';
import { Link, NavLink } from 'react-router';
import { paths } from '../../../shared/paths';
import { isAcceptingRegistrations } from '../../../shared/public-display';
import { cn } from '../../lib/utils';
import { activeTournamentQuery } from '../../queries/public';
import { Button } from '../ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '../ui/sheet';
import { Brand } from './brand';
import { JoinDiscordButton, useNavItems, useYourTeams } from './nav-links';
import { YourTeamsList } from './your-teams-menu';

/** The phone navigation drawer; loaded the first time someone reaches for it. */
export function MobileMenu({
  open,
  onOpenChange,
  triggerRef,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  triggerRef: RefObject<HTMLButtonElement | null>;
}) {
  const close = () => onOpenChange(false);
  // On a phone the drawer is the whole navigation: it also leads to registration (while it is open) and to Contact.
  const items = [...useNavItems(), { to: paths.contact, label: 'Contact' }];
  const yourTeams = useYourTeams();
  const { data: active } = useQuery(activeTournamentQuery());
  const canRegister = !!active && isAcceptingRegistrations(active, new Date());
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        aria-describedby="mobile-menu-description"
        // The menu button lives outside this lazily loaded dialog, so focus is handed back to it by hand.
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          triggerRef.current?.focus();
        }}
      >
        <div className="pr-10">
          <Brand onNavigate={close} />
        </div>
        <SheetTitle className="sr-only">Menu</SheetTitle>
        <SheetDescription id="mobile-menu-description" className="sr-only">
          Site navigation
        </SheetDescription>
        <nav aria-label="Mobile" className="flex flex-col gap-1">
          {items.map((item) => (
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
          {yourTeams.length > 0 && <YourTeamsList teams={yourTeams} onNavigate={close} />}
        </nav>
        <div className="mt-auto grid gap-2">
          {canRegister && (
            <Button asChild className="w-full">
              <Link to={paths.register} onClick={close}>
                Register Team
              </Link>
            </Button>
          )}
          <JoinDiscordButton className="w-full" />
        </div>
      </SheetContent>
    </Sheet>
  );
}
