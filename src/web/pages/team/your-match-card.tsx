import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Swords } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { matchPath } from '../../../shared/paths';
import type { Bracket, BracketMatch } from '../../../shared/schemas/bracket';
import { matchStatusLabels, type CaptainVetoInput, type MatchDetail } from '../../../shared/schemas/match';
import type { TeamPageData } from '../../../shared/schemas/team-page';
import { HttpError } from '../../api';
import { bestOfLabel, matchTexts, opponentOf, seriesScoreText, teamNameOf } from '../../components/match/match-texts';
import { SettledMaps, VetoChoices, VetoLog, VetoTurnStatus } from '../../components/match/veto-parts';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { matchKey, matchQuery, useCaptainVeto, useReadyForMatch } from '../../queries/matches';
import { formatDateTime } from '../../../shared/dates';
import { Button } from '../../components/ui/button';
import { bracketQuery } from '../../queries/public';

/** The team's match still to be decided: the bracket's match with this team in it and no winner. */
export function currentMatchOf(bracket: Bracket | null | undefined, teamId: string): BracketMatch | null {
  if (!bracket) return null;
  const matches = [...bracket.rounds.flatMap((round) => round.matches), ...(bracket.thirdPlace ? [bracket.thirdPlace] : [])];
  return matches.find((match) => !match.isBye && match.winnerTeamId === null && (match.team1Id === teamId || match.team2Id === teamId)) ?? null;
}

export const yourMatchTexts = {
  title: 'Your match',
  opponentUnknown: 'Your opponent is not known yet: their match is still being played.',
  notYourTurn: (team: string) => `Waiting for ${team}.`,
  readyTitle: 'Ready check',
  readyOpensAt: (at: string) => `The ready check opens at ${at}, 15 minutes before the match.`,
  readyButton: 'Ready',
  weAreReady: (opponent: string) => `Your team is ready. Waiting for ${opponent}.`,
  theyAreReady: (opponent: string) => `${opponent} is ready.`,
  readyThenVeto: 'When both teams are ready, the map veto opens.',
};

/**
 * The ready check: from its opening each captain says the team is here; when both are, the veto
 * opens (or, without a veto on the site, the match is live).
 */
function ReadyCheck({ match, teamId, teamKey, opponentId }: { match: MatchDetail; teamId: string; teamKey: string; opponentId: string }) {
  const ready = useReadyForMatch(teamId, teamKey, match.id);
  const weAre = teamId === match.team1Id ? match.ready.team1 : match.ready.team2;
  const theyAre = teamId === match.team1Id ? match.ready.team2 : match.ready.team1;
  const opponent = teamNameOf(match, opponentId);
  const isOpen = match.ready.opensAt !== null && Date.parse(match.ready.opensAt) <= Date.now();
  return (
    <section aria-labelledby="ready-check-title" className="grid gap-2" data-testid="ready-check">
      <h3 id="ready-check-title" className="font-bold">
        {yourMatchTexts.readyTitle}
      </h3>
      <div aria-live="polite" className="grid gap-1 text-sm">
        {weAre ? <p>{yourMatchTexts.weAreReady(opponent)}</p> : theyAre ? <p>{yourMatchTexts.theyAreReady(opponent)}</p> : null}
        {!weAre && !isOpen && match.ready.opensAt && <p className="text-muted">{yourMatchTexts.readyOpensAt(formatDateTime(match.ready.opensAt))}</p>}
        <p className="text-muted">{yourMatchTexts.readyThenVeto}</p>
      </div>
      {!weAre && isOpen && (
        <Button className="justify-self-start" onClick={() => ready.mutate()} disabled={ready.isPending}>
          {yourMatchTexts.readyButton}
        </Button>
      )}
      {ready.isError && (
        <p role="alert" className="text-sm font-medium text-red-400">
          {ready.error instanceof HttpError && ready.error.status < 500 ? (ready.error.serverMessage ?? ready.error.message) : 'Your team could not be marked ready. Please try again.'}
        </p>
      )}
    </section>
  );
}

/**
 * The captain's current match: the opponent, the best-of, the veto's turn with its countdown and
 * the buttons to take the team's turn, and the maps settled so far. The bracket is read every 5 s
 * (to find the match); the match every 3 s while its veto runs.
 */
