import type { ReactNode } from 'react';
import { useDisplayTimeZone } from '../../lib/use-now';
import CalendarDays from 'lucide-react/icons/calendar-days';
import Gamepad2 from 'lucide-react/icons/gamepad-2';
import Ticket from 'lucide-react/icons/ticket';
import Trophy from 'lucide-react/icons/trophy';
import type { LucideIcon } from 'lucide-react';
import type { Tournament } from '../../../shared/schemas/tournament';
import { useTournamentTimes } from '../../lib/use-tournament-times';
import { PrizeSplit } from '../../components/prize-split';
import { Island } from '../../islands/island';
import { useT } from '../../i18n/i18n';
import { useFormats } from '../../i18n/use-formats';

function InfoCard({ icon: Icon, label, value, tone, children }: { icon: LucideIcon; label: string; value: string; tone: string; children?: ReactNode }) {
  return (
    <li className="flex items-center gap-4 rounded-xl border border-border bg-surface p-4 sm:p-5">
      <span className={`grid size-11 shrink-0 place-items-center rounded-lg ${tone}`}>
        <Icon aria-hidden className="size-5" />
      </span>
      <div className="min-w-0">
        <p className="text-xs font-semibold uppercase tracking-wider text-muted">{label}</p>
        <p className="break-words text-lg font-bold leading-snug">{value}</p>
        {children}
      </div>
    </li>
  );
}

/** Format, prize pool, entry fee per team, and the tournament date with its start time and check-in window. */
export function InfoCards({ tournament }: { tournament: Tournament }) {
  const zone = useDisplayTimeZone();
  const times = useTournamentTimes(tournament);
  const t = useT();
  const { money, shortDate } = useFormats();
  return (
    <ul aria-label={t('Tournament details')} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <InfoCard icon={Gamepad2} label={t('Format')} value={tournament.format} tone="bg-accent/15 text-accent" />
      <InfoCard icon={Trophy} label={t('Prize Pool')} value={money(tournament.prizePool, tournament.currency)} tone="bg-warning/15 text-warning">
        <PrizeSplit prizes={tournament.prizes} currency={tournament.currency} />
      </InfoCard>
      <InfoCard icon={Ticket} label={t('Entry Fee per Team')} value={money(tournament.entryFee, tournament.currency)} tone="bg-primary/15 text-primary" />
      <InfoCard icon={CalendarDays} label={t('Tournament Date')} value={shortDate(tournament.tournamentDate, zone)} tone="bg-success/15 text-success">
        <p className="mt-1 text-sm text-muted" data-testid="start-time">
          {t('Starts {time}', { time: times.start })}
        </p>
        {times.organizerStart && (
          <p className="text-sm text-muted" data-testid="organizer-start-time">
            {times.organizerStart}
          </p>
        )}
        <p className="text-sm text-muted" data-testid="check-in-window">
          {t('Check-in {window}', { window: times.checkIn })}
        </p>
      </InfoCard>
    </ul>
  );
}

/** The cards as an island (src/web/islands): on a cup's page served as islands the times still turn to the reader's zone. */
export function InfoCardsIsland(props: { tournament: Tournament }) {
  return (
    <Island name="info-cards" props={props}>
      <InfoCards {...props} />
    </Island>
  );
}
