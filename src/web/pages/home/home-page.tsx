import { useQuery } from '@tanstack/react-query';
import { CalendarClock, RefreshCw, ScrollText } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { capacityLevel } from '../../../shared/capacity';
import { paths } from '../../../shared/paths';
import { latestChampion, publicPhase, registrationBadge } from '../../../shared/public-display';
import type { Tournament } from '../../../shared/schemas/tournament';
import { JoinDiscordButton } from '../../components/layout/join-discord-button';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Skeleton } from '../../components/ui/skeleton';
import { pageMeta } from '../../../shared/page-meta';
import { useNow } from '../../lib/use-now';
import { usePageMeta } from '../../lib/use-page-meta';
import { useSite } from '../../lib/use-site';
import { activeTournamentQuery, capacityQuery, championsQuery, openTournamentsQuery, teamsQuery } from '../../queries/public';
import { Countdown } from './countdown';
import { Hero } from './hero';
import { CancelledPanel, CheckInPanel, FinishedPanel, RunningPanel } from './phase-panel';
import { InfoCards } from './info-cards';
import { OtherOpenCups } from './other-open-cups';
import { PreviousChampion } from './previous-champion';
import { RegisteredTeams } from './registered-teams';
import { TournamentStatus } from './tournament-status';

function Pill({ tone, children, testId }: { tone: 'open' | 'closed' | 'neutral'; children: string; testId?: string }) {
  const tones = {
    open: 'border-success/50 bg-success/10 text-green-300',
    closed: 'border-danger/50 bg-danger/10 text-red-300',
    neutral: 'border-border bg-surface-2 text-muted',
  };
  return (
    <span data-testid={testId} className={`inline-flex items-center gap-2 rounded-full border px-3 py-1 text-xs font-bold uppercase tracking-wider ${tones[tone]}`}>
      {tone === 'open' && <span aria-hidden className="size-2 animate-pulse rounded-full bg-success" />}
      {children}
    </span>
  );
}

function HeroSkeleton() {
  return (
    <div className="hero-backdrop relative border-b border-border" aria-busy="true" aria-label="Loading tournament">
      <div className="relative mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:py-20 lg:grid-cols-[1.25fr_1fr]">
        <div className="grid content-start gap-5">
          <Skeleton className="h-6 w-40" />
          <Skeleton className="h-14 w-4/5" />
          <Skeleton className="h-5 w-3/5" />
          <Skeleton className="h-12 w-64" />
        </div>
        <Skeleton className="h-44 rounded-2xl" />
      </div>
    </div>
  );
}

function TournamentRules({ rules }: { rules: string }) {
  return (
    <section aria-labelledby="rules-title" className="rounded-2xl border border-border bg-surface p-5 sm:p-7">
      <h2 id="rules-title" className="flex items-center gap-2 text-2xl font-extrabold tracking-tight">
        <ScrollText aria-hidden className="size-6 text-accent" />
        Tournament Rules
      </h2>
      <p className="mt-4 line-clamp-[8] whitespace-pre-line text-sm leading-relaxed text-muted">{rules}</p>
      <Button asChild variant="link" className="mt-3 h-auto px-0">
        <Link to={paths.rules}>View Complete Rules</Link>
      </Button>
    </section>
  );
}

