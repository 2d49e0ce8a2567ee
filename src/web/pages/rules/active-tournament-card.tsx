import type { LucideIcon } from 'lucide-react';
import CalendarClock from 'lucide-react/icons/calendar-clock';
import CalendarDays from 'lucide-react/icons/calendar-days';
import Clock from 'lucide-react/icons/clock';
import Gamepad2 from 'lucide-react/icons/gamepad-2';
import Ticket from 'lucide-react/icons/ticket';
import Trophy from 'lucide-react/icons/trophy';
import UserCheck from 'lucide-react/icons/user-check';
import UsersRound from 'lucide-react/icons/users-round';
import { islandApiPaths } from '../../../shared/api/island-paths';
import type { Tournament } from '../../../shared/schemas/tournament';
import { EmptyState } from '../../components/ui/empty-state';
import { useT } from '../../i18n/i18n';
import { useFormats } from '../../i18n/use-formats';
import { Island } from '../../islands/island';
import { usePolled } from '../../islands/use-polled';
import { useDisplayTimeZone } from '../../lib/use-now';
import { useTournamentTimes } from '../../lib/use-tournament-times';

function Fact({ icon: Icon, label, value, testId }: { icon: LucideIcon; label: string; value: string; testId?: string }) {
  return (
    <li data-testid={testId} className="flex min-w-0 items-center gap-3 rounded-xl bg-surface-2 p-3">
      <Icon aria-hidden className="hidden size-5 shrink-0 text-accent sm:block" />
      <div className="min-w-0">
        <p className="text-[0.65rem] font-semibold uppercase tracking-wider text-muted sm:text-xs">{label}</p>
        <p className="break-words text-sm font-bold sm:text-base">{value}</p>
      </div>
    </li>
  );
}

/** The active tournament: name, format, prize pool, entry fee, dates and its own rules text. */
export function ActiveTournamentCard({ tournament }: { tournament: Tournament }) {
  const t = useT();
  const { money, shortDate } = useFormats();
  const zone = useDisplayTimeZone();
  const times = useTournamentTimes(tournament);
  return (
    <section aria-labelledby="active-tournament-title" data-testid="active-tournament" className="rounded-2xl border border-primary/30 bg-surface p-5 sm:p-7">
      <p className="text-xs font-bold uppercase tracking-[0.2em] text-primary">{t('Current tournament')}</p>
      <h2 id="active-tournament-title" className="mt-1 text-2xl font-extrabold tracking-tight sm:text-3xl">
        {tournament.name}
      </h2>
      <ul aria-label={t('Tournament details')} className="mt-5 grid grid-cols-2 gap-2 sm:gap-3 lg:grid-cols-4">
        <Fact icon={Gamepad2} label={t('Format')} value={tournament.format} />
        <Fact icon={Trophy} label={t('Prize Pool')} value={money(tournament.prizePool, tournament.currency)} />
        <Fact icon={Ticket} label={t('Entry Fee')} value={money(tournament.entryFee, tournament.currency)} />
        <Fact icon={CalendarClock} label={t('Registration Closes')} value={shortDate(tournament.registrationCloses, zone)} />
        <Fact icon={CalendarDays} label={t('Tournament Date')} value={shortDate(tournament.tournamentDate, zone)} />
        <Fact icon={Clock} label={t('Starts')} value={times.organizerStart ? `${times.start} · ${times.organizerStart}` : times.start} testId="start-time" />
        <Fact icon={UserCheck} label={t('Check-in')} value={times.checkIn} testId="check-in-window" />
        <Fact icon={UsersRound} label={t('Max Teams')} value={String(tournament.maxTeams)} />
      </ul>
      {tournament.rules && (
        <div className="mt-6">
          <h3 className="text-sm font-bold uppercase tracking-wider text-muted">{t('Tournament rules')}</h3>
          <p className="mt-2 whitespace-pre-line break-words text-sm leading-relaxed">{tournament.rules}</p>
        </div>
      )}
    </section>
  );
}

export interface ActiveTournamentProps {
  /** What the server read: the page's HTML shows it, and the island starts from it. */
  initial: Tournament | null;
}

/** The active tournament's card, or word that there is none; read again every 5 s (the spec's refresh). */
export function ActiveTournament({ initial }: ActiveTournamentProps) {
  const t = useT();
  const tournament = usePolled(islandApiPaths.activeTournament, initial);
  return tournament ? (
    <ActiveTournamentCard tournament={tournament} />
  ) : (
    <EmptyState icon={CalendarClock} title={t('No Active Tournament')} headingLevel={2}>
      {t('Check back soon for the next tournament announcement!')}
    </EmptyState>
  );
}

export function ActiveTournamentIsland(props: ActiveTournamentProps) {
  return (
    <Island name="active-tournament" props={props}>
      <ActiveTournament {...props} />
    </Island>
  );
}
