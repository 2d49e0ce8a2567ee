import Ban from 'lucide-react/icons/ban';
import Crown from 'lucide-react/icons/crown';
import Swords from 'lucide-react/icons/swords';
import UserCheck from 'lucide-react/icons/user-check';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Tournament } from '../../../shared/schemas/tournament';
import type { TournamentPhase } from '../../../shared/tournament-phase';
import { Countdown } from './countdown';
import { DiscordLink } from '../../components/layout/nav-links';
import { HallOfFameLink } from './previous-champion';
import { useTournamentTimes } from '../../lib/use-tournament-times';
import { useT } from '../../i18n/i18n';

/** The hero's side panel once registration no longer matters: what the tournament is now, and what comes next. */
function Panel({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby="phase-title" data-testid="phase-panel" className="rounded-2xl border border-border bg-surface/80 p-5 shadow-2xl backdrop-blur sm:p-6">
      <h2 id="phase-title" className="flex items-center gap-2 text-xs font-bold uppercase tracking-[0.2em] text-muted">
        <Icon aria-hidden className="size-4" />
        {title}
      </h2>
      <div className="mt-4 grid gap-3 text-sm leading-relaxed">{children}</div>
    </section>
  );
}


export function CancelledPanel({ discordUrl }: { discordUrl: string | undefined }) {
  const t = useT();
  return (
    <Panel icon={Ban} title={t('Cancelled')}>
      <p className="text-lg font-bold text-red-300">{t('This tournament was cancelled. Every paid team has been refunded in full.')}</p>
      <p className="text-muted">{t('The next cup is announced on our Discord first. Past winners are in the Hall of Fame.')}</p>
      <div className="flex flex-wrap gap-3">
        <DiscordLink href={discordUrl} />
        <HallOfFameLink />
      </div>
    </Panel>
  );
}

export function FinishedPanel({ champion }: { champion: Tournament['champion'] }) {
  const t = useT();
  return (
    <Panel icon={Crown} title={t('Tournament Finished')}>
      {champion ? (
        <>
          <p className="text-muted">{t('Champion')}</p>
          <p data-testid="tournament-champion" className="break-words text-3xl font-black text-warning">
            {champion.teamName}
          </p>
        </>
      ) : (
        <p className="text-muted">{t('The champions are being recorded.')}</p>
      )}
      <div>
        <HallOfFameLink />
      </div>
    </Panel>
  );
}

export function RunningPanel() {
  const t = useT();
  return (
    <Panel icon={Swords} title={t('In Progress')}>
      <p className="text-lg font-bold">{t('The matches are being played.')}</p>
      <p className="text-muted">{t('Follow every result on the bracket.')}</p>
    </Panel>
  );
}

export function CheckInPanel({ tournament }: { tournament: Tournament }) {
  const { checkInClosesAt } = useTournamentTimes(tournament);
  const t = useT();
  return (
    <Panel icon={UserCheck} title={t('Check-in Open')}>
      <p data-testid="check-in-open" className="text-lg font-bold text-green-300">
        {t('Check-in is open until {time}.', { time: checkInClosesAt })}
      </p>
      <p className="text-muted">{t('Captains check in from their team page. A confirmed team that does not check in does not play.')}</p>
    </Panel>
  );
}

/**
 * What a cup's hero shows beside its name, by phase: the countdown to the registration close while
 * registration runs (closed early by the organizer, it says so like the badge, and counts again if
 * they reopen), then check-in, the matches, the champion, or the cancellation.
 */
export function PhasePanel({
  phase,
  tournament,
  discordUrl,
}: {
  phase: TournamentPhase;
  tournament: Tournament;
  discordUrl: string | undefined;
}) {
  if (phase === 'cancelled') return <CancelledPanel discordUrl={discordUrl} />;
  if (phase === 'completed') return <FinishedPanel champion={tournament.champion ?? null} />;
  if (phase === 'running') return <RunningPanel />;
  if (phase === 'check_in') return <CheckInPanel tournament={tournament} />;
  return <Countdown until={tournament.registrationCloses} isClosedEarly={!tournament.registrationOpen} />;
}
