import type { RefObject } from 'react';
import { paths } from '../../../shared/paths';
import { msg } from '../../../shared/i18n/msg';
import { isAcceptingRegistrations } from '../../../shared/public-display';
import { useT } from '../../i18n/i18n';
import type { YourTeam } from '../../lib/team-link-memory';
import { cn } from '../../lib/utils';
import { Button } from '../ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '../ui/sheet';
import { Brand } from './brand';
import { isCurrent, type HeaderProps } from './header-view';
import { NavAnchor } from './nav-anchor';
import { DiscordLink } from './nav-links';
import { YourTeamsList } from './your-teams-menu';

/** The phone navigation drawer; loaded the first time someone reaches for it. */
export function MobileMenu({
  path,
  items: headerItems,
  siteName,
  discordInviteUrl,
  registration,
  yourTeams,
  open,
  onOpenChange,
  triggerRef,
}: HeaderProps & {
  /** The device's teams when it has two or more (one is a plain "Your team" entry of `items`). */
  yourTeams: YourTeam[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  triggerRef: RefObject<HTMLButtonElement | null>;
}) {
  const t = useT();
  const close = () => onOpenChange(false);
  // On a phone the drawer is the whole navigation: it also leads to registration (while it is open) and to Contact.
  const items = [...headerItems, { to: paths.contact, label: msg('Contact') }];
  const canRegister = !!registration && isAcceptingRegistrations(registration, new Date());
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
          <Brand siteName={siteName} onNavigate={close} />
        </div>
        <SheetTitle className="sr-only">{t('Menu')}</SheetTitle>
        <SheetDescription id="mobile-menu-description" className="sr-only">
          {t('Site navigation')}
        </SheetDescription>
        <nav aria-label={t('Mobile')} className="flex flex-col gap-1">
          {items.map((item) => (
            <NavAnchor
              key={item.to}
              to={item.to}
              onClick={close}
              aria-current={isCurrent(item.to, path) ? 'page' : undefined}
              className={cn(
                'rounded-lg px-4 py-3 text-base font-semibold text-muted transition-colors hover:bg-surface-2 hover:text-foreground',
                isCurrent(item.to, path) && 'bg-surface-2 text-foreground',
              )}
            >
              {t(item.label)}
            </NavAnchor>
          ))}
          {yourTeams.length > 0 && <YourTeamsList teams={yourTeams} path={path} onNavigate={close} />}
        </nav>
        <div className="mt-auto grid gap-2">
          {canRegister && (
            <Button asChild className="w-full">
              <NavAnchor to={paths.register} onClick={close}>
                {t('Register Team')}
              </NavAnchor>
            </Button>
          )}
          <DiscordLink href={discordInviteUrl ?? undefined} className="w-full" />
        </div>
      </SheetContent>
    </Sheet>
  );
}
