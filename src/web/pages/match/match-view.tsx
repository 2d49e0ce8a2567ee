import ArrowLeft from 'lucide-react/icons/arrow-left';
import Check from 'lucide-react/icons/check';
import Clock from 'lucide-react/icons/clock';
import ListOrdered from 'lucide-react/icons/list-ordered';
import MapIcon from 'lucide-react/icons/map';
import Swords from 'lucide-react/icons/swords';
import Tv from 'lucide-react/icons/tv';
import { useEffect, useState } from 'react';
import { matchMetaOf } from '../../../shared/page-meta';
import { paths } from '../../../shared/paths';
import { matchStatusLabels } from '../../../shared/match-labels';
import type { MatchDetail } from '../../../shared/schemas/match';
import { useT } from '../../i18n/i18n';
import { useFormats } from '../../i18n/use-formats';
import { Island } from '../../islands/island';
import { usePolled } from '../../islands/use-polled';
import { NavAnchor } from '../../components/layout/nav-anchor';
import { PageHeader } from '../../components/layout/page-header';
import { LIVE_POLL_MS, matchPollInterval } from '../../components/match/match-polling';
import { bestOfLabel, historyLine, matchTexts, seriesScoreText, staffNoteLine, teamNameOf } from '../../components/match/match-texts';
import { VetoLog, VetoTurnStatus } from '../../components/match/veto-parts';
import { StreamPlayer } from '../../components/stream/stream-player';
import { Badge } from '../../components/ui/badge';
import { TeamAvatar } from '../../components/ui/team-avatar';
import { useDisplayTimeZone } from '../../lib/use-now';
import { islandApiPaths } from '../../../shared/api/island-paths';
import { cn } from '../../lib/utils';

const statusVariant = { waiting: 'secondary', veto: 'warning', live: 'default', finished: 'success' } as const;

export interface LiveMatchProps {
  match: MatchDetail;
}

/**
 * A match's page once read (the island `match`): the teams, the series score, the veto and each map,
 * read again while the match is not finished (every 3 s in its veto, every 5 s otherwise).
 */
export function LiveMatch({ match: initial }: LiveMatchProps) {
  // The pace follows what the last read said: faster in the veto, stopped once finished.
  const [pollMs, setPollMs] = useState(() => matchPollInterval(initial));
  const match = usePolled(pollMs === false ? null : islandApiPaths.match(initial.id), initial, pollMs || LIVE_POLL_MS);
  const latestPollMs = matchPollInterval(match);
  useEffect(() => setPollMs(latestPollMs), [latestPollMs]);
  return <MatchView match={match} />;
}

/** The live match as an island: a page served as islands keeps polling it. */
export function MatchIsland(props: LiveMatchProps) {
  return (
    <Island name="match" props={props}>
      <LiveMatch {...props} />
    </Island>
  );
}

function MatchView({ match }: { match: MatchDetail }) {
  const t = useT();
  const { dayTimeZone } = useFormats();
  const { title } = matchMetaOf(match);
  const zone = useDisplayTimeZone();
  return (
    <>
      <PageHeader eyebrow={`${match.tournamentName} · ${match.label}`} title={title} width="reading">
        <span className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <Badge variant={statusVariant[match.status]} data-testid="match-status">
            {t(matchStatusLabels[match.status])}
          </Badge>
          <span>{bestOfLabel(match.bestOf, t)}</span>
          {match.startsAt && !match.isBye && (
            // In the visitor's zone, named (UTC in the served HTML until the page is taken over).
            <span className="inline-flex items-center gap-1.5" data-testid="match-time">
              <Clock aria-hidden className="size-4" />
              {`${t(matchTexts.matchTime)} `}
              <time dateTime={match.startsAt}>{dayTimeZone(match.startsAt, zone)}</time>
            </span>
          )}
        </span>
      </PageHeader>
      <div className="mx-auto grid max-w-5xl gap-6 px-4 py-10 sm:px-6">
        <Scoreboard match={match} />
        {match.streamUrl && (
          // As wide as the reading column: a full-width player would push the maps and the history below the fold.
          <section aria-labelledby="stream-title" className="mx-auto grid w-full max-w-3xl gap-3" data-testid="match-stream">
            <h2 id="stream-title" className="flex items-center gap-2 text-xl font-bold">
              <Tv aria-hidden className="size-5 text-primary" />
              {t('Stream')}
            </h2>
            <StreamPlayer url={match.streamUrl} title={t('{name} live', { name: title })} />
          </section>
        )}
        <div className="grid gap-6 lg:grid-cols-2">
          <MapsSection match={match} />
          <VetoSection match={match} />
        </div>
        <HistorySection match={match} />
        <p>
          <NavAnchor to={paths.bracket} className="inline-flex items-center gap-2 text-sm font-semibold text-accent underline-offset-4 hover:underline">
            <ArrowLeft aria-hidden className="size-4" />
            {t('Back to the bracket')}
          </NavAnchor>
        </p>
      </div>
    </>
  );
}