export function YourMatchCard({ team, teamKey }: { team: TeamPageData; teamKey: string }) {
  const isPlaying = team.cup.isDrawn && team.cup.bracket?.result === 'playing';
  const bracket = useQuery({ ...bracketQuery(isPlaying ? team.tournament.id : undefined), refetchInterval: 5000 });
  const current = currentMatchOf(bracket.data, team.id);
  const match = useQuery(matchQuery(current?.id));
  if (!isPlaying || !current) return null;
  return (
    <Card data-testid="your-match">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-xl">
          <Swords aria-hidden className="size-5 text-primary" />
          {yourMatchTexts.title}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {match.data ? <YourMatch match={match.data} teamId={team.id} teamKey={teamKey} /> : <p className="text-sm text-muted">Loading your match…</p>}
      </CardContent>
    </Card>
  );
}

function YourMatch({ match, teamId, teamKey }: { match: MatchDetail; teamId: string; teamKey: string }) {
  const queryClient = useQueryClient();
  const veto = useCaptainVeto(teamId, teamKey, match.id);
  const [pending, setPending] = useState<CaptainVetoInput | null>(null);
  const opponentId = opponentOf(match, teamId);
  // Turns are taken while the match is in its veto (a map entered or a result ends it).
  const next = match.status === 'veto' ? (match.veto?.next ?? null) : null;
  const isOurTurn = next !== null && next.teamId === teamId;

  const choose = (choice: CaptainVetoInput) => {
    setPending(choice);
    veto.mutate(choice, {
      onSettled: () => setPending(null),
      // Refused (the other captain or the clock acted first): show the veto as it now is.
      onError: () => void queryClient.invalidateQueries({ queryKey: matchKey(match.id) }),
    });
  };

  return (
    <>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted">Opponent</dt>
        <dd className="font-bold" data-testid="your-match-opponent">
          {opponentId ? teamNameOf(match, opponentId) : yourMatchTexts.opponentUnknown}
        </dd>
        <dt className="text-muted">Time</dt>
        <dd data-testid="your-match-time">{match.startsAt ? formatDateTime(match.startsAt) : 'TBA'}</dd>
        <dt className="text-muted">Format</dt>
        <dd>{bestOfLabel(match.bestOf)}</dd>
        <dt className="text-muted">Status</dt>
        <dd>
          {matchStatusLabels[match.status]}
          {match.maps.length > 0 && ` · ${seriesScoreText(match)}`}
        </dd>
      </dl>
      {opponentId && match.status === 'waiting' && <ReadyCheck match={match} teamId={teamId} teamKey={teamKey} opponentId={opponentId} />}
      {!match.veto && opponentId && match.status !== 'waiting' && <p className="text-sm text-muted">{matchTexts.noSiteVeto}</p>}
      {match.veto && (
        <section aria-labelledby="your-veto-title" className="grid gap-3">
          <h3 id="your-veto-title" className="font-bold">
            Map veto
          </h3>
          {next ? (
            <>
              <VetoTurnStatus match={match} next={next} ownTeamId={teamId} />
              {isOurTurn ? (
                <VetoChoices match={match} veto={match.veto} onChoose={choose} pendingChoice={pending} disabled={veto.isPending} />
              ) : (
                <p className="text-sm text-muted">{yourMatchTexts.notYourTurn(teamNameOf(match, next.teamId))}</p>
              )}
            </>
          ) : (
            <p className="text-sm text-muted">{match.veto.done ? matchTexts.vetoDone : match.status === 'waiting' || match.status === 'veto' ? matchTexts.vetoNotOpen : matchTexts.noVetoRun}</p>
          )}
          {veto.isError && (
            <p role="alert" className="text-sm font-medium text-red-400">
              {veto.error instanceof HttpError && veto.error.status < 500 ? (veto.error.serverMessage ?? veto.error.message) : 'Your choice could not be saved. Please try again.'}
            </p>
          )}
          <SettledMaps match={match} maps={match.veto.maps} />
          {match.veto.log.length > 0 && (
            <details className="text-sm">
              <summary className="cursor-pointer font-semibold">Veto log</summary>
              <VetoLog match={match} log={match.veto.log} className="mt-2" />
            </details>
          )}
        </section>
      )}
      <p>
        <Link to={matchPath(match.id)} className="text-sm font-semibold text-accent underline-offset-4 hover:underline">
          Open the match page
        </Link>
      </p>
    </>
  );
}
