import { useId } from 'react';
import { useDisplayTimeZone } from '../../lib/use-now';
import Crown from 'lucide-react/icons/crown';
import { formatShortDate } from '../../../shared/dates';
import { teamInitials } from '../../../shared/initials';
import { morePlayersLabel, publicPaymentStatus, rosterPreview } from '../../../shared/public-display';
import type { Team } from '../../../shared/schemas/team';
import { cn } from '../../lib/utils';
import { Badge } from './badge';

const statusVariant = { Confirmed: 'success', Failed: 'destructive', Pending: 'warning' } as const;

/** A team's logo, or its initials when it has none. */
export function TeamAvatar({ name, logoUrl, className }: { name: string; logoUrl: string | null; className?: string }) {
  if (logoUrl) {
    return <img src={logoUrl} alt="" loading="lazy" className={cn('size-12 shrink-0 rounded-lg border border-border bg-surface-2 object-cover', className)} />;
  }
  return (
    <span
      aria-hidden
      className={cn(
        'grid size-12 shrink-0 place-items-center rounded-lg bg-gradient-to-br from-primary/90 to-accent/70 text-lg font-extrabold text-background',
        className,
      )}
    >
      {teamInitials(name)}
    </span>
  );
}

/**
 * A registered team: avatar, name, the first 3 players then '+N more players'. Payment status
 * only when asked (`showPaymentStatus`). `headingLevel` 2 where no section heading sits between the cards and the h1.
 */
export function TeamCard({ team, showPaymentStatus = false, headingLevel = 3 }: { team: Team; showPaymentStatus?: boolean; headingLevel?: 2 | 3 }) {
  const zone = useDisplayTimeZone();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const { shown, moreCount } = rosterPreview(team.players);
  const status = publicPaymentStatus(team.paymentStatus);
  // Named by its team: a list of cards is a list of distinct articles to a screen reader.
  const headingId = useId();
  return (
    <article aria-labelledby={headingId} data-testid="team-card" className="flex min-w-0 flex-col gap-4 rounded-xl border border-border bg-surface p-5 transition-colors hover:border-primary/50">
      <div className="flex items-center gap-3">
        <TeamAvatar name={team.name} logoUrl={team.logoUrl} />
        <div className="min-w-0 flex-1">
          <Heading id={headingId} className="truncate text-base font-bold" title={team.name}>
            {team.name}
          </Heading>
          <p className="text-xs text-muted">Registered {formatShortDate(team.createdAt, zone)}</p>
        </div>
        {showPaymentStatus && (
          <Badge variant={statusVariant[status]} className="shrink-0">
            {status}
          </Badge>
        )}
      </div>
      <ul aria-label={`${team.name} roster`} className="grid gap-1.5 text-sm">
        {shown.map((player) => (
          <li key={player.riotId} className="flex min-w-0 items-center gap-2">
            <span aria-hidden className="grid size-4 shrink-0 place-items-center">
              {player.role === 'Captain' ? <Crown className="size-4 text-warning" /> : <span className="size-1.5 rounded-full bg-muted/60" />}
            </span>
            <span className="truncate">{player.riotId}</span>
            {player.role === 'Captain' && <span className="sr-only">(Captain)</span>}
          </li>
        ))}
        {moreCount > 0 && <li className="pl-6 text-xs font-medium text-muted">{morePlayersLabel(moreCount)}</li>}
      </ul>
    </article>
  );
}
