import { capacityLevel, type Capacity } from '../../../shared/capacity';
import { paths } from '../../../shared/paths';
import type { TournamentPage as Cup } from '../../../shared/schemas/tournament-page';
import { cupStatusLabels } from '../../../shared/tournament-listing';
import { useT } from '../../i18n/i18n';
import { Island } from '../../islands/island';
import { islandApiPaths } from '../../../shared/api/island-paths';
import { usePolled } from '../../islands/use-polled';
import { useReloadOnNewSections } from '../../islands/use-reload-on-new-sections';
import { useLivePhase } from '../../lib/use-live-phase';
import { RenderTimeContext } from '../../lib/use-now';
import { Hero } from '../home/hero';
import { PhasePanel } from '../home/phase-panel';

/** Where a cup's Register Team leads: registration for that cup (several may be open at once). */
export const registerForCupHref = (cupId: string) => `${paths.register}?tournament=${encodeURIComponent(cupId)}`;

export interface CupHeroProps {
  cup: Cup;
  capacity: Capacity | null;
  game: string | null;
  discordInviteUrl: string | null;
  /** When the page was rendered: the countdown's first value, the same on the server and while hydrating. */
  renderedAt: number | null;
}

function StatusPill({ label, tone }: { label: string; tone: 'open' | 'closed' | 'neutral' }) {
  const tones = {
    open: 'border-success/50 bg-success/10 text-green-300',
    closed: 'border-danger/50 bg-danger/10 text-red-300',
    neutral: 'border-border bg-surface-2 text-muted',
  };
  return (
    <span
      data-testid="cup-status"
      className={`inline-flex items-center gap-2 rounded-full border px-3 py-1 text-xs font-bold uppercase tracking-wider ${tones[tone]}`}
    >
      {label}
    </span>
  );
}

function CupHeroView({ cup, capacity, game, discordUrl }: { cup: Cup; capacity: Capacity | null; game: string | null; discordUrl: string | undefined }) {
  const t = useT();
  const phase = useLivePhase(cup);
  const isFull = capacity ? capacityLevel(capacity) === 'full' : false;
  const canRegister = phase === 'registration_open' && !isFull;
  const label = phase === 'registration_open' && isFull ? t('Full — waitlist open') : t(cupStatusLabels[phase]);
  const tone = phase === 'registration_open' || phase === 'check_in' || phase === 'running' ? 'open' : phase === 'cancelled' ? 'closed' : 'neutral';
  return (
    <Hero
      name={cup.name}
      description={cup.description || t('Assemble your five, lock in your spot and fight for the prize pool.')}
      canRegister={canRegister}
      hasBracket={!!cup.hasBracket}
      registerHref={registerForCupHref(cup.id)}
      bracketHref="#bracket"
      rulesHref={cup.rules ? '#rules' : paths.rules}
      eyebrow={
        <>
          {game && <StatusPill label={game} tone="neutral" />}
          <StatusPill label={label} tone={tone} />
        </>
      }
      aside={<PhasePanel phase={phase} tournament={cup} discordUrl={discordUrl} />}
    />
  );
}

/** What decides which sections a cup's page has (its bracket, streams, final placements, teams): not the hero's to show. */
const sectionsOf = (cup: Cup) => JSON.stringify([cup.hasBracket, cup.streamUrl, cup.matchStreams, cup.cancelledAt, cup.champion?.teamName ?? null]);

/** A cup's hero, an island: its status, countdown and Register button follow the cup and its spots, read again every few seconds. */
export function CupHero(props: CupHeroProps) {
  const cup = usePolled(islandApiPaths.tournamentPage(props.cup.id), props.cup);
  const capacity = usePolled(islandApiPaths.capacity(props.cup.id), props.capacity);
  // The page's other sections are the server's HTML: when the cup gains or loses one (its bracket is
  // drawn, a stream is set, it ends or is cancelled), the served page loads again. The app re-renders them itself.
  useReloadOnNewSections(sectionsOf(cup), sectionsOf(props.cup));
  return (
    <RenderTimeContext value={props.renderedAt}>
      <CupHeroView cup={cup} capacity={capacity} game={props.game} discordUrl={props.discordInviteUrl ?? undefined} />
    </RenderTimeContext>
  );
}

export function CupHeroIsland(props: CupHeroProps) {
  return (
    <Island name="cup-hero" props={props}>
      <CupHero {...props} />
    </Island>
  );
}
