import { useQuery } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, GitBranch, Loader2, Trophy } from 'lucide-react';
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import {
  bracketFormatLabels,
  seedingMethodLabels,
  seedingMethods,
  type Bracket,
  type BracketMatch,
  type MatchResultOutcome,
  type SeedingMethod,
} from '../../../../shared/schemas/bracket';
import { msg } from '../../../../shared/i18n/msg';
import { bestOfValues, defaultMapPool, type BestOf } from '../../../../shared/schemas/match';
import type { Team } from '../../../../shared/schemas/team';
import type { Tournament } from '../../../../shared/schemas/tournament';
import { BracketRounds } from '../../../components/bracket/bracket-rounds';
import { bracketNameText } from '../../../components/bracket/bracket-texts';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { NativeSelect } from '../../../components/ui/select';
import { Label } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/use-toast';
import { useT } from '../../../i18n/i18n';
import { useCan } from '../../../lib/use-can';
import { useConfirmChampions, useGenerateBracket } from './queries';
import { bracketQuery, teamsQuery } from '../../../queries/public';
import { TournamentPicker, useChosenTournament } from '../shared/tournament-picker';
import { isInBracketField } from '../../../../shared/bracket/field';
import { thirdPlaceKey } from '../../../../shared/bracket/derive-bracket';
import { playoffKeyPrefix } from '../../../../shared/bracket/event';
import { CheckInCard } from './check-in-card';
import { ConfirmChampionsDialog } from './confirm-champions-dialog';
import { DrawBracketDialog, stageSummary } from './draw-bracket-dialog';
import { drawProblems, FormatOptions, FormatSelect, formatInput, formatIssuesOf, initialFormatChoice, type FormatChoice } from './draw-format-fields';
import { PlayoffStatus } from './playoff-status';
import { PhaseStatusLine } from './phase-status-line';
import { isCancelled } from '../../../../shared/tournament-phase';
import { focusWithin } from '../../../lib/focus';
import { ResultDialog } from './result-dialog';
import { MatchVetoPanel } from './match-veto-panel';
import { MatchQueueCard } from './match-queue-card';
import { versusText } from './match-day-texts';
import { MatchTime, ReportStateBadge, RoundTimeForm } from './match-times';
import { useSite } from '../../../lib/use-site';
import { HttpError } from '../../../api';
import { useChangeBestOf } from './queries';
import { matchQuery } from '../../../queries/matches';

/**
 * Tournament day: check-in, generate the bracket, enter and correct results, confirm the champions.
 * The live tournament until another is picked; staff work on the live one only (the server's rule too).
 */
export function MatchDayTab() {
  const { tournament, tournaments, isPending, choose } = useChosenTournament();
  const may = useCan();

  return (
    <div className="grid gap-6">
      {may('anyTournament') && (
        <div className="flex flex-wrap items-end gap-3">
          <TournamentPicker tournaments={tournaments} value={tournament?.id ?? ''} onChange={choose} />
        </div>
      )}
      {tournament && <PhaseStatusLine tournament={tournament} />}
      {tournament && !isCancelled(tournament) && <CheckInCard key={tournament.id} tournament={tournament} />}
      <BracketCard key={tournament?.id ?? ''} tournament={tournament} isPending={isPending} />
    </div>
  );
}

