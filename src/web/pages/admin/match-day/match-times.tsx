import { Clock, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { msg } from '../../../../shared/i18n/msg';
import type { Translate } from '../../../../shared/i18n/translator';
import type { Bracket, BracketMatch } from '../../../../shared/schemas/bracket';
import type { ReportState } from '../../../../shared/match/report-states';
import { readyCheckMinutes } from '../../../../shared/schemas/match';
import { HttpError } from '../../../api';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/select';
import { toast } from '../../../components/ui/use-toast';
import { bracketNameText } from '../../../components/bracket/bracket-texts';
import { useT } from '../../../i18n/i18n';
import { useFormats } from '../../../i18n/use-formats';
import { fromLocalInputValue, localTimeZoneName, toLocalInputValue } from '../shared/local-datetime';
import { versusText } from './match-day-texts';
import { useSetMatchTime, useSetRoundTime } from './queries';

/** The texts of match times on Match Day (tested word for word): English (`msg`), shown with `t(text, values)`. */
export const timeTexts = {
  startsAt: msg('Starts {when}'),
  unknown: msg('Starts when its teams are known'),
  setTime: msg('Set Time'),
  setTimeLabel: msg('Set time: {title}'),
  dialogTitle: msg('Start time: {title}'),
  dialogDescription: msg('Captains see it in their own time zone; the ready check opens {minutes} minutes before.'),
  field: msg('Start time'),
  zoneHint: msg('Your time zone: {zone}'),
  save: msg('Save Time'),
  clear: msg('Use the Derived Time'),
  clearHint: msg('The derived time: round 1 at the tournament’s start, a later round when its teams are known.'),
  saved: msg('Start Time Saved'),
  cleared: msg('Start Time Cleared'),
  required: msg('Choose a date and time'),
  failed: msg('Could not save the time. Please try again.'),
  roundLegend: msg('Round start time'),
  roundHint: msg('One time for every match of the round still to play (the third-place match keeps its own); a match’s own time can still be set below.'),
  round: msg('Round'),
  setRound: msg('Set Round Time'),
  clearRound: msg('Clear Round Time'),
  roundSaved: msg('Round Time Saved'),
  roundCleared: msg('Round Time Cleared'),
  reportStates: { reported: msg('Result reported'), disputed: msg('Disputed') } as Partial<Record<ReportState, string>>,
};

const titleOf = (match: BracketMatch, t: Translate) => versusText(match.team1Name ?? t('To be decided'), match.team2Name ?? t('To be decided'), t);
/** The server's reason for a refusal, else ours: English, shown with `t`. */
const problemOf = (error: unknown) => (error instanceof HttpError && error.status < 500 && error.serverMessage) || timeTexts.failed;

/** A captains' report still open on a match: staff see it in the bracket list. */
export function ReportStateBadge({ state }: { state: ReportState }) {
  const t = useT();
  const label = timeTexts.reportStates[state];
  if (!label) return null;
  return (
    <p
      data-testid="match-report-state"
      className={`mt-2 inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${state === 'disputed' ? 'bg-warning/20 text-foreground' : 'bg-accent/15 text-foreground'}`}
    >
      {t(label)}
    </p>
  );
}

/** A match's start time, and (for the bracket permission) a dialog to set or clear it. */
export function MatchTime({ match, mayEdit }: { match: BracketMatch; mayEdit: boolean }) {
  const t = useT();
  const { dayTimeZone } = useFormats();
  if (match.isBye) return null;
  return (
    <div className="mt-2 flex items-center justify-between gap-2 text-xs">
      <span data-testid="match-time" className="text-muted">
        {match.startsAt ? t(timeTexts.startsAt, { when: dayTimeZone(match.startsAt) }) : t(timeTexts.unknown)}
      </span>
      {mayEdit && <MatchTimeDialog match={match} />}
    </div>
  );
}

function MatchTimeDialog({ match }: { match: BracketMatch }) {
  const t = useT();
  const [isOpen, setIsOpen] = useState(false);
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const change = useSetMatchTime(match.id);
  const title = titleOf(match, t);

  const open = (next: boolean) => {
    setIsOpen(next);
    if (next) {
      setValue(toLocalInputValue(match.startsAt));
      setProblem(null);
    }
  };
  const send = (startsAt: string | null) => {
    setProblem(null);
    if (startsAt === '') return setProblem(timeTexts.required);
    change.mutate(startsAt === null ? null : fromLocalInputValue(startsAt), {
      onSuccess: () => {
        setIsOpen(false);
        toast({ title: t(startsAt === null ? timeTexts.cleared : timeTexts.saved), description: title });
      },
      onError: (error) => setProblem(problemOf(error)),
    });
  };

  return (
    <Dialog open={isOpen} onOpenChange={open}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" className="h-7 px-2" aria-label={t(timeTexts.setTimeLabel, { title })}>
          <Clock aria-hidden />
          {t(timeTexts.setTime)}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t(timeTexts.dialogTitle, { title })}</DialogTitle>
          <DialogDescription>{t(timeTexts.dialogDescription, { minutes: readyCheckMinutes })}</DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            send(value);
          }}
        >
          <FormField label={t(timeTexts.field)} hint={t(timeTexts.zoneHint, { zone: localTimeZoneName(t) })}>
            <Input type="datetime-local" value={value} onChange={(event) => setValue(event.target.value)} />
          </FormField>
          <p className="text-xs text-muted">{t(timeTexts.clearHint)}</p>
          {problem && (
            <p role="alert" className="text-sm font-medium text-red-400">
              {t(problem)}
            </p>
          )}
          <DialogFooter className="gap-2">
            <Button type="button" variant="outline" disabled={change.isPending} onClick={() => send(null)}>
              {t(timeTexts.clear)}
            </Button>
            <Button type="submit" disabled={change.isPending}>
              {change.isPending && <Loader2 aria-hidden className="animate-spin" />}
              {t(timeTexts.save)}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** One start time for a whole round (its matches still to play), or back to the derived times. */
