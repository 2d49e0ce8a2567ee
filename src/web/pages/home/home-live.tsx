import CalendarClock from 'lucide-react/icons/calendar-clock';
import ScrollText from 'lucide-react/icons/scroll-text';
import { capacityLevel, type Capacity } from '../../../shared/capacity';
import { paths } from '../../../shared/paths';
import { registrationBadge } from '../../../shared/public-display';
import type { Team } from '../../../shared/schemas/team';
import type { OpenTournament, Tournament } from '../../../shared/schemas/tournament';
import { NavAnchor } from '../../components/layout/nav-anchor';
import { DiscordLink } from '../../components/layout/nav-links';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Island } from '../../islands/island';
import { islandApiPaths } from '../../../shared/api/island-paths';
import { usePolled } from '../../islands/use-polled';
import { useReloadOnNewSections } from '../../islands/use-reload-on-new-sections';
import { useLivePhase } from '../../lib/use-live-phase';
import { RenderTimeContext } from '../../lib/use-now';
import { useT } from '../../i18n/i18n';
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
  const t = useT();
  return (
    <section aria-labelledby="rules-title" className="rounded-2xl border border-border bg-surface p-5 sm:p-7">
      <h2 id="rules-title" className="flex items-center gap-2 text-2xl font-extrabold tracking-tight">
        <ScrollText aria-hidden className="size-6 text-accent" />
        {t('Tournament Rules')}
      </h2>
      <p className="mt-4 line-clamp-[8] whitespace-pre-line text-sm leading-relaxed text-muted">{rules}</p>
      <Button asChild variant="link" className="mt-3 h-auto px-0">
        <NavAnchor to={paths.rules}>{t('View Complete Rules')}</NavAnchor>
      </Button>
    </section>
  );
}

/** What the home page's static parts show of the featured tournament: when it changes, the served page loads again. */
const sectionsOf = (active: Tournament | null) => JSON.stringify(active && [active.id, active.rules]);

/**
 * The featured tournament as a poll shows it. Each island follows it; another tournament featured
 * (or none) is a new page, which the hero loads (`sectionsOf`), so until then an island keeps its own.
 */
function usePolledActive(served: Tournament): Tournament {
  const active = usePolled(islandApiPaths.activeTournament, served);
  return active?.id === served.id ? active : served;
}

function useCapacity(tournament: Tournament, served: Capacity | null) {
  return usePolled(islandApiPaths.capacity(tournament.id), served);
}

function ActiveHero({ tournament, capacity, game, discordUrl }: { tournament: Tournament; capacity: Capacity | null; game: string | null; discordUrl: string | undefined }) {
  const phase = useLivePhase(tournament);
  const isFull = capacity ? capacityLevel(capacity) === 'full' : false;
  const canRegister = phase === 'registration_open' && !isFull;
  const badge = registrationBadge(phase, isFull);
  const t = useT();
  return (
    <Hero
      name={tournament.name}
      description={tournament.description || t('Assemble your five, lock in your spot and fight for the prize pool.')}
      canRegister={canRegister}
      hasBracket={!!tournament.hasBracket}
      eyebrow={
        <>
          {game && <Pill tone="neutral">{game}</Pill>}
          <Pill tone={badge.tone} testId="phase-badge">
            {t(badge.label)}
          </Pill>
        </>
      }
      aside={<PhasePanel phase={phase} tournament={tournament} discordUrl={discordUrl} />}
    />
  );
}

function NoActiveTournament({ game, discordUrl }: { game: string | null; discordUrl: string | undefined }) {
  const t = useT();
  return (
    <>
      <Hero
        name={game === null ? t('Esports Tournaments') : t('{game} Tournaments', { game })}
        description={t('Open online team tournaments with cash prizes. Build your roster, register your team and climb the bracket.')}
        canRegister={false}
        eyebrow={<Pill tone="neutral">{t('Between seasons')}</Pill>}
      />
      <div className="mx-auto max-w-7xl px-4 pt-10 sm:px-6 sm:pt-14">
        <EmptyState icon={CalendarClock} title={t('No Active Tournament')} headingLevel={2} actions={<DiscordLink href={discordUrl} />}>
          {t('Check back soon for the next tournament announcement!')}
        </EmptyState>
      </div>
    </>
  );
}

export interface HomeHeroProps {
  active: Tournament | null;
  capacity: Capacity | null;
  game: string | null;
  discordInviteUrl: string | null;
  renderedAt: number | null;
}

/** The hero, an island: the featured tournament's phase, countdown and Register button, or the page between seasons. */
export function HomeHero(props: HomeHeroProps) {
  const active = usePolled(islandApiPaths.activeTournament, props.active);
  useReloadOnNewSections(sectionsOf(active), sectionsOf(props.active));
  const discordUrl = props.discordInviteUrl ?? undefined;
  return (
    <RenderTimeContext value={props.renderedAt}>
      {props.active ? (
        <LiveHero served={props.active} capacity={props.capacity} game={props.game} discordUrl={discordUrl} />
      ) : (
        <NoActiveTournament game={props.game} discordUrl={discordUrl} />
      )}
    </RenderTimeContext>
  );
}