function Scoreboard({ match }: { match: MatchDetail }) {
  const t = useT();
  const teams = [
    { id: match.team1Id, name: match.team1Name, logoUrl: match.team1LogoUrl, maps: match.seriesScore.team1 },
    { id: match.team2Id, name: match.team2Name, logoUrl: match.team2LogoUrl, maps: match.seriesScore.team2 },
  ];
  const showsScore = match.maps.length > 0;
  return (
    <section aria-labelledby="scoreboard-title" className="rounded-2xl border border-border bg-surface p-5" data-testid="scoreboard">
      <h2 id="scoreboard-title" className="sr-only">
        {t('Score')}
      </h2>
      <div className="grid grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)] items-center gap-3">
        {teams.map((team, index) => (
          // On a phone the logo sits above the name, so each name has the column's width.
          <div
            key={index}
            className={cn(
              'flex min-w-0 flex-col items-center gap-2 text-center sm:flex-row sm:gap-3 sm:text-left',
              index === 1 && 'order-3 sm:flex-row-reverse sm:text-right',
            )}
          >
            {team.id ? (
              <TeamAvatar name={team.name ?? ''} logoUrl={team.logoUrl} className="size-12 sm:size-16" />
            ) : (
              <span aria-hidden className="size-12 shrink-0 rounded-lg border border-dashed border-border sm:size-16" />
            )}
            <div className="min-w-0">
              <p className={cn('break-words text-base font-bold sm:text-2xl', !team.id && 'italic text-muted')} data-testid="match-team-name">
                {team.name ?? (match.isBye ? t('Bye') : t('To be decided'))}
              </p>
              {team.id !== null && team.id === match.winnerTeamId && (
                <p
                  className={cn(
                    'flex items-center justify-center gap-1 text-sm font-semibold text-green-300 sm:justify-start',
                    index === 1 && 'sm:justify-end',
                  )}
                  data-testid="match-winner"
                >
                  <Check aria-hidden className="size-4" />
                  {match.forfeit ? t(matchTexts.forfeit) : t('Winner')}
                </p>
              )}
            </div>
          </div>
        ))}
        <p className="order-2 text-center" data-testid="series-score">
          {match.forfeit ? (
            <span className="text-2xl font-black text-muted sm:text-4xl">{t('FF')}</span>
          ) : showsScore ? (
            <>
              <span aria-hidden className="text-3xl font-black tabular-nums sm:text-5xl">
                {seriesScoreText(match)}
              </span>
              <span className="sr-only">
                {t('Maps won: {team1} {maps1}, {team2} {maps2}', {
                  team1: teamNameOf(match, match.team1Id, t),
                  maps1: match.seriesScore.team1,
                  team2: teamNameOf(match, match.team2Id, t),
                  maps2: match.seriesScore.team2,
                })}
              </span>
            </>
          ) : match.score ? (
            <span className="text-2xl font-black tabular-nums sm:text-4xl">{match.score}</span>
          ) : (
            <span className="text-xl font-bold text-muted">vs</span>
          )}
        </p>
      </div>
      {match.isBye && <p className="mt-3 text-sm text-muted">{t(matchTexts.bye)}</p>}
    </section>
  );
}