export function RoundTimeForm({ bracket }: { bracket: Bracket }) {
  const t = useT();
  const [round, setRound] = useState(() => String(firstRoundToPlay(bracket)));
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const change = useSetRoundTime(bracket.tournamentId);
  const roundName = bracketNameText(bracket.rounds.find((r) => String(r.number) === round)?.name ?? `Round ${round}`, t);

  const send = (startsAt: string | null) => {
    setProblem(null);
    if (startsAt === '') return setProblem(timeTexts.required);
    change.mutate(
      { round: Number(round), startsAt: startsAt === null ? null : fromLocalInputValue(startsAt) },
      {
        onSuccess: () => toast({ title: t(startsAt === null ? timeTexts.roundCleared : timeTexts.roundSaved), description: roundName }),
        onError: (error) => setProblem(problemOf(error)),
      },
    );
  };

  return (
    <form
      className="grid gap-3 rounded-xl border border-border bg-surface-2/40 p-4"
      noValidate
      aria-labelledby="round-time-legend"
      onSubmit={(event) => {
        event.preventDefault();
        send(value);
      }}
    >
      <div>
        <h3 id="round-time-legend" className="text-sm font-semibold">
          {t(timeTexts.roundLegend)}
        </h3>
        <p className="text-xs text-muted">{`${t(timeTexts.roundHint)} ${t(timeTexts.zoneHint, { zone: localTimeZoneName(t) })}.`}</p>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <FormField label={t(timeTexts.round)}>
          <NativeSelect value={round} onChange={(event) => setRound(event.target.value)}>
            {bracket.rounds.map((r) => (
              <option key={r.number} value={r.number}>
                {bracketNameText(r.name, t)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField label={t(timeTexts.field)}>
          <Input type="datetime-local" value={value} onChange={(event) => setValue(event.target.value)} />
        </FormField>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={change.isPending}>
            {change.isPending && <Loader2 aria-hidden className="animate-spin" />}
            {t(timeTexts.setRound)}
          </Button>
          <Button type="button" variant="outline" disabled={change.isPending} onClick={() => send(null)}>
            {t(timeTexts.clearRound)}
          </Button>
        </div>
      </div>
      {problem && (
        <p role="alert" className="text-sm font-medium text-red-400">
          {t(problem)}
        </p>
      )}
    </form>
  );
}

/** The first round with a match still to play: the one whose time is most likely set next. */
function firstRoundToPlay(bracket: Bracket): number {
  return bracket.rounds.find((r) => r.matches.some((m) => !m.isBye && m.winnerTeamId === null))?.number ?? 1;
}
