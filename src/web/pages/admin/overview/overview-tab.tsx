import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Medal, Radio, Trophy, Users, type LucideIcon } from 'lucide-react';
import type { Tournament } from '../../../../shared/schemas/tournament';
import { Badge } from '../../../components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { isConfirmedTeam, isPendingTeam } from '../../../../shared/schemas/team';
import { phaseLabels, publicPhase } from '../../../../shared/public-display';
import { adminTeamsQuery } from '../shared/queries';
import { activeTournamentQuery, championsQuery, openTournamentsQuery, tournamentsQuery } from '../../../queries/public';
import { spotsLeftText } from '../../../components/open-cups';
import { msg } from '../../../../shared/i18n/msg';
import { useT } from '../../../i18n/i18n';
import { useFormats } from '../../../i18n/use-formats';

export function OverviewTab() {
  const t = useT();
  const formats = useFormats();
  const tournaments = useQuery(tournamentsQuery());
  const active = useQuery(activeTournamentQuery());
  const activeTournament = active.data ?? null;
  const teams = useQuery(adminTeamsQuery(activeTournament?.id));
  const champions = useQuery(championsQuery());

  // Registered: the teams holding a spot. The organizer's list also keeps teams refunded or removed after paying.
  const confirmed = teams.data?.filter(isConfirmedTeam).length;
  const pending = teams.data?.filter(isPendingTeam).length;
  const teamCount = !activeTournament ? 0 : confirmed === undefined || pending === undefined ? undefined : confirmed + pending;

  return (
    <div className="grid gap-6">
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <Counter label={msg('Total Tournaments')} value={tournaments.data?.length} icon={Trophy} />
        <Counter label={msg('Registered Teams')} value={teamCount} icon={Users}>
          {activeTournament && confirmed !== undefined && (
            <p className="mt-1 text-xs text-muted" data-testid="registered-split">
              <span className="whitespace-nowrap">{t('{count} confirmed', { count: confirmed })}</span> ·{' '}
              <span className="whitespace-nowrap">{t('{count} pending', { count: pending ?? 0 })}</span>
            </p>
          )}
        </Counter>
        <Counter label={msg('Hall of Fame')} value={champions.data?.length} icon={Medal} />
        <Counter label={msg('Active Tournament')} value={active.isPending ? undefined : activeTournament ? 1 : 0} icon={Radio} />
      </div>

      <Card>
        <CardHeader>
          <CardTitle>{t('Active Tournament')}</CardTitle>
          <CardDescription>{t('The tournament visitors see on the home page.')}</CardDescription>
        </CardHeader>
        <CardContent>
          {active.isPending ? (
            <Skeleton className="h-24" />
          ) : !activeTournament ? (
            <p className="text-muted">{t('No active tournament. Set one live from the Tournaments tab.')}</p>
          ) : (
            <div className="grid gap-4" data-testid="active-tournament-card">
              <div className="flex flex-wrap items-center gap-2">
                <p className="text-xl font-bold">{activeTournament.name}</p>
                <ActiveBadges tournament={activeTournament} />
              </div>
              <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3">
                <Fact label={msg('Format')} value={activeTournament.format} />
                <Fact label={msg('Prize Pool')} value={formats.money(activeTournament.prizePool, activeTournament.currency)} />
                <Fact label={msg('Teams Registered')} value={`${teamCount ?? '…'} / ${activeTournament.maxTeams}`} />
                <Fact label={msg('Confirmed Teams')} value={confirmed ?? '…'} hint={t('Paid and in')} />
                <Fact label={msg('Pending Teams')} value={pending ?? '…'} hint={t('Holding a spot, payment to come')} />
                <Fact label={msg('Tournament Date')} value={formats.shortDate(activeTournament.tournamentDate)} />
              </dl>
            </div>
          )}
        </CardContent>
      </Card>
      <OtherOpenTournaments featuredId={activeTournament?.id} />
    </div>
  );
}

/** Several cups take registrations at once: the ones besides the featured cup, each with its spots left (their teams: the Teams tab's picker). */
function OtherOpenTournaments({ featuredId }: { featuredId: string | undefined }) {
  const t = useT();
  const formats = useFormats();
  const open = useQuery(openTournamentsQuery());
  const others = (open.data ?? []).filter((cup) => cup.id !== featuredId);
  if (others.length === 0) return null;
  return (
    <Card data-testid="other-open-tournaments">
      <CardHeader>
        <CardTitle>{t('Also Open for Registration')}</CardTitle>
        <CardDescription>{t('Tournaments taking registrations besides the featured one. Pick one in the Teams, Match Day or Finance tab to see its teams.')}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-2">
          {others.map((cup) => (
            <li key={cup.id} className="flex flex-wrap items-baseline justify-between gap-2 rounded-lg border border-border p-3">
              <span className="font-semibold">{cup.name}</span>
              <span className="text-sm text-muted">{`${formats.shortDate(cup.tournamentDate)} · ${spotsLeftText(cup.spotsLeft, t)}`}</span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

/** Live, and where registration stands; a cancelled tournament is only that (still the one the home page shows, as cancelled). */
function ActiveBadges({ tournament }: { tournament: Tournament }) {
  const t = useT();
  const phase = publicPhase(tournament, new Date());
  if (phase === 'cancelled') return <Badge variant="destructive">{t(phaseLabels.cancelled)}</Badge>;
  return (
    <>
      <Badge variant="success">{t('live on the website')}</Badge>
      <Badge variant={tournament.registrationOpen ? 'success' : 'secondary'}>{tournament.registrationOpen ? t('Registration open') : t('Registration closed')}</Badge>
      {(phase === 'check_in' || phase === 'running' || phase === 'completed') && <Badge variant="outline">{t(phaseLabels[phase])}</Badge>}
    </>
  );
}

/** A figure of the panel: `label` is English (msg), also its test id; shown in the page's language. */
function Counter({ label, value, icon: Icon, children }: { label: string; value: number | undefined; icon: LucideIcon; children?: ReactNode }) {
  const t = useT();
  return (
    <Card>
      <div className="flex items-start justify-between gap-2 p-4 sm:p-5">
        <div className="min-w-0">
          <p className="text-xs font-medium text-muted sm:text-sm">{t(label)}</p>
          {value === undefined ? (
            <Skeleton className="mt-2 h-8 w-12" />
          ) : (
            <p className="mt-1 text-2xl font-bold sm:text-3xl" data-testid={`counter-${label}`}>
              {value}
            </p>
          )}
          {children}
        </div>
        <Icon className="h-5 w-5 shrink-0 text-primary" aria-hidden />
      </div>
    </Card>
  );
}

/** `label` is English (msg), also its test id; shown in the page's language. */
function Fact({ label, value, hint }: { label: string; value: string | number; hint?: string }) {
  const t = useT();
  return (
    <div className="rounded-lg border border-border bg-surface-2/40 p-3" data-testid={`fact-${label}`}>
      <dt className="text-xs uppercase tracking-wide text-muted">{t(label)}</dt>
      <dd className="mt-1 font-semibold">{value}</dd>
      {hint && <dd className="text-xs text-muted">{hint}</dd>}
    </div>
  );
}