function BracketCard({ tournament, isPending }: { tournament: Tournament | null; isPending: boolean }) {
  // Polled: the captains' reports and results come in while staff watch.
  const t = useT();
  const bracket = useQuery(bracketQuery(tournament?.id, { poll: true }));
  const may = useCan();
  const [cleared, setCleared] = useState<MatchResultOutcome['cleared']>([]);
  const mapPool = useMapPool(tournament);
  const isRunning = !!bracket.data && !bracket.data.confirmedAt && !!tournament && !isCancelled(tournament);
  return (
    <>
      {isRunning && <MatchQueueCard bracket={bracket.data!} mapPool={mapPool} onSaved={(outcome) => setCleared(outcome.cleared)} />}
      <Card>
        <CardHeader>
          <CardTitle>{t('Bracket')}</CardTitle>
          <CardDescription>
            {tournament
              ? t('{format} for {tournament}: from the {teams, select, confirmed {confirmed} other {checked-in}} teams.', {
                  format: bracket.data ? t(bracketFormatLabels[bracket.data.format ?? 'single_elimination']) : t('The bracket'),
                  tournament: tournament.name,
                  teams: tournament.checkInEnabled === false ? 'confirmed' : 'checkedIn',
                })
              : t('The bracket of the active tournament.')}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          {isPending || (tournament && bracket.isPending) ? (
            <Skeleton className="h-40" />
          ) : !tournament ? (
            <p className="py-8 text-center text-muted">{t('No active tournament.')}</p>
          ) : bracket.isError ? (
            <p className="py-8 text-center text-red-400">{t('Could not load the bracket.')}</p>
          ) : (
            <>
              {may('bracket') && !hasResults(bracket.data ?? null) && <GenerateBracketForm tournament={tournament} current={bracket.data ?? null} />}
              {bracket.data && (
                <>
                  <PlayoffStatus tournament={tournament} bracket={bracket.data} />
                  <ChampionsStatus tournament={tournament} bracket={bracket.data} />
                  {isRunning && may('bracket') && <RoundTimeForm bracket={bracket.data} />}
                  {cleared.length > 0 && (
                    <div role="alert" className="rounded-xl border border-warning/50 bg-warning/10 p-4 text-sm">
                      <p className="font-bold">{t('These results were cleared because their teams changed. Enter them again:')}</p>
                      <ul className="mt-2 list-disc pl-5">
                        {cleared.map((item) => (
                          <li key={item.matchId}>
                            {t('{round}: {team1} vs {team2} (was won by {winner})', {
                              round: bracketNameText(item.roundName, t),
                              team1: item.team1Name ?? t('To be decided'),
                              team2: item.team2Name ?? t('To be decided'),
                              winner: item.winnerName ?? t('unknown'),
                            })}
                          </li>
                        ))}
                      </ul>
                    </div>
                  )}
                  <BracketRounds
                    bracket={bracket.data}
                    label={t('Bracket to enter results')}
                    showTimes={false}
                    actions={(match) => (
                      <MatchActions match={match} mapPool={mapPool} isLocked={!!bracket.data!.confirmedAt} onSaved={(outcome) => setCleared(outcome.cleared)} />
                    )}
                  />
                </>
              )}
            </>
          )}
        </CardContent>
      </Card>
    </>
  );
}

function hasResults(bracket: Bracket | null): boolean {
  if (!bracket) return false;
  return [...bracket.rounds.flatMap((round) => round.matches), ...(bracket.thirdPlace ? [bracket.thirdPlace] : [])].some(
    (match) => !match.isBye && match.winnerTeamId !== null,
  );
}

/** The maps results are entered from: the tournament's pool (its own, else the site's default). */
function useMapPool(tournament: Tournament | null): readonly string[] {
  const site = useSite();
  // The tournament's read gives its effective pool (its own, else the site's).
  const pool = tournament?.mapPool ?? site?.mapPool;
  return pool && pool.length > 0 ? pool : defaultMapPool;
}

/** A match's best-of can change until it starts (no veto action, no map, no result): the server says when it no longer can. */
const mayChangeBestOf = (match: BracketMatch) =>
  !match.isBye && match.winnerTeamId === null && (match.status === 'waiting' || match.status === 'veto') && !match.team1Maps && !match.team2Maps;

/** Where a match sits when its round does not say: its group, or a playoff's third-place match (played in the final's round); English, shown with bracketNameText. */
function partOf(match: BracketMatch): string | null {
  if (match.group) return `Group ${match.group}`;
  if (match.key === playoffKeyPrefix + thirdPlaceKey) return msg('Third-place match');
  return null;
}

function MatchActions({
  match,
  mapPool,
  isLocked,
  onSaved,
}: {
  match: BracketMatch;
  mapPool: readonly string[];
  isLocked: boolean;
  onSaved: (outcome: MatchResultOutcome) => void;
}) {
  const t = useT();
  const may = useCan();
  // In its veto, the match's own read (the veto panel's, polled) says whether a turn was taken: then the best-of is settled.
  const detail = useQuery(matchQuery(match.status === 'veto' ? match.id : undefined));
  const vetoBegun = (detail.data?.veto?.log.length ?? 0) > 0;
  const part = partOf(match);
  const partLine = part && (
    <p className="mt-2 px-2 text-xs font-semibold uppercase tracking-wide text-muted" data-testid="match-part">
      {bracketNameText(part, t)}
    </p>
  );
  if (isLocked || match.isBye) return partLine;
  const hasTeams = !!match.team1Id && !!match.team2Id;
  return (
    <>
      {partLine}
      {match.reportState && match.winnerTeamId === null && <ReportStateBadge state={match.reportState} />}
      {match.winnerTeamId === null && <MatchTime match={match} mayEdit={may('bracket')} />}
      {may('bracket') && mayChangeBestOf(match) && !vetoBegun && <BestOfSelect match={match} />}
      {hasTeams && may('results') && <MatchVetoPanel bracketMatch={match} />}
      {hasTeams && <ResultDialog match={match} mapPool={mapPool} onSaved={onSaved} />}
    </>
  );
}

