import { useQuery } from '@tanstack/react-query';
import { paths } from '../../../shared/paths';
import { useLatestTeamPath } from '../../lib/team-link-memory';
import { useSite } from '../../lib/use-site';
import { activeTournamentQuery } from '../../queries/public';
import { cn } from '../../lib/utils';
import { Button, type ButtonProps } from '../ui/button';
import { DiscordIcon } from './brand-icons';

export const navItems = [
  { to: paths.home, label: 'Tournaments' },
  { to: paths.hallOfFame, label: 'Hall of Fame' },
  { to: paths.rules, label: 'Rules' },
] as const;

/** The main navigation: the bracket joins it once the live tournament has one; "Your team" on the device that registered or opened a team link. */
export function useNavItems(): { to: string; label: string }[] {
  const { data: active } = useQuery(activeTournamentQuery());
  const yourTeam = useLatestTeamPath();
  const items: { to: string; label: string }[] = active?.hasBracket ? [navItems[0], { to: paths.bracket, label: 'Bracket' }, ...navItems.slice(1)] : [...navItems];
  return yourTeam ? [...items, { to: yourTeam, label: 'Your team' }] : items;
}

/** The invite to the community server (from GET /api/site), opening in a new tab. */
export function JoinDiscordButton({ className, size }: { className?: string; size?: ButtonProps['size'] }) {
  const site = useSite();
  return (
    <Button asChild size={size} className={cn('bg-[#5865f2] text-white hover:bg-[#4752c4]', className)}>
      <a href={site?.discordInviteUrl} target="_blank" rel="noopener noreferrer">
        <DiscordIcon />
        Join Discord
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    </Button>
  );
}