function LiveHero({ served, capacity, game, discordUrl }: { served: Tournament; capacity: Capacity | null; game: string | null; discordUrl: string | undefined }) {
  const tournament = usePolledActive(served);
  return <ActiveHero tournament={tournament} capacity={useCapacity(served, capacity)} game={game} discordUrl={discordUrl} />;
}

export interface HomeTournamentProps {
  tournament: Tournament;
  capacity: Capacity | null;
  discordInviteUrl: string | null;
  renderedAt: number | null;
}

/** The info cards, an island: they follow the featured tournament (its prize pool, fee, times in the reader's zone). */
export function HomeInfoCards(props: { tournament: Tournament }) {
  return <InfoCards tournament={usePolledActive(props.tournament)} />;
}

function LiveStatus({ tournament, capacity, discordUrl }: { tournament: Tournament; capacity: Capacity | null; discordUrl: string | undefined }) {
  return <TournamentStatus capacity={capacity ?? undefined} phase={useLivePhase(tournament)} discordUrl={discordUrl} />;
}

/** Registration open or closed and the capacity, an island. */
export function HomeStatus(props: HomeTournamentProps) {
  const tournament = usePolledActive(props.tournament);
  const capacity = useCapacity(props.tournament, props.capacity);
  return (
    <RenderTimeContext value={props.renderedAt}>
      <LiveStatus tournament={tournament} capacity={capacity} discordUrl={props.discordInviteUrl ?? undefined} />
    </RenderTimeContext>
  );
}

function LiveTeams({ tournament, teams, capacity, discordUrl }: { tournament: Tournament; teams: Team[] | null; capacity: Capacity | null; discordUrl: string | undefined }) {
  const phase = useLivePhase(tournament);
  if (phase === 'cancelled') return null;
  const isFull = capacity ? capacityLevel(capacity) === 'full' : false;
  return <RegisteredTeams teams={teams ?? undefined} canRegister={phase === 'registration_open' && !isFull} discordUrl={discordUrl} />;
}

/** The registered teams, an island: a new registration shows up within a poll. */
export function HomeTeams(props: HomeTournamentProps & { teams: Team[] | null }) {
  const tournament = usePolledActive(props.tournament);
  const teams = usePolled(islandApiPaths.teams(props.tournament.id), props.teams);
  const capacity = useCapacity(props.tournament, props.capacity);
  return (
    <RenderTimeContext value={props.renderedAt}>
      <LiveTeams tournament={tournament} teams={teams} capacity={capacity} discordUrl={props.discordInviteUrl ?? undefined} />
    </RenderTimeContext>
  );
}

/** The other cups open for registration, an island. */
export function HomeOpenCups(props: { openCups: OpenTournament[]; featuredId: string | undefined }) {
  return <OtherOpenCups cups={usePolled(islandApiPaths.openTournaments, props.openCups)} featuredId={props.featuredId} />;
}

/**
 * The home page's live part: the featured tournament (its phase, countdown, capacity and teams) and
 * the other open cups. Each live part is an island of its own that polls its reads (islands on the
 * same tick share a read), so the page hydrates in several short tasks, not one long one.
 */
export function HomeLive(props: HomeLiveProps) {
  const { active, capacity, discordInviteUrl, renderedAt } = props;
  return (
    <>
      <Island name="home-hero" props={{ active, capacity, game: props.game, discordInviteUrl, renderedAt } satisfies HomeHeroProps}>
        <HomeHero active={active} capacity={capacity} game={props.game} discordInviteUrl={discordInviteUrl} renderedAt={renderedAt} />
      </Island>
      {active && (
        <div className="mx-auto grid max-w-7xl gap-12 px-4 py-10 sm:px-6 sm:py-14">
          <Island name="home-info-cards" props={{ tournament: active }}>
            <HomeInfoCards tournament={active} />
          </Island>
          <div className={active.rules ? 'grid gap-6 lg:grid-cols-2' : 'grid'}>
            <Island name="home-status" props={{ tournament: active, capacity, discordInviteUrl, renderedAt } satisfies HomeTournamentProps}>
              <HomeStatus tournament={active} capacity={capacity} discordInviteUrl={discordInviteUrl} renderedAt={renderedAt} />
            </Island>
            {active.rules && <TournamentRules rules={active.rules} />}
          </div>
          <Island name="home-teams" props={{ tournament: active, teams: props.teams, capacity, discordInviteUrl, renderedAt }}>
            <HomeTeams tournament={active} teams={props.teams} capacity={capacity} discordInviteUrl={discordInviteUrl} renderedAt={renderedAt} />
          </Island>
        </div>
      )}
      <Island name="home-open-cups" props={{ openCups: props.openCups, featuredId: active?.id }}>
        <HomeOpenCups openCups={props.openCups} featuredId={active?.id} />
      </Island>
    </>
  );
}
