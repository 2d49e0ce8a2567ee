import CalendarClock from 'lucide-react/icons/calendar-clock';
import ScrollText from 'lucide-react/icons/scroll-text';
import { useState } from 'react';
import { capacityLevel, type Capacity } from '../../../shared/capacity';
import { paths } from '../../../shared/paths';
import { publicPhase, registrationBadge } from '../../../shared/public-display';
import type { Team } from '../../../shared/schemas/team';
import type { OpenTournament, Tournament } from '../../../shared/schemas/tournament';
import { NavAnchor } from '../../components/layout/nav-anchor';
import { DiscordLink } from '../../components/layout/nav-links';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Island } from '../../islands/island';
import { islandApiPaths } from '../../../shared/api/island-paths';
import { usePolled } from '../../islands/use-polled';
import { RenderTimeContext, useNow } from '../../lib/use-now';
import { Hero } from './hero';
import { InfoCards } from './info-cards';
import { OtherOpenCups } from './other-open-cups';
import { PhasePanel } from './phase-panel';
import { RegisteredTeams } from './registered-teams';
import { TournamentStatus } from './tournament-status';

/** What the home page's live part starts from: the server's reads (the page polls them again) and the site's bits it shows. */
export interface HomeLiveProps {
  active: Tournament | null;
  /** The active tournament's teams and capacity; null while the app is still reading them. */
  teams: Team[] | null;
  capacity: Capacity | null;
  openCups: OpenTournament[];
  game: string | null;
  discordInviteUrl: string | null;
  /** When the page was rendered: the countdown's first value, the same on the server and while hydrating. */
  renderedAt: number | null;
}

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

function TournamentRules({ rules }: { rules: string }) {
  return (
    <section aria-labelledby="rules-title" className="rounded-2xl border border-border bg-surface p-5 sm:p-7">
      <h2 id="rules-title" className="flex items-center gap-2 text-2xl font-extrabold tracking-tight">
        <ScrollText aria-hidden className="size-6 text-accent" />
        Tournament Rules
      </h2>
      <p className="mt-4 line-clamp-[8] whitespace-pre-line text-sm leading-relaxed text-muted">{rules}</p>
      <Button asChild variant="link" className="mt-3 h-auto px-0">
        <NavAnchor to={paths.rules}>View Complete Rules</NavAnchor>
      </Button>
    </section>
  );
}

function ActiveTournament({ tournament, teams, capacity, game, discordUrl }: { tournament: Tournament; teams: Team[] | null; capacity: Capacity | null; game: string | null; discordUrl: string | undefined }) {
  const now = useNow();
  // The countdown tells us when the close date passes, so the page closes registration on time.
  const [expiredDeadline, setExpiredDeadline] = useState<string | null>(null);
  const isPastDeadline = expiredDeadline === tournament.registrationCloses;
  const phaseNow = publicPhase(tournament, now);
  const phase = phaseNow === 'registration_open' && isPastDeadline ? 'registration_closed' : phaseNow;
  const isOpen = phase === 'registration_open';
  const isFull = capacity ? capacityLevel(capacity) === 'full' : false;
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
            {game && <Pill tone="neutral">{game}</Pill>}
            <Pill tone={badge.tone} testId="phase-badge">
              {badge.label}
            </Pill>
          </>
        }
        aside={<PhasePanel phase={phase} tournament={tournament} discordUrl={discordUrl} onExpire={() => setExpiredDeadline(tournament.registrationCloses)} />}
      />
      <div className="mx-auto grid max-w-7xl gap-12 px-4 py-10 sm:px-6 sm:py-14">
        <InfoCards tournament={tournament} />
        <div className={tournament.rules ? 'grid gap-6 lg:grid-cols-2' : 'grid'}>
          <TournamentStatus capacity={capacity ?? undefined} phase={phase} discordUrl={discordUrl} />
          {tournament.rules && <TournamentRules rules={tournament.rules} />}
        </div>
        {phase !== 'cancelled' && <RegisteredTeams teams={teams ?? undefined} canRegister={canRegister} discordUrl={discordUrl} />}
      </div>
    </>
  );
}

function NoActiveTournament({ game, discordUrl }: { game: string | null; discordUrl: string | undefined }) {
  return (
    <>
      <Hero
        name={`${game ?? 'Esports'} Tournaments`}
        description="Open online team tournaments with cash prizes. Build your roster, register your team and climb the bracket."
        canRegister={false}
        eyebrow={<Pill tone="neutral">Between seasons</Pill>}
      />
      <div className="mx-auto max-w-7xl px-4 pt-10 sm:px-6 sm:pt-14">
        <EmptyState icon={CalendarClock} title="No Active Tournament" headingLevel={2} actions={<DiscordLink href={discordUrl} />}>
          Check back soon for the next tournament announcement!
        </EmptyState>
      </div>
    </>
  );
}

/**
 * The home page's live part, an island: the featured tournament (its phase, countdown, capacity and
 * teams) and the other open cups, each read again every few seconds.
 */
export function HomeLive(props: HomeLiveProps) {
  const active = usePolled(islandApiPaths.activeTournament, props.active);
  const teams = usePolled(active ? islandApiPaths.teams(active.id) : null, props.teams);
  const capacity = usePolled(active ? islandApiPaths.capacity(active.id) : null, props.capacity);
  const openCups = usePolled(islandApiPaths.openTournaments, props.openCups);
  const discordUrl = props.discordInviteUrl ?? undefined;
  return (
    <RenderTimeContext value={props.renderedAt}>
      {active ? (
        <ActiveTournament key={active.id} tournament={active} teams={teams} capacity={capacity} game={props.game} discordUrl={discordUrl} />
      ) : (
        <NoActiveTournament game={props.game} discordUrl={discordUrl} />
      )}
      <OtherOpenCups cups={openCups} featuredId={active?.id} />
    </RenderTimeContext>
  );
}

export function HomeLiveIsland(props: HomeLiveProps) {
  return (
    <Island name="home-live" props={props}>
      <HomeLive {...props} />
    </Island>
  );
}