function ActiveTournament({ tournament }: { tournament: Tournament }) {
  const site = useSite();
  const now = useNow();
  const teams = useQuery(teamsQuery(tournament.id, { poll: true }));
  const capacity = useQuery(capacityQuery(tournament.id, { poll: true }));
  // The countdown tells us when the close date passes, so the page closes registration on time.
  const [expiredDeadline, setExpiredDeadline] = useState<string | null>(null);
  const isPastDeadline = expiredDeadline === tournament.registrationCloses;
  const phaseNow = publicPhase(tournament, now);
  const phase = phaseNow === 'registration_open' && isPastDeadline ? 'registration_closed' : phaseNow;
  const isOpen = phase === 'registration_open';
  const isFull = capacity.data ? capacityLevel(capacity.data) === 'full' : false;
  const canRegister = isOpen && !isFull;
  const badge = registrationBadge(phase, isFull);

  return (
    <>
      <Hero
        name={tournament.name}
        description={tournament.description || 'Assemble your five, lock in your spot and fight for the prize pool.'}
        canRegister={canRegister}
        hasBracket={!!tournament.hasBracket}
        eyebrow={
          <>
            {site?.game && <Pill tone="neutral">{site.game}</Pill>}
            <Pill tone={badge.tone} testId="phase-badge">
              {badge.label}
            </Pill>
          </>
        }
        aside={
          phase === 'cancelled' ? (
            <CancelledPanel />
          ) : phase === 'completed' ? (
            <FinishedPanel champion={tournament.champion ?? null} />
          ) : phase === 'running' ? (
            <RunningPanel />
          ) : phase === 'check_in' ? (
            <CheckInPanel tournament={tournament} />
          ) : (
            // Runs to the close date; closed early by the organizer, it says so like the badge, and counts again if they reopen.
            <Countdown
              until={tournament.registrationCloses}
              isClosedEarly={!tournament.registrationOpen}
              onExpire={() => setExpiredDeadline(tournament.registrationCloses)}
            />
          )
        }
      />
      <div className="mx-auto grid max-w-7xl gap-12 px-4 py-10 sm:px-6 sm:py-14">
        <InfoCards tournament={tournament} />
        <div className={tournament.rules ? 'grid gap-6 lg:grid-cols-2' : 'grid'}>
          <TournamentStatus capacity={capacity.data} phase={phase} discordUrl={site?.discordInviteUrl} />
          {tournament.rules && <TournamentRules rules={tournament.rules} />}
        </div>
        {phase !== 'cancelled' && <RegisteredTeams teams={teams.data} canRegister={canRegister} discordUrl={site?.discordInviteUrl} />}
      </div>
    </>
  );
}

function NoActiveTournament() {
  const site = useSite();
  return (
    <>
      <Hero
        name={`${site?.game ?? 'Esports'} Tournaments`}
        description="Open online team tournaments with cash prizes. Build your roster, register your team and climb the bracket."
        canRegister={false}
        eyebrow={<Pill tone="neutral">Between seasons</Pill>}
      />
      <div className="mx-auto max-w-7xl px-4 pt-10 sm:px-6 sm:pt-14">
        <EmptyState icon={CalendarClock} title="No Active Tournament" headingLevel={2} actions={<JoinDiscordButton />}>
          Check back soon for the next tournament announcement!
        </EmptyState>
      </div>
    </>
  );
}

export function HomePage() {
  const active = useQuery(activeTournamentQuery({ poll: true }));
  // Like the server's first HTML: the live tournament's name is the home page's title.
  usePageMeta({ ...pageMeta[paths.home], ...(active.data ? { title: active.data.name } : {}) });
  const champions = useQuery(championsQuery());
  const openCups = useQuery(openTournamentsQuery({ poll: true }));

  return (
    <>
      {active.isPending ? (
        <HeroSkeleton />
      ) : active.isError ? (
        <div className="mx-auto max-w-7xl px-4 pt-10 sm:px-6">
          <EmptyState
            icon={RefreshCw}
            title="We couldn't load the tournament"
            headingLevel={2}
            actions={<Button onClick={() => void active.refetch()}>Try again</Button>}
          >
            Please check your connection and try again.
          </EmptyState>
        </div>
      ) : active.data ? (
        <ActiveTournament tournament={active.data} />
      ) : (
        <NoActiveTournament />
      )}
      {!active.isPending && <OtherOpenCups cups={openCups.data} featuredId={active.data?.id} />}
      <div className="mx-auto max-w-7xl px-4 pt-4 sm:px-6">
        <PreviousChampion champion={champions.data ? latestChampion(champions.data) : null} isLoading={champions.isPending} />
      </div>
    </>
  );
}
