import CircleAlert from 'lucide-react/icons/circle-alert';
import ListPlus from 'lucide-react/icons/list-plus';
import Lock from 'lucide-react/icons/lock';
import LockOpen from 'lucide-react/icons/lock-open';
import UsersRound from 'lucide-react/icons/users-round';
import { NavAnchor } from '../../components/layout/nav-anchor';
import { paths } from '../../../shared/paths';
import { capacityLevel, type Capacity } from '../../../shared/capacity';
import { estimatedPlayers, registrationBadge } from '../../../shared/public-display';
import type { TournamentPhase } from '../../../shared/tournament-phase';
import { Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/utils';
import { useT } from '../../i18n/i18n';
import { Trans } from '../../i18n/trans';

const barColour = { green: 'bg-success', yellow: 'bg-warning', red: 'bg-danger', full: 'bg-danger' } as const;
const textColour = { green: 'text-green-300', yellow: 'text-yellow-200', red: 'text-red-300', full: 'text-red-300' } as const;

function Stat({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="flex flex-col-reverse rounded-xl bg-surface-2 p-3 text-center sm:p-4">
      <dt className="mt-1 text-[0.65rem] font-semibold uppercase tracking-wider text-muted sm:text-xs">{label}</dt>
      <dd className="text-2xl font-extrabold tabular-nums sm:text-3xl">{value}</dd>
    </div>
  );
}

/** Registration OPEN / CLOSED as the spec writes it; the other phases by their name. */
function Indicator({ label }: { label: string }) {
  const t = useT();
  if (label !== 'Registration Open' && label !== 'Registration Closed') return <span>{t(label)}</span>;
  const hidden = (text: string) => <span className="sr-only">{text}</span>;
  return (
    <span>
      {label === 'Registration Open' ? (
        <Trans message="<hidden>Registration </hidden>OPEN" parts={{ hidden }} />
      ) : (
        <Trans message="<hidden>Registration </hidden>CLOSED" parts={{ hidden }} />
      )}
    </span>
  );
}

/** Capacity meter, the phase indicator (OPEN/CLOSED while registration matters) and quick stats. */
export function TournamentStatus({ capacity, phase, discordUrl }: { capacity: Capacity | undefined; phase: TournamentPhase; discordUrl: string | undefined }) {
  const t = useT();
  const level = capacity ? capacityLevel(capacity) : 'green';
  const isOpen = phase === 'registration_open';
  const badge = registrationBadge(phase, level === 'full');
  // Spots left matter while teams can still register or wait for one: not once the bracket is drawn or the tournament called off.
  const showsSpots = phase === 'registration_open' || phase === 'registration_closed' || phase === 'draft';
  return (
    <section aria-labelledby="status-title" className="rounded-2xl border border-border bg-surface p-5 sm:p-7">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="status-title" className="text-2xl font-extrabold tracking-tight">
          {t('Tournament Status')}
        </h2>
        <p
          data-testid="registration-indicator"
          className={cn(
            'inline-flex items-center gap-2 rounded-full border px-3 py-1 text-sm font-bold',
            badge.tone === 'open' ? 'border-success/50 bg-success/10 text-green-300' : badge.tone === 'closed' ? 'border-danger/50 bg-danger/10 text-red-300' : 'border-border bg-surface-2 text-muted',
          )}
        >
          {badge.tone === 'open' ? <LockOpen aria-hidden className="size-4" /> : <Lock aria-hidden className="size-4" />}
          <Indicator label={badge.label} />
        </p>
      </div>

      {phase === 'cancelled' ? (
        <p className="mt-6 text-sm text-muted" data-testid="cancelled-status">
          {t('Registration is closed for good. Every paid team has been refunded in full.')}
        </p>
      ) : capacity ? (
        <div className="mt-6">
          <div className="mb-2 flex items-baseline justify-between gap-4 text-sm">
            <span className="flex items-center gap-2 font-semibold">
              <UsersRound aria-hidden className="size-4 text-muted" />
              {t('{registered} / {capacity} teams', { registered: capacity.registered, capacity: capacity.capacity })}
            </span>
            <span className={cn('font-bold tabular-nums', textColour[level])}>{t('{percent}% full', { percent: capacity.percentageFull })}</span>
          </div>
          <div
            role="progressbar"
            aria-label={t('Tournament capacity')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={capacity.percentageFull}
            aria-valuetext={t('{registered} of {capacity} teams registered', { registered: capacity.registered, capacity: capacity.capacity })}
            data-level={level}
            data-testid="capacity-meter"
            className="h-3 overflow-hidden rounded-full bg-surface-2"
          >
            <div className={cn('h-full rounded-full transition-[width] duration-500', barColour[level])} style={{ width: `${capacity.percentageFull}%` }} />
          </div>
          {showsSpots && level === 'red' && (
            <p role="status" className="mt-4 flex items-start gap-2 rounded-lg border border-danger/40 bg-danger/10 p-3 text-sm text-red-200">
              <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
              <span>
                <Trans
                  message="<strong>Almost Full!</strong> Only {count, plural, one {# spot} other {# spots}} left."
                  values={{ count: capacity.spotsLeft }}
                  parts={{ strong: (text) => <strong className="font-bold">{text}</strong> }}
                />
              </span>
            </p>
          )}
          {showsSpots && level === 'full' && (
            <div role="status" className="mt-4 rounded-lg border border-danger/40 bg-danger/10 p-3 text-sm text-red-200">
              <p className="font-bold">{t('Tournament Full')}</p>
              <p className="mt-1">
                <Trans
                  message="Every spot is taken. <discord>Join our Discord community</discord> to hear about future tournaments first."
                  parts={{
                    discord: (text) => (
                      <a href={discordUrl} target="_blank" rel="noopener noreferrer" className="font-semibold underline underline-offset-2 hover:text-white">
                        {text}
                      </a>
                    ),
                  }}
                />
              </p>
              {isOpen && (
                <NavAnchor
                  to={`${paths.register}?waitlist`}
                  className="mt-3 inline-flex items-center gap-2 rounded-md bg-primary px-3 py-2 font-semibold text-primary-foreground hover:bg-primary/90"
                  data-testid="join-waitlist"
                >
                  <ListPlus aria-hidden className="size-4" />
                  {t('Join the waitlist')}
                </NavAnchor>
              )}
            </div>
          )}
          {capacity.confirmed !== undefined && (
            <p className="mt-3 text-sm text-muted" data-testid="capacity-breakdown">
              {t('{confirmed} confirmed · {pending} pending · {waiting} waiting', { confirmed: capacity.confirmed, pending: capacity.pending ?? 0, waiting: capacity.waiting ?? 0 })}
            </p>
          )}
          <dl className={cn('mt-6 grid gap-3', showsSpots ? 'grid-cols-3' : 'grid-cols-2')}>
            <Stat label={t('Teams')} value={capacity.registered} />
            <Stat label={t('Players')} value={estimatedPlayers(capacity.registered)} />
            {showsSpots && <Stat label={t('Spots Left')} value={capacity.spotsLeft} />}
          </dl>
        </div>
      ) : (
        <div className="mt-6 grid gap-4" aria-hidden>
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-3 w-full" />
          <div className="grid grid-cols-3 gap-3">
            <Skeleton className="h-20" />
            <Skeleton className="h-20" />
            <Skeleton className="h-20" />
          </div>
        </div>
      )}
    </section>
  );
}
