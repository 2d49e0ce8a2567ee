import { useQuery } from '@tanstack/react-query';
import { GitBranch, Medal, RefreshCw, ScrollText, Trophy, Tv, UsersRound } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { endpoints } from '../../../shared/api/index';
import { capacityLevel } from '../../../shared/capacity';
import { paths, tournamentPath } from '../../../shared/paths';
import { publicPhase } from '../../../shared/public-display';
import type { Champion } from '../../../shared/schemas/champion';
import type { TournamentPage as Cup } from '../../../shared/schemas/tournament-page';
import { isConfirmedStatus } from '../../../shared/schemas/team';
import { cupStatusLabels } from '../../../shared/tournament-listing';
import { BracketIsland } from '../../components/bracket/live-bracket';
import { StreamPlayer } from '../../components/stream/stream-player';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Skeleton } from '../../components/ui/skeleton';
import { TeamAvatar } from '../../components/ui/team-card';
import { endpointUrl, HttpError } from '../../api';
import { formatMoney } from '../../../shared/money';
import { useNow } from '../../lib/use-now';
import { usePageMeta } from '../../lib/use-page-meta';
import { useSite } from '../../lib/use-site';
import { bracketQuery, capacityQuery, championsQuery, teamsQuery, tournamentPageQuery } from '../../queries/public';
import { Hero } from '../home/hero';
import { InfoCards } from '../home/info-cards';
import { Countdown } from '../home/countdown';
import { CancelledPanel, CheckInPanel, FinishedPanel, RunningPanel } from '../home/phase-panel';
import { EmbedCode } from './embed-code';

/** Where a cup's Register Team leads: registration for that cup (several may be open at once). */
export const registerForCupHref = (cupId: string) => `${paths.register}?tournament=${encodeURIComponent(cupId)}`;

function StatusPill({ label, tone }: { label: string; tone: 'open' | 'closed' | 'neutral' }) {
  const tones = {
    open: 'border-success/50 bg-success/10 text-green-300',
    closed: 'border-danger/50 bg-danger/10 text-red-300',
    neutral: 'border-border bg-surface-2 text-muted',
  };
  return (
    <span data-testid="cup-status" className={`inline-flex items-center gap-2 rounded-full border px-3 py-1 text-xs font-bold uppercase tracking-wider ${tones[tone]}`}>
      {label}
    </span>
  );
}

function Section({ id, icon: Icon, title, children }: { id: string; icon: typeof Trophy; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} id={id} className="scroll-mt-20">
      <h2 id={`${id}-title`} className="mb-4 flex items-center gap-2 text-2xl font-extrabold tracking-tight">
        <Icon aria-hidden className="size-6 text-accent" />
        {title}
      </h2>
      {children}
    </section>
  );
}

const placementNames: Record<number, string> = { 1: 'Champion', 2: 'Runner-up', 3: 'Third place' };

/** The final placements, from the champions the confirmed bracket (or the organizer) recorded. */
function Placements({ placements }: { placements: Champion[] }) {
  return (
    <Section id="placements" icon={Medal} title="Final Placements">
      <ol className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="placements">
        {placements.map((placed) => (
          <li key={placed.id} className={`flex items-center gap-4 rounded-xl border p-4 ${placed.placement === 1 ? 'border-warning/50 bg-warning/10' : 'border-border bg-surface'}`}>
            <TeamAvatar name={placed.teamName} logoUrl={placed.teamLogoUrl} />
            <div className="min-w-0">
              <p className="text-xs font-bold uppercase tracking-wider text-muted">{placementNames[placed.placement] ?? `Place ${placed.placement}`}</p>
              <p className="break-words text-lg font-bold">{placed.teamName}</p>
              {placed.prizeAmount && <p className="text-sm font-semibold text-warning">{formatMoney(placed.prizeAmount, placed.currency)}</p>}
            </div>
          </li>
        ))}
      </ol>
      <Button asChild variant="link" className="mt-2 h-auto px-0">
        <Link to={paths.hallOfFame}>See every champion in the Hall of Fame</Link>
      </Button>
    </Section>
  );
}

