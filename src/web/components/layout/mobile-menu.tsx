import type { RefObject } from 'react';
import { NavLink } from 'react-router';
import { cn } from '../../lib/utils';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '../ui/sheet';
import { Brand } from './brand';
import { JoinDiscordButton, useNavItems } from './nav-links';

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
  const items = useNavItems();
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
        </nav>
        <JoinDiscordButton className="mt-auto w-full" />
      </SheetContent>
    </Sheet>
  );
}