/** Each map to play or played: from the veto while it is settled, with the rounds once entered. */
function MapsSection({ match }: { match: MatchDetail }) {
  const t = useT();
  const settled = match.veto?.maps ?? [];
  const count = Math.max(settled.length, match.maps.length);
  const rows = Array.from({ length: count }, (_, index) => ({ settled: settled[index], played: match.maps[index] }));
  return (
    <section aria-labelledby="maps-title" className="grid content-start gap-3 rounded-2xl border border-border bg-surface p-5">
      <h2 id="maps-title" className="flex items-center gap-2 text-xl font-bold">
        <MapIcon aria-hidden className="size-5 text-primary" />
        {t('Maps')}
      </h2>
      {match.forfeit ? (
        <p className="text-sm text-muted">{t('{team} won by forfeit: no map was played.', { team: teamNameOf(match, match.winnerTeamId, t) })}</p>
      ) : rows.length === 0 ? (
        <p className="text-sm text-muted" data-testid="maps-note">
          {match.status === 'waiting' && (!match.team1Id || !match.team2Id) ? t(matchTexts.waiting) : t('The maps appear here once the veto settles them.')}
        </p>
      ) : (
        <ol className="grid gap-2" data-testid="match-maps">
          {rows.map(({ settled: veto, played }, index) => {
            const name = played?.map ?? veto?.map ?? '';
            return (
              <li key={index} className="grid gap-1 rounded-xl border border-border bg-surface-2/40 px-4 py-3" data-testid="match-map">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <span className="font-bold">{t('Map {number}: {map}', { number: index + 1, map: name })}</span>
                  {played ? (
                    <span className="font-bold tabular-nums" data-testid="match-map-rounds">{`${played.team1Rounds}–${played.team2Rounds}`}</span>
                  ) : (
                    <span className="text-sm text-muted">{t('Not played yet')}</span>
                  )}
                </div>
                {veto && (
                  <p className="text-sm text-muted">
                    {veto.pickedByTeamId === null ? t('Decider') : t('Picked by {team}', { team: teamNameOf(match, veto.pickedByTeamId, t) })}
                    {veto.side
                      ? ` · ${
                          veto.side.side === 'attack'
                            ? t('{team} starts on Attack', { team: teamNameOf(match, veto.side.teamId, t) })
                            : t('{team} starts on Defense', { team: teamNameOf(match, veto.side.teamId, t) })
                        }`
                      : ''}
                  </p>
                )}
                {played?.winnerTeamId && (
                  <p className="text-sm text-green-300">{t('{team} won the map', { team: teamNameOf(match, played.winnerTeamId, t) })}</p>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

function VetoSection({ match }: { match: MatchDetail }) {
  const t = useT();
  const veto = match.veto;
  return (
    <section aria-labelledby="veto-title" className="grid content-start gap-3 rounded-2xl border border-border bg-surface p-5">
      <h2 id="veto-title" className="flex items-center gap-2 text-xl font-bold">
        <Swords aria-hidden className="size-5 text-primary" />
        {t('Map veto')}
      </h2>
      {!veto ? (
        <p className="text-sm text-muted" data-testid="veto-note">
          {t(
            match.isBye
              ? matchTexts.noVeto
              : !match.team1Id || !match.team2Id
                ? matchTexts.waiting
                : // Both teams and still waiting: the bracket runs vetoes and its captains are not both ready.
                  match.status === 'waiting'
                  ? matchTexts.vetoNotOpen
                  : match.status === 'finished'
                    ? matchTexts.noVetoRun
                    : matchTexts.noSiteVeto,
          )}
        </p>
      ) : (
        <>
          {veto.next && match.status === 'veto' ? (
            <VetoTurnStatus match={match} next={veto.next} />
          ) : veto.done ? (
            <p className="text-sm font-semibold">{t(matchTexts.vetoDone)}</p>
          ) : veto.log.length === 0 ? (
            <p className="text-sm text-muted">{t(match.status === 'waiting' || match.status === 'veto' ? matchTexts.vetoNotOpen : matchTexts.noVetoRun)}</p>
          ) : null}
          {veto.log.length > 0 && <VetoLog match={match} log={veto.log} />}
        </>
      )}
    </section>
  );
}

/** What happened, oldest first, each step with its time in the visitor's zone. */
function HistorySection({ match }: { match: MatchDetail }) {
  const t = useT();
  const { dayTimeZone } = useFormats();
  const zone = useDisplayTimeZone();
  return (
    <section aria-labelledby="history-title" className="grid content-start gap-3 rounded-2xl border border-border bg-surface p-5">
      <h2 id="history-title" className="flex items-center gap-2 text-xl font-bold">
        <ListOrdered aria-hidden className="size-5 text-primary" />
        {t('History')}
      </h2>
      {match.history.length === 0 ? (
        <p className="text-sm text-muted">{t(matchTexts.noHistory)}</p>
      ) : (
        <ol className="grid gap-2" data-testid="match-history">
          {match.history.map((step, index) => (
            <li key={index} className="grid gap-0.5 border-l-2 border-border pl-3 sm:grid-cols-[11rem_minmax(0,1fr)] sm:gap-3" data-testid="match-history-step">
              <time dateTime={step.at} className="text-sm tabular-nums text-muted" data-testid="match-history-time">
                {dayTimeZone(step.at, zone)}
              </time>
              <div className="min-w-0">
                <p className="break-words font-semibold" data-testid="match-history-line">
                  {historyLine(match, step, t)}
                </p>
                {step.note && (
                  <p className="break-words text-sm text-muted" data-testid="match-history-note">
                    {staffNoteLine(step.note, t)}
                  </p>
                )}
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
