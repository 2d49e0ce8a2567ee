import { paths } from '../../../shared/paths';
import type { YourTeam } from '../../lib/team-link-memory';
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

export interface NavItem {
  to: string;
  label: string;
}

/** The main navigation: the bracket joins it once the live tournament has one. */
export const navItemsFor = (hasBracket: boolean): NavItem[] =>
  hasBracket ? [navItems[0], { to: paths.bracket, label: 'Bracket' }, ...navItems.slice(1)] : [...navItems];

/**
 * "Your team" joins the navigation on the device that registered or opened a team link. A device
 * with two teams or more gets "Your teams" instead (a menu listing each).
 */
export const withYourTeam = (items: NavItem[], teams: YourTeam[]): NavItem[] =>
  teams.length === 1 ? [...items, { to: teams[0].path, label: 'Your team' }] : items;

/** The invite as a button, given its address (the header's islands have no query cache). */
export function DiscordLink({ href, className, size }: { href: string | undefined; className?: string; size?: ButtonProps['size'] }) {
  return (
    <Button asChild size={size} className={cn('bg-[#5865f2] text-white hover:bg-[#4752c4]', className)}>
      <a href={href} target="_blank" rel="noopener noreferrer">
        <DiscordIcon />
        Join Discord
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    </Button>
  );
}
