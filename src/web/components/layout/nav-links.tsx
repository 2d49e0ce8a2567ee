import { paths } from '../../../shared/paths';
import { msg } from '../../../shared/i18n/msg';
import type { Translate } from '../../../shared/i18n/translator';
import { Trans } from '../../i18n/trans';
import type { YourTeam } from '../../lib/team-link-memory';
import { cn } from '../../lib/utils';
import { Button, type ButtonProps } from '../ui/button';
import { DiscordIcon } from './brand-icons';

// The labels stay English here (they travel in the header island's props); the header shows them through t().
export const navItems = [
  { to: paths.home, label: msg('Tournaments') },
  { to: paths.tournaments, label: msg('All Cups') },
  { to: paths.hallOfFame, label: msg('Hall of Fame') },
  { to: paths.rules, label: msg('Rules') },
] as const;

export const yourTeamsLabel = msg('Your teams');

/** How "Your teams" names a team: a team remembered before names were kept is named once its page is opened. */
export const yourTeamName = (team: YourTeam, t: Translate) => team.teamName ?? t('Your team');

export interface NavItem {
  to: string;
  /** English, marked with msg(): shown through t(). */
  label: string;
}

/** The main navigation: the bracket joins it once the live tournament has one. */
export const navItemsFor = (hasBracket: boolean): NavItem[] =>
  hasBracket ? [navItems[0], { to: paths.bracket, label: msg('Bracket') }, ...navItems.slice(1)] : [...navItems];

/**
 * "Your team" joins the navigation on the device that registered or opened a team link. A device
 * with two teams or more gets "Your teams" instead (a menu listing each).
 */
export const withYourTeam = (items: NavItem[], teams: YourTeam[]): NavItem[] =>
  teams.length === 1 ? [...items, { to: teams[0].path, label: msg('Your team') }] : items;

/** The invite as a button, given its address (the header's islands have no query cache). */
export function DiscordLink({ href, className, size }: { href: string | undefined; className?: string; size?: ButtonProps['size'] }) {
  return (
    <Button asChild size={size} className={cn('bg-[#5865f2] text-white hover:bg-[#4752c4]', className)}>
      <a href={href} target="_blank" rel="noopener noreferrer">
        <DiscordIcon />
        <Trans message="Join Discord<hidden> (opens in a new tab)</hidden>" parts={{ hidden: (text) => <span className="sr-only">{text}</span> }} />
      </a>
    </Button>
  );
}