function BestOfSelect({ match }: { match: BracketMatch }) {
  const t = useT();
  const change = useChangeBestOf(match.id);
  const title = versusText(match.team1Name ?? t('To be decided'), match.team2Name ?? t('To be decided'), t);
  return (
    <div className="mt-2 flex items-center justify-between gap-2 text-xs font-medium">
      <label htmlFor={`best-of-${match.id}`}>
        {t('Best of')}
        <span className="sr-only">{`: ${title}`}</span>
      </label>
      <NativeSelect
        id={`best-of-${match.id}`}
        className="h-8 w-20 py-0 text-sm"
        value={String(match.bestOf ?? 1)}
        disabled={change.isPending}
        onChange={(event) =>
          change.mutate(Number(event.target.value) as BestOf, {
            onError: (error) =>
              toast({
                title: t('Could Not Change the Best-Of'),
                description: t((error instanceof HttpError && error.status < 500 && error.serverMessage) || msg('Please try again.')),
                variant: 'destructive',
              }),
          })
        }
      >
        {bestOfValues.map((value) => (
          <option key={value} value={value}>
            {value}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

function GenerateBracketForm({ tournament, current }: { tournament: Tournament; current: Bracket | null }) {
  const t = useT();
  const teams = useQuery(teamsQuery(tournament.id));
  const generate = useGenerateBracket();
  const hasBracket = current !== null;
  // A regeneration starts from how the bracket was drawn, also after a reload.
  const [seeding, setSeeding] = useState<SeedingMethod>(current?.seeding ?? 'registration');
  const [choice, setChoice] = useState<FormatChoice>(() => initialFormatChoice(current));
  // Said on the fields once a draw was tried, then again on every change; the server's until the next change.
  const [isChecking, setIsChecking] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [focusRequest, setFocusRequest] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  // A regeneration starts from the best-ofs drawn before: the first round's, and the final's.
  const [bestOf, setBestOf] = useState<BestOf>(current?.bestOf ?? 1);
  const [finalBestOf, setFinalBestOf] = useState<BestOf>(current?.finalBestOf ?? 1);
  const [order, setOrder] = useState<Team[] | null>(null);
  const field = (teams.data ?? []).filter((team) => isInBracketField(team, tournament));
  const seeded = order ?? field;

  const move = (index: number, by: -1 | 1) => {
    const next = [...seeded];
    [next[index], next[index + by]] = [next[index + by], next[index]];
    setOrder(next);
  };

  const input = { seeding, ...formatInput(choice), bestOf, finalBestOf, ...(seeding === 'manual' ? { teamIds: seeded.map((team) => team.id) } : {}) };
  const problems = drawProblems(input, seeded.length);
  const errors = { ...(isChecking ? problems : {}), ...serverErrors };

  useEffect(() => {
    if (focusRequest > 0) focusWithin(formRef.current, '[aria-invalid="true"]');
  }, [focusRequest]);

  const change = (next: Partial<FormatChoice>) => {
    setChoice((current) => ({ ...current, ...next }));
    setServerErrors({});
  };

  // The dialog opens only for a draw the server would take: otherwise the problems go on their fields.
  const checkBeforeOpening = (event: MouseEvent) => {
    setIsChecking(true);
    if (Object.keys(problems).length > 0) {
      event.preventDefault();
      setFocusRequest((count) => count + 1);
    }
  };

  const draw = () =>
    generate.mutateAsync({ tournamentId: tournament.id, input }).catch((error: unknown) => {
      // The dialog says the refusal; a field's issue also stays under that field once it closes.
      setServerErrors(formatIssuesOf(error));
      throw error;
    });

  return (
    <form
      ref={formRef}
      noValidate
      className="grid gap-4 rounded-xl border border-border bg-surface-2/40 p-4"
      // The bracket is published from the dialog, once the organizer has seen who is in it.
      onSubmit={(event) => event.preventDefault()}
    >
      <p className="text-sm text-muted">
        {t('{count, plural, one {# team} other {# teams}} in the field.', { count: field.length })}{' '}
        {hasBracket ? t('The bracket can be generated again until the first result is entered.') : ''}
      </p>
      <div className="flex flex-wrap items-start gap-4">
        <FormatSelect choice={choice} onChange={change} errors={errors} />
        <div className="grid gap-1.5">
          <Label htmlFor="bracket-seeding">{t('Seeding')}</Label>
          <NativeSelect id="bracket-seeding" value={seeding} onChange={(event) => setSeeding(event.target.value as SeedingMethod)}>
            {seedingMethods.map((method) => (
              <option key={method} value={method}>
                {t(seedingMethodLabels[method])}
              </option>
            ))}
          </NativeSelect>
        </div>
        <BestOfField id="bracket-best-of" label={t('Best of')} value={bestOf} onChange={setBestOf} />
        <BestOfField id="bracket-final-best-of" label={t('Final best of')} value={finalBestOf} onChange={setFinalBestOf} />
      </div>
      <FormatOptions choice={choice} onChange={change} errors={errors} teamCount={seeded.length} />
      <div>
        <DrawBracketDialog
          trigger={
            <Button type="button" disabled={generate.isPending} onClick={checkBeforeOpening}>
              {generate.isPending ? <Loader2 aria-hidden className="animate-spin" /> : <GitBranch aria-hidden />}
              {hasBracket ? t('Regenerate Bracket') : t('Generate Bracket')}
            </Button>
          }
          tournament={tournament}
          teams={teams.data ?? []}
          field={seeded}
          isRedraw={hasBracket}
          bestOf={bestOf}
          finalBestOf={finalBestOf}
          summary={Object.keys(problems).length === 0 ? stageSummary(input, seeded.length, t) : null}
          onConfirm={draw}
          onDone={() => toast({ title: t('Bracket Published'), description: t('The bracket for {tournament} is on the Bracket page.', { tournament: tournament.name }) })}
        />
      </div>
      {seeding === 'manual' && (
        <ol aria-label={t('Seed order')} className="grid gap-1.5">
          {seeded.map((team, index) => (
            <li key={team.id} className="flex items-center gap-2 rounded-md border border-border bg-surface px-3 py-1.5 text-sm">
              <span className="w-8 font-bold text-muted">{index + 1}</span>
              <span className="min-w-0 flex-1 truncate">{team.name}</span>
              <Button type="button" variant="ghost" size="icon" aria-label={t('Move {team} up', { team: team.name })} disabled={index === 0} onClick={() => move(index, -1)}>
                <ArrowUp aria-hidden />
              </Button>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={t('Move {team} down', { team: team.name })}
                disabled={index === seeded.length - 1}
                onClick={() => move(index, 1)}
              >
                <ArrowDown aria-hidden />
              </Button>
            </li>
          ))}
        </ol>
      )}
    </form>
  );
}

/** What the organizer is told when the last stage is decided, in the format's words (single elimination's as it always was); English, shown with `t`. */
function decidedText(bracket: Bracket): string {
  const last = bracket.playoff?.format ?? bracket.format ?? 'single_elimination';
  if (last === 'double_elimination') return msg('The grand final is in.');
  if (last === 'single_elimination') return msg('The final is in.');
  return msg('Every result is in.');
}

function ChampionsStatus({ tournament, bracket }: { tournament: Tournament; bracket: Bracket }) {
  const t = useT();
  const confirm = useConfirmChampions();
  const may = useCan();
  // The button goes away once confirmed: focus moves to the confirmation that replaced it.
  const recorded = useRef<HTMLParagraphElement>(null);
  const isRecordedNow = confirm.isSuccess && !!bracket.confirmedAt;
  useEffect(() => {
    if (isRecordedNow) recorded.current?.focus();
  }, [isRecordedNow]);
  if (bracket.confirmedAt) {
    return (
      <p
        ref={recorded}
        tabIndex={-1}
        role="status"
        className="flex items-center gap-2 rounded-xl border border-accent/50 bg-accent/10 p-4 text-sm font-semibold"
      >
        <Trophy aria-hidden className="size-5 text-accent" />
        {t('Champions recorded in the hall of fame. Prize amounts can be edited on the Champions tab.')}
      </p>
    );
  }
  if (!bracket.isComplete || !may('bracket')) return null;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-accent/50 bg-accent/10 p-4">
      <p className="text-sm font-semibold">{`${t(decidedText(bracket))} ${t('Confirm to record 1st, 2nd and 3rd place as champions; the public Hall of Fame shows the winner.')}`}</p>
      <ConfirmChampionsDialog
        trigger={
          <Button disabled={confirm.isPending}>
            {confirm.isPending ? <Loader2 aria-hidden className="animate-spin" /> : <Trophy aria-hidden />}
            {t('Confirm Champions')}
          </Button>
        }
        tournamentName={tournament.name}
        bracket={bracket}
        onConfirm={() => confirm.mutateAsync(tournament.id)}
        onDone={() => toast({ title: t('Champions Recorded'), description: t('The champions are in the hall of fame.') })}
      />
    </div>
  );
}

/** A best-of choice (1, 3 or 5) for the draw. */
function BestOfField({ id, label, value, onChange }: { id: string; label: string; value: BestOf; onChange: (value: BestOf) => void }) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect id={id} value={String(value)} onChange={(event) => onChange(Number(event.target.value) as BestOf)}>
        {bestOfValues.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
