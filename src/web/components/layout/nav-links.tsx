import { useQuery } from '@tanstack/react-query';
import { paths } from '../../../shared/paths';
import { useRememberedTeams, type YourTeam } from '../../lib/team-link-memory';
import { useSite } from '../../lib/use-site';
import { activeTournamentQuery } from '../../queries/public';
import { cn } from '../../lib/utils';
import { Button, type ButtonProps } from '../ui/button';
import { DiscordIcon } from './brand-icons';

export const navItems = [
  { to: paths.home, label: 'Tournaments' },
  { to: paths.tournaments, label: 'All Cups' },
  { to: paths.hallOfFame, label: 'Hall of Fame' },
  { to: paths.rules, label: 'Rules' },
] as const;

export const yourTeamsLabel = 'Your teams';

/** How "Your teams" names a team: a team remembered before names were kept is named once its page is opened. */
export const yourTeamName = (team: YourTeam) => team.teamName ?? 'Your team';

/**
 * The main navigation: the bracket joins it once the live tournament has one; "Your team" on the
 * device that registered or opened a team link. A device with two teams or more gets "Your teams"
 * instead (`useYourTeams`), which lists each.
 */
export function useNavItems(): { to: string; label: string }[] {
  const { data: active } = useQuery(activeTournamentQuery());
  const yourTeams = useRememberedTeams();
  const items: { to: string; label: string }[] = active?.hasBracket ? [navItems[0], { to: paths.bracket, label: 'Bracket' }, ...navItems.slice(1)] : [...navItems];
  return yourTeams.length === 1 ? [...items, { to: yourTeams[0].path, label: 'Your team' }] : items;
}

/** The teams "Your teams" lists: only when this device has two or more (one is a plain "Your team" link). */
export function useYourTeams(): YourTeam[] {
  const teams = useRememberedTeams();
  return teams.length > 1 ? teams : [];
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
