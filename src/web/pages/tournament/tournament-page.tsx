import { useQuery } from '@tanstack/react-query';
import { GitBranch, Medal, RefreshCw, ScrollText, Trophy, Tv } from 'lucide-react';
import { useContext, useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { paths, tournamentPath } from '../../../shared/paths';
import { publicPhase } from '../../../shared/public-display';
import type { Champion } from '../../../shared/schemas/champion';
import type { TournamentPage as Cup } from '../../../shared/schemas/tournament-page';
import { cupStatusLabels } from '../../../shared/tournament-listing';
import { BracketIsland } from '../../components/bracket/live-bracket';
import { StreamPlayerIsland } from '../../components/stream/stream-player';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Skeleton } from '../../components/ui/skeleton';
import { TeamAvatar } from '../../components/ui/team-card';
import { HttpError } from '../../api';
import { useT } from '../../i18n/i18n';
import { useFormats } from '../../i18n/use-formats';
import { msg } from '../../../shared/i18n/msg';
import { RenderTimeContext, useNow } from '../../lib/use-now';
import { usePageMeta } from '../../lib/use-page-meta';
import { useSite } from '../../lib/use-site';
import { bracketQuery, capacityQuery, championsQuery, teamsQuery, tournamentPageQuery } from '../../queries/public';
import { InfoCardsIsland } from '../home/info-cards';
import { CupHeroIsland } from './cup-hero';
import { Section } from './cup-section';
import { CupTeamsIsland } from './cup-teams';
import { EmbedCodeIsland } from './embed-code';

const placementNames: Record<number, string> = { 1: msg('Champion'), 2: msg('Runner-up'), 3: msg('Third place') };

/** The final placements, from the champions the confirmed bracket (or the organizer) recorded. */
function Placements({ placements }: { placements: Champion[] }) {
  const t = useT();
  const { money } = useFormats();
  return (
    <Section id="placements" icon={Medal} title={t('Final Placements')}>
      <ol className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="placements">
        {placements.map((placed) => (
          <li
            key={placed.id}
            className={`flex items-center gap-4 rounded-xl border p-4 ${placed.placement === 1 ? 'border-warning/50 bg-warning/10' : 'border-border bg-surface'}`}
          >
            <TeamAvatar name={placed.teamName} logoUrl={placed.teamLogoUrl} />
            <div className="min-w-0">
              <p className="text-xs font-bold uppercase tracking-wider text-muted">
                {placementNames[placed.placement] ? t(placementNames[placed.placement]) : t('Place {place}', { place: placed.placement })}
              </p>
              <p className="break-words text-lg font-bold">{placed.teamName}</p>
              {placed.prizeAmount && <p className="text-sm font-semibold text-warning">{money(placed.prizeAmount, placed.currency)}</p>}
            </div>
          </li>
        ))}
      </ol>
      <Button asChild variant="link" className="mt-2 h-auto px-0">
        <Link to={paths.hallOfFame}>{t('See every champion in the Hall of Fame')}</Link>
      </Button>
    </Section>
  );
}

function CupBracket({ cup }: { cup: Cup }) {
  const t = useT();
  // Polled by its island (src/web/components/bracket/live-bracket.tsx), which carries the match streams too.
  const bracket = useQuery(bracketQuery(cup.id));
  if (!cup.hasBracket) return null;
  return (
    <Section id="bracket" icon={GitBranch} title={t('Bracket')}>
      {bracket.data ? (
        <BracketIsland tournamentId={cup.id} bracket={bracket.data} label={t('{name} bracket', { name: cup.name })} level={3} streams={cup.matchStreams} />
      ) : (
        <Skeleton className="h-64 rounded-xl" />
      )}
    </Section>
  );
}

function CupHome({ cup }: { cup: Cup }) {
  const t = useT();
  const site = useSite();
  const renderedAt = useContext(RenderTimeContext);
  const now = useNow();
  const capacity = useQuery(capacityQuery(cup.id));
  const teams = useQuery(teamsQuery(cup.id));
  const champions = useQuery(championsQuery());
  const phase = publicPhase(cup, now);
  const placements = (champions.data ?? []).filter((champion) => champion.tournamentId === cup.id).sort((a, b) => a.placement - b.placement);

  return (
    <>
      <CupHeroIsland
        cup={cup}
        capacity={capacity.data ?? null}
        game={site?.game ?? null}
        discordInviteUrl={site?.discordInviteUrl ?? null}
        renderedAt={renderedAt}
      />
      <div className="mx-auto grid max-w-7xl gap-12 px-4 py-10 sm:px-6 sm:py-14">
        <InfoCardsIsland tournament={cup} />
        {cup.streamUrl && (
          <Section id="stream" icon={Tv} title={t('Stream')}>
            <div className="max-w-4xl">
              <StreamPlayerIsland url={cup.streamUrl} title={t('{name} live', { name: cup.name })} />
            </div>
          </Section>
        )}
        {phase === 'completed' && placements.length > 0 && <Placements placements={placements} />}
        <CupBracket cup={cup} />
        {phase !== 'cancelled' && (teams.isPending ? <Skeleton className="h-24 rounded-xl" /> : <CupTeamsIsland cupId={cup.id} teams={teams.data ?? []} />)}
        {cup.rules && (
          <Section id="rules" icon={ScrollText} title={t('Tournament Rules')}>
            <p className="whitespace-pre-line text-sm leading-relaxed text-muted">{cup.rules}</p>
          </Section>
        )}
        <EmbedCodeIsland slug={cup.slug} hasBracket={!!cup.hasBracket} />
      </div>
    </>
  );
}

/** /tournaments/{slug}: one cup's home, live by polling; its old slug or id lands here at its current address. */
export function TournamentPage() {
  const t = useT();
  const { slug = '' } = useParams();
  const navigate = useNavigate();
  const cup = useQuery(tournamentPageQuery(slug, { poll: true }));
  usePageMeta(
    cup.data
      ? { title: cup.data.name, description: t('{status}: {name}', { status: t(cupStatusLabels[cup.data.phase ?? 'draft']), name: cup.data.name }) }
      : { title: t('Tournament'), description: t('A tournament.') },
  );
  // Reached by its id (the hall of fame links so) or an old slug: show its readable address.
  useEffect(() => {
    if (cup.data && cup.data.slug !== slug) void navigate(tournamentPath(cup.data.slug), { replace: true });
  }, [cup.data, slug, navigate]);

  if (cup.isPending) {
    return (
      <div className="mx-auto grid max-w-7xl gap-6 px-4 py-14 sm:px-6" aria-busy="true" aria-label={t('Loading the tournament')}>
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
            title={t('Tournament Not Found')}
            headingLevel={2}
            actions={
              <Button asChild>
                <Link to={paths.tournaments}>{t('See All Cups')}</Link>
              </Button>
            }
          >
            {t('This tournament does not exist or was removed.')}
          </EmptyState>
        ) : (
          <EmptyState
            icon={RefreshCw}
            title={t("We couldn't load the tournament")}
            headingLevel={2}
            actions={<Button onClick={() => void cup.refetch()}>{t('Try again')}</Button>}
          >
            {t('Please check your connection and try again.')}
          </EmptyState>
        )}
      </div>
    );
  }
  return <CupHome cup={cup.data} />;
}