function CupTeams({ cup }: { cup: Cup }) {
  const teams = useQuery(teamsQuery(cup.id, { poll: true }));
  if (teams.isPending) return <Skeleton className="h-24 rounded-xl" />;
  const list = teams.data ?? [];
  return (
    <Section id="teams" icon={UsersRound} title={`Teams (${list.length})`}>
      {list.length === 0 ? (
        <p className="text-muted">No team has registered yet.</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="cup-teams">
          {list.map((team) => (
            <li key={team.id} className="flex items-center gap-3 rounded-xl border border-border bg-surface p-3">
              <TeamAvatar name={team.name} logoUrl={team.logoUrl} className="size-10" />
              <div className="min-w-0">
                <p className="break-words font-bold">{team.name}</p>
                <p className="text-xs text-muted">{isConfirmedStatus(team.paymentStatus) ? 'Confirmed' : 'Pending'}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function CupBracket({ cup }: { cup: Cup }) {
  // Polled by its island (src/web/components/bracket/live-bracket.tsx), which carries the match streams too.
  const bracket = useQuery(bracketQuery(cup.id));
  if (!cup.hasBracket) return null;
  return (
    <Section id="bracket" icon={GitBranch} title="Bracket">
      {bracket.data ? (
        <BracketIsland pollUrl={endpointUrl(endpoints.getBracket, { params: { id: cup.id } })} bracket={bracket.data} label={`${cup.name} bracket`} level={3} streams={cup.matchStreams} />
      ) : (
        <Skeleton className="h-64 rounded-xl" />
      )}
    </Section>
  );
}

function CupHome({ cup }: { cup: Cup }) {
  const site = useSite();
  const now = useNow();
  const capacity = useQuery(capacityQuery(cup.id, { poll: true }));
  const champions = useQuery(championsQuery());
  const phase = publicPhase(cup, now);
  const isFull = capacity.data ? capacityLevel(capacity.data) === 'full' : false;
  const canRegister = phase === 'registration_open' && !isFull;
  const label = phase === 'registration_open' && isFull ? 'Full — waitlist open' : cupStatusLabels[phase];
  const tone = phase === 'registration_open' || phase === 'check_in' || phase === 'running' ? 'open' : phase === 'cancelled' ? 'closed' : 'neutral';
  const placements = (champions.data ?? []).filter((champion) => champion.tournamentId === cup.id).sort((a, b) => a.placement - b.placement);

  return (
    <>
      <Hero
        name={cup.name}
        description={cup.description || 'Assemble your five, lock in your spot and fight for the prize pool.'}
        canRegister={canRegister}
        hasBracket={!!cup.hasBracket}
        registerHref={registerForCupHref(cup.id)}
        bracketHref="#bracket"
        rulesHref={cup.rules ? '#rules' : paths.rules}
        eyebrow={
          <>
            {site?.game && <StatusPill label={site.game} tone="neutral" />}
            <StatusPill label={label} tone={tone} />
          </>
        }
        aside={
          phase === 'cancelled' ? (
            <CancelledPanel />
          ) : phase === 'completed' ? (
            <FinishedPanel champion={cup.champion ?? null} />
          ) : phase === 'running' ? (
            <RunningPanel />
          ) : phase === 'check_in' ? (
            <CheckInPanel tournament={cup} />
          ) : (
            <Countdown until={cup.registrationCloses} isClosedEarly={!cup.registrationOpen} />
          )
        }
      />
      <div className="mx-auto grid max-w-7xl gap-12 px-4 py-10 sm:px-6 sm:py-14">
        <InfoCards tournament={cup} />
        {cup.streamUrl && (
          <Section id="stream" icon={Tv} title="Stream">
            <div className="max-w-4xl">
              <StreamPlayer url={cup.streamUrl} title={`${cup.name} live`} />
            </div>
          </Section>
        )}
        {phase === 'completed' && placements.length > 0 && <Placements placements={placements} />}
        <CupBracket cup={cup} />
        {phase !== 'cancelled' && <CupTeams cup={cup} />}
        {cup.rules && (
          <Section id="rules" icon={ScrollText} title="Tournament Rules">
            <p className="whitespace-pre-line text-sm leading-relaxed text-muted">{cup.rules}</p>
          </Section>
        )}
        <EmbedCode slug={cup.slug} hasBracket={!!cup.hasBracket} />
      </div>
    </>
  );
}

/** /tournaments/{slug}: one cup's home, live by polling; its old slug or id lands here at its current address. */
export function TournamentPage() {
  const { slug = '' } = useParams();
  const navigate = useNavigate();
  const cup = useQuery(tournamentPageQuery(slug, { poll: true }));
  usePageMeta(cup.data ? { title: cup.data.name, description: `${cupStatusLabels[cup.data.phase ?? 'draft']}: ${cup.data.name}` } : { title: 'Tournament', description: 'A tournament.' });
  // Reached by its id (the hall of fame links so) or an old slug: show its readable address.
  useEffect(() => {
    if (cup.data && cup.data.slug !== slug) void navigate(tournamentPath(cup.data.slug), { replace: true });
  }, [cup.data, slug, navigate]);

  if (cup.isPending) {
    return (
      <div className="mx-auto grid max-w-7xl gap-6 px-4 py-14 sm:px-6" aria-busy="true" aria-label="Loading the tournament">
        <Skeleton className="h-14 w-3/5" />
        <Skeleton className="h-44 rounded-2xl" />
      </div>
    );
  }
  if (cup.isError) {
    const isMissing = cup.error instanceof HttpError && cup.error.status === 404;
    return (
      <div className="mx-auto max-w-7xl px-4 pt-10 sm:px-6">
        {isMissing ? (
          <EmptyState
            icon={Trophy}
            title="Tournament Not Found"
            headingLevel={2}
            actions={
              <Button asChild>
                <Link to={paths.tournaments}>See All Cups</Link>
              </Button>
            }
          >
            This tournament does not exist or was removed.
          </EmptyState>
        ) : (
          <EmptyState icon={RefreshCw} title="We couldn't load the tournament" headingLevel={2} actions={<Button onClick={() => void cup.refetch()}>Try again</Button>}>
            Please check your connection and try again.
          </EmptyState>
        )}
      </div>
    );
  }
  return <CupHome cup={cup.data} />;
}
