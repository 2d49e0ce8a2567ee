import { paths } from '../../../shared/paths';
import { useLatestTeamPath } from '../../lib/team-link-memory';
import { useSite } from '../../lib/use-site';
import { cn } from '../../lib/utils';
import { Button, type ButtonProps } from '../ui/button';
import { DiscordIcon } from './brand-icons';

export const navItems = [
  { to: paths.home, label: 'Tournaments' },
  { to: paths.hallOfFame, label: 'Hall of Fame' },
  { to: paths.rules, label: 'Rules' },
] as const;

/** "Your team": the captain's team page, on the device that registered or opened the team link. */
export function useYourTeamItem(): { to: string; label: string } | null {
  const path = useLatestTeamPath();
  return path ? { to: path, label: 'Your team' } : null;
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
