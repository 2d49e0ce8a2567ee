import { useId } from 'react';
import { useDisplayTimeZone } from '../../lib/use-now';
import Crown from 'lucide-react/icons/crown';
import { msg } from '../../../shared/i18n/msg';
import { publicPaymentStatus, rosterPreview, type PublicPaymentStatus } from '../../../shared/public-display';
import type { Team } from '../../../shared/schemas/team';
import { useT } from '../../i18n/i18n';
import { useFormats } from '../../i18n/use-formats';
import { Badge } from './badge';
import { TeamAvatar } from './team-avatar';

// Its own module, so the islands that show logos do not load the team card's dependencies.
export { TeamAvatar };

const statusVariant = { Confirmed: 'success', Failed: 'destructive', Pending: 'warning' } as const;
const statusLabels: Record<PublicPaymentStatus, string> = { Confirmed: msg('Confirmed'), Failed: msg('Failed'), Pending: msg('Pending') };

/**
 * A registered team: avatar, name, the first 3 players then '+N more players'. Payment status
 * only when asked (`showPaymentStatus`). `headingLevel` 2 where no section heading sits between the cards and the h1.
 */
export function TeamCard({ team, showPaymentStatus = false, headingLevel = 3 }: { team: Team; showPaymentStatus?: boolean; headingLevel?: 2 | 3 }) {
  const t = useT();
  const formats = useFormats();
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
          <p className="text-xs text-muted">{t('Registered {date}', { date: formats.shortDate(team.createdAt, zone) })}</p>
        </div>
        {showPaymentStatus && (
          <Badge variant={statusVariant[status]} className="shrink-0">
            {t(statusLabels[status])}
          </Badge>
        )}
      </div>
      <ul aria-label={t('{team} roster', { team: team.name })} className="grid gap-1.5 text-sm">
        {shown.map((player) => (
          <li key={player.riotId} className="flex min-w-0 items-center gap-2">
            <span aria-hidden className="grid size-4 shrink-0 place-items-center">
              {player.role === 'Captain' ? <Crown className="size-4 text-warning" /> : <span className="size-1.5 rounded-full bg-muted/60" />}
            </span>
            <span className="truncate">{player.riotId}</span>
            {player.role === 'Captain' && <span className="sr-only">{t('(Captain)')}</span>}
          </li>
        ))}
        {/* The spec's wording for every N ('+N more players', src/shared/public-display.ts morePlayersLabel). */}
        {moreCount > 0 && <li className="pl-6 text-xs font-medium text-muted">{t('+{count} more players', { count: moreCount })}</li>}
      </ul>
    </article>
  );
}
