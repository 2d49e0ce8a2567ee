import { useSite } from '../../lib/use-site';
import type { ButtonProps } from '../ui/button';
import { DiscordLink } from './nav-links';

/** The invite to the community server (from GET /api/site), opening in a new tab. */
export function JoinDiscordButton({ className, size }: { className?: string; size?: ButtonProps['size'] }) {
  const site = useSite();
  return <DiscordLink href={site?.discordInviteUrl} className={className} size={size} />;
}
