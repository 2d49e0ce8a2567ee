import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Swords } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { matchPath } from '../../../shared/paths';
import type { Bracket, BracketMatch } from '../../../shared/schemas/bracket';
import { matchStatusLabels, type CaptainVetoInput, type MatchDetail } from '../../../shared/schemas/match';
import type { TeamPageData } from '../../../shared/schemas/team-page';
import { bestOfLabel, matchTexts, opponentOf, seriesScoreText, teamNameOf } from '../../components/match/match-texts';
import { SettledMaps, VetoChoices, VetoLog, VetoTurnStatus } from '../../components/match/veto-parts';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { useT } from '../../i18n/i18n';
import { captainMatchKey, captainMatchQuery, useCaptainVeto } from '../../queries/matches';
import { bracketQuery } from '../../queries/public';
import { ActionError } from './action-error';
import { MatchReportPanel } from './match-report-panel';
import { MatchResult } from './match-result';
import { MatchTime } from './match-time';
import { ReadyCheck } from './ready-check';
import { yourMatchTexts } from './your-match-texts';

const teamMatchesOf = (bracket: Bracket, teamId: string) =>
  [...bracket.rounds.flatMap((round) => round.matches), ...(bracket.thirdPlace ? [bracket.thirdPlace] : [])].filter(
    (match) => !match.isBye && (match.team1Id === teamId || match.team2Id === teamId),
  );

/** The team's match still to be decided: the bracket's match with this team in it and no winner. */
export function currentMatchOf(bracket: Bracket | null | undefined, teamId: string): BracketMatch | null {
  if (!bracket) return null;
  return teamMatchesOf(bracket, teamId).find((match) => match.winnerTeamId === null) ?? null;
}

/** The team's last decided match (its result stays on the card once the team has no match left to play). */
export function lastMatchOf(bracket: Bracket | null | undefined, teamId: string): BracketMatch | null {
  if (!bracket) return null;
  return teamMatchesOf(bracket, teamId).findLast((match) => match.winnerTeamId !== null) ?? null;
}

/**
 * The captain's current match, or once none is left the last one with its result: the opponent,
 * the time in the captain's zone, the ready check and a no-show claim, the veto's turns, then the
 * result's report, confirmation or dispute. The bracket is read every 5 s (to find the match); the
 * match every 3 s while its veto runs, every 5 s until it is finished (reported and disputed included).
 */
export function YourMatchCard({ team, teamKey }: { team: TeamPageData; teamKey: string }) {
  const t = useT();
  const standing = team.cup.bracket?.result;
  const isInBracket = team.cup.isDrawn && standing !== undefined && standing !== 'not_in_bracket';
  const bracket = useQuery({ ...bracketQuery(isInBracket ? team.tournament.id : undefined), refetchInterval: standing === 'playing' ? 5000 : false });
  const current = currentMatchOf(bracket.data, team.id);
  const shown = current ?? lastMatchOf(bracket.data, team.id);
  const match = useQuery(captainMatchQuery(team.id, teamKey, shown?.id));
  if (!isInBracket || !shown) return null;
  return (
    <Card data-testid="your-match">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-xl">
          <Swords aria-hidden className="size-5 text-primary" />
          {t(current ? yourMatchTexts.title : yourMatchTexts.lastTitle)}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {match.data ? <YourMatch match={match.data} teamId={team.id} teamKey={teamKey} /> : <p className="text-sm text-muted">{t(yourMatchTexts.loading)}</p>}
      </CardContent>
    </Card>
  );
}

function YourMatch({ match, teamId, teamKey }: { match: MatchDetail; teamId: string; teamKey: string }) {
  const t = useT();
  const queryClient = useQueryClient();
  const veto = useCaptainVeto(teamId, teamKey, match.id);
  const [pending, setPending] = useState<CaptainVetoInput | null>(null);
  const opponentId = opponentOf(match, teamId);
  // Turns are taken while the match is in its veto (a map entered or a result ends it).
  const next = match.status === 'veto' ? (match.veto?.next ?? null) : null;
  const isOurTurn = next !== null && next.teamId === teamId;
  const isFinished = match.status === 'finished';
  const bothReady = match.ready.team1 && match.ready.team2;
  const opponent = opponentId ? teamNameOf(match, opponentId) : null;

  const choose = (choice: CaptainVetoInput) => {
    setPending(choice);
    veto.mutate(choice, {
      onSettled: () => setPending(null),
      // Refused (the other captain or the clock acted first): show the veto as it now is.
      onError: () => void queryClient.invalidateQueries({ queryKey: captainMatchKey(teamId, match.id) }),
    });
  };

  return (
    <>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted">{t('Opponent')}</dt>
        <dd className="font-bold" data-testid="your-match-opponent">
          {opponent ?? t(yourMatchTexts.opponentUnknown)}
        </dd>
        <dt className="text-muted">{t('Time')}</dt>
        <dd>
          <MatchTime match={match} opponent={opponent} />
        </dd>
        <dt className="text-muted">{t('Format')}</dt>
        <dd>{bestOfLabel(match.bestOf)}</dd>
        <dt className="text-muted">{t('Status')}</dt>
        <dd>
          {t(matchStatusLabels[match.status])}
          {match.maps.length > 0 && ` · ${seriesScoreText(match)}`}
        </dd>
      </dl>
      {/* Without a veto on the site the match shows live at once: the ready check still comes first. */}
      {opponentId && !isFinished && !bothReady && <ReadyCheck match={match} teamId={teamId} teamKey={teamKey} opponentId={opponentId} />}
      {!match.veto && opponentId && !isFinished && match.status !== 'waiting' && <p className="text-sm text-muted">{t(matchTexts.noSiteVeto)}</p>}
      {opponentId && match.status === 'live' && bothReady && <MatchReportPanel match={match} teamId={teamId} teamKey={teamKey} opponentId={opponentId} />}
      {isFinished && <MatchResult match={match} />}
      {match.veto && !isFinished && (
        <section aria-labelledby="your-veto-title" className="grid gap-3">
          <h3 id="your-veto-title" className="font-bold">
            {t('Map veto')}
          </h3>
          {next ? (
            <>
              <VetoTurnStatus match={match} next={next} ownTeamId={teamId} />
              {isOurTurn ? (
                <VetoChoices match={match} veto={match.veto} onChoose={choose} pendingChoice={pending} disabled={veto.isPending} />
              ) : (
                <p className="text-sm text-muted">{t(yourMatchTexts.notYourTurn, { team: teamNameOf(match, next.teamId) })}</p>
              )}
            </>
          ) : (
            <p className="text-sm text-muted">{t(match.veto.done ? matchTexts.vetoDone : match.status === 'waiting' || match.status === 'veto' ? matchTexts.vetoNotOpen : matchTexts.noVetoRun)}</p>
          )}
          <ActionError error={veto.error} fallback={yourMatchTexts.vetoFailed} />
          <SettledMaps match={match} maps={match.veto.maps} />
          {match.veto.log.length > 0 && (
            <details className="text-sm">
              <summary className="cursor-pointer font-semibold">{t('Veto log')}</summary>
              <VetoLog match={match} log={match.veto.log} className="mt-2" />
            </details>
          )}
        </section>
      )}
      <p>
        <Link to={matchPath(match.id)} className="text-sm font-semibold text-accent underline-offset-4 hover:underline">
          {t(yourMatchTexts.openMatchPage)}
        </Link>
      </p>
    </>
  );
}
