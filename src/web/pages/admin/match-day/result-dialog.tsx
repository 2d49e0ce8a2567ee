import { useQuery } from '@tanstack/react-query';
import { Gavel, Loader2, Pencil } from 'lucide-react';
import { useState } from 'react';
import { matchResultSchema, type BracketMatch, type MatchResultInput, type MatchResultOutcome } from '../../../../shared/schemas/bracket';
import { msg } from '../../../../shared/i18n/msg';
import { seriesOutcome } from '../../../../shared/match/scoring';
import type { MapResultInput, MatchDetail } from '../../../../shared/schemas/match';
import { HttpError } from '../../../api';
import { MapRowsFields, type MapRow } from '../../../components/match/map-rows-fields';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input, Textarea } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/select';
import { toast } from '../../../components/ui/use-toast';
import { useT } from '../../../i18n/i18n';
import { matchQuery } from '../../../queries/matches';
import { versusText } from './match-day-texts';
import { useReportResult } from './queries';

type Mode = 'maps' | 'winner' | 'forfeit';

/** The result dialog's texts: English (`msg`), shown with `t(text, values)`. */
export const resultTexts = {
  modes: { maps: msg('Rounds per map'), winner: msg('Winner and score'), forfeit: msg('Forfeit') } satisfies Record<Mode, string>,
  resultLegend: msg('Result'),
  clearAndSave: msg('Clear Them and Save'),
  winnerLegend: msg('Winner'),
  forfeitLegend: msg('Winner by forfeit'),
  map: msg('Map'),
  rounds: msg('{team} rounds'),
  addMap: msg('Add Map'),
  removeMap: msg('Remove map {number}'),
  chooseWinner: msg('Choose the winner'),
  rule: msg('Rule'),
  ruleLabel: msg('Rule: {title}'),
  ruleDescription: msg('The captains disagree: enter the result that stands. It ends the dispute and advances the bracket.'),
  startFrom: msg('Start from'),
  useReport: msg('{team}’s report'),
  note: msg('Note (optional)'),
  rulingNote: msg('Note to both captains (optional)'),
  rulingNoteHint: msg('Both captains see it with the ruling, on their team page and the match page.'),
  mapsHint: msg(
    'The maps in the order played. The first team to win {count, plural, one {# map} other {# maps}} wins; a series still being played records the maps so far.',
  ),
};

/** The field's key of a zod or server issue path: "maps.1.team1Rounds". */
const pathKey = (path: readonly PropertyKey[] | string) => (typeof path === 'string' ? path : path.map(String).join('.'));

/** The rows the dialog opens with: the maps entered so far, else the maps the veto settled, else one empty row. */
function initialRows(detail: MatchDetail | undefined): MapRow[] {
  if (detail && detail.maps.length > 0)
    return detail.maps.map((played) => ({ map: played.map, team1Rounds: String(played.team1Rounds), team2Rounds: String(played.team2Rounds) }));
  const settled = detail?.veto?.maps ?? [];
  if (settled.length > 0) return settled.slice(0, 1).map((map) => ({ map: map.map, team1Rounds: '', team2Rounds: '' }));
  return [{ map: '', team1Rounds: '', team2Rounds: '' }];
}

const initialMode = (match: BracketMatch, detail: MatchDetail | undefined): Mode => {
  if (match.forfeit) return 'forfeit';
  if ((match.bestOf ?? 1) > 1) return 'maps';
  return detail && detail.maps.length > 0 ? 'maps' : 'winner';
};

const roundsValue = (text: string) => (text.trim() === '' ? undefined : Number(text));

/** A captain's report the ruling can start from. */
export interface ReportToRuleOn {
  teamName: string | null;
  maps: MapResultInput[];
}

/**
 * Enters or corrects one match's result: each map's rounds (the series winner follows), a forfeit,
 * or, for a best of one, the winner and a free-text score. The shared schema checks the fields
 * first; what only the server knows (the scoring rule, the veto's maps) comes back on its field.
 * `ruling`: opened from the queue on a disputed report ("Rule"), it can start from either captain's
 * report. While the captains' report is open, the note is the ruling's, which both captains see.
 */
export function ResultDialog({
  match,
  mapPool,
  onSaved,
  ruling,
}: {
  match: BracketMatch;
  mapPool: readonly string[];
  onSaved: (outcome: MatchResultOutcome) => void;
  ruling?: { reports: ReportToRuleOn[] };
}) {
  const t = useT();
  const [isOpen, setIsOpen] = useState(false);
  const detail = useQuery(matchQuery(isOpen ? match.id : undefined, { poll: false }));
  const bestOf = match.bestOf ?? 1;
  const [mode, setMode] = useState<Mode>(initialMode(match, undefined));
  const [rows, setRows] = useState<MapRow[]>(initialRows(undefined));
  const [isSeeded, setIsSeeded] = useState(false);
  const [winner, setWinner] = useState<string | null>(match.winnerTeamId);
  const [score, setScore] = useState(match.score ?? '');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  // A correction that would pair a later Swiss round again waits for the organizer to agree to clear its results.
  const [mustClear, setMustClear] = useState(false);
  const report = useReportResult();
  const isCorrection = match.winnerTeamId !== null;
  const isRuling = !!ruling || match.reportState === 'reported' || match.reportState === 'disputed';
  const title = versusText(match.team1Name ?? t('To be decided'), match.team2Name ?? t('To be decided'), t);
  const teams = [
    { id: match.team1Id!, name: match.team1Name },
    { id: match.team2Id!, name: match.team2Name },
  ];

  // The match's detail arrives after opening: the rows start from it once (a later poll of the same match keeps what was typed).
  if (isOpen && detail.data && !isSeeded) {
    setIsSeeded(true);
    setRows(initialRows(detail.data));
    setMode(initialMode(match, detail.data));
  }
  const vetoMaps = detail.data?.veto?.done ? detail.data.veto.maps.map((settled) => settled.map) : [];
  const mapChoices = vetoMaps.length > 0 ? vetoMaps : [...mapPool];

  const open = (next: boolean) => {
    setIsOpen(next);
    if (next) {
      setMode(initialMode(match, undefined));
      setRows(initialRows(undefined));
      setIsSeeded(false);
      setWinner(match.winnerTeamId);
      setScore(match.score ?? '');
      setNote('');
      setErrors({});
      setProblem(null);
    }
  };

  const input = (): MatchResultInput => {
    if (mode === 'maps')
      return { maps: rows.map((row) => ({ map: row.map, team1Rounds: roundsValue(row.team1Rounds)!, team2Rounds: roundsValue(row.team2Rounds)! })), note };
    if (mode === 'forfeit') return { winnerTeamId: winner ?? undefined, forfeit: true, note };
    return { winnerTeamId: winner ?? undefined, score, note };
  };

  const save = (clearResults = false) => {
    setProblem(null);
    setMustClear(false);
    if (mode !== 'maps' && !winner) return setProblem(resultTexts.chooseWinner);
    const parsed = matchResultSchema.safeParse(input());
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[pathKey(issue.path)] ??= issue.message;
      setErrors(found);
      return;
    }
    // The tournament's scoring rule and the series' end, as the server checks them, said on the field before sending.
    if (mode === 'maps' && parsed.data.maps && detail.data) {
      const { issues } = seriesOutcome(detail.data.bestOf, detail.data.scoringRule, parsed.data.maps);
      if (issues.length > 0) {
        const found: Record<string, string> = {};
        for (const issue of issues) found[issue.path] ??= issue.message;
        setErrors(found);
        return;
      }
    }
    setErrors({});
    // Awaited rather than mutate's callbacks: a ruling from the queue unmounts this dialog with its
    // queue item once the queue is read again, and the toast and onSaved must still follow.
    report.mutateAsync({ matchId: match.id, input: clearResults ? { ...input(), clearResults } : input() }).then(
      (outcome) => {
        setIsOpen(false);
        onSaved(outcome);
        toast({
          title: t('Result Saved'),
          description: outcome.cleared.length
            ? t('{count, plural, one {# later result was cleared: enter it again.} other {# later results were cleared: enter them again.}}', {
                count: outcome.cleared.length,
              })
            : title,
        });
      },
      (error: Error) => {
        const issues = serverIssues(error);
        const clearing = issues.find((issue) => issue.path === 'clearResults');
        if (clearing) {
          setProblem(clearing.message);
          setMustClear(true);
          return;
        }
        if (issues.length > 0) {
          const found: Record<string, string> = {};
          for (const issue of issues) found[issue.path] ??= issue.message;
          setErrors(found);
          // A refusal about no field shown (or the whole list) is said under the form.
          const onRow = (path: string) => /^maps\.\d+(\.|$)/.test(path);
          const elsewhere = issues.find((issue) => !onRow(issue.path));
          if (elsewhere) setProblem(elsewhere.message);
          return;
        }
        setProblem(error instanceof HttpError ? (error.serverMessage ?? error.message) : error.message);
      },
    );
  };

  const startFrom = (report: ReportToRuleOn) => {
    setMode('maps');
    setRows(report.maps.map((map) => ({ map: map.map, team1Rounds: String(map.team1Rounds), team2Rounds: String(map.team2Rounds) })));
    setErrors({});
    setProblem(null);
  };
  const nextMapName = () => mapChoices[rows.length] ?? '';
  const modes: Mode[] = bestOf === 1 ? ['winner', 'maps', 'forfeit'] : ['maps', 'forfeit'];

  return (
    <Dialog open={isOpen} onOpenChange={open}>
      <DialogTrigger asChild>
        {ruling ? (
          <Button size="sm" aria-label={t(resultTexts.ruleLabel, { title })}>
            <Gavel aria-hidden />
            {t(resultTexts.rule)}
          </Button>
        ) : (
          <Button variant="outline" size="sm" className="mt-2 w-full" aria-label={isCorrection ? t('Correct result: {title}', { title }) : t('Enter result: {title}', { title })}>
            <Pencil aria-hidden />
            {isCorrection ? t('Correct Result') : t('Enter Result')}
          </Button>
        )}
      </DialogTrigger>
      <DialogContent className="max-h-[90vh] max-w-lg overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            {ruling
              ? t(resultTexts.ruleDescription)
              : isCorrection
                ? t('Correcting a result clears the later results whose teams change.')
                : bestOf === 1
                  ? t('Who won this match?')
                  : t("Best of {bestOf}: enter each map's rounds.", { bestOf })}
          </DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            save();
          }}
        >
          {ruling && ruling.reports.length > 0 && (
            <div role="group" aria-labelledby={`start-from-${match.id}`} className="flex flex-wrap items-center gap-2">
              <span id={`start-from-${match.id}`} className="text-sm font-semibold">
                {t(resultTexts.startFrom)}
              </span>
              {ruling.reports.map((report, index) => (
                <Button key={index} type="button" variant="secondary" size="sm" onClick={() => startFrom(report)}>
                  {t(resultTexts.useReport, { team: report.teamName ?? t('Team') })}
                </Button>
              ))}
            </div>
          )}
          <fieldset className="flex flex-wrap gap-2">
            <legend className="mb-1 text-sm font-semibold">{t(resultTexts.resultLegend)}</legend>
            {modes.map((value) => (
              <label key={value} className="flex items-center gap-2 rounded-md border border-border px-3 py-1.5 text-sm has-[:checked]:border-primary">
                <input
                  type="radio"
                  name={`mode-${match.id}`}
                  value={value}
                  checked={mode === value}
                  onChange={() => {
                    setMode(value);
                    setErrors({});
                    setProblem(null);
                  }}
                  className="accent-primary"
                />
                {t(resultTexts.modes[value])}
              </label>
            ))}
          </fieldset>

          {mode === 'maps' ? (
            <div className="grid gap-3">
              <p className="text-xs text-muted">{t(resultTexts.mapsHint, { count: Math.ceil(bestOf / 2) })}</p>
              <MapRowsFields
                rows={rows}
                setRows={setRows}
                bestOf={bestOf}
                teamNames={[teams[0].name, teams[1].name]}
                errors={errors}
                legend={(index) => t('Map {number}', { number: index + 1 })}
                mapField={(row, _index, setMap, error) => (
                  <FormField label={t(resultTexts.map)} error={error}>
                    <NativeSelect value={row.map} onChange={(event) => setMap(event.target.value)}>
                      <option value="">{t('Choose a map')}</option>
                      {[...new Set([...mapChoices, ...(row.map && !mapChoices.includes(row.map) ? [row.map] : [])])].map((name) => (
                        <option key={name} value={name}>
                          {name}
                        </option>
                      ))}
                    </NativeSelect>
                  </FormField>
                )}
                removable="any"
                newRow={() => ({ map: nextMapName(), team1Rounds: '', team2Rounds: '' })}
                texts={{
                  rounds: (team) => t(resultTexts.rounds, { team: team ?? t('Team') }),
                  removeMap: (index) => t(resultTexts.removeMap, { number: index + 1 }),
                  addMap: t(resultTexts.addMap),
                }}
                rowTestId="result-map-row"
              />
              {errors.maps && (
                <p role="alert" className="text-sm font-medium text-red-400">
                  {t(errors.maps)}
                </p>
              )}
            </div>
          ) : (
            <fieldset className="grid gap-2">
              <legend className="mb-1 text-sm font-semibold">{t(mode === 'forfeit' ? resultTexts.forfeitLegend : resultTexts.winnerLegend)}</legend>
              {teams.map((team) => (
                <label key={team.id} className="flex items-center gap-2 rounded-md border border-border px-3 py-2 text-sm has-[:checked]:border-primary">
                  <input
                    type="radio"
                    name={`winner-${match.id}`}
                    value={team.id}
                    checked={winner === team.id}
                    onChange={() => setWinner(team.id)}
                    className="accent-primary"
                  />
                  {team.name}
                </label>
              ))}
            </fieldset>
          )}
          {mode === 'winner' && (
            <FormField label={t('Score (optional)')} hint={t("The winner's rounds first, e.g. 13-7.")} error={errors.score ? { message: errors.score } : undefined}>
              <Input value={score} onChange={(event) => setScore(event.target.value)} maxLength={20} placeholder="13-7" />
            </FormField>
          )}
          <FormField label={t(isRuling ? resultTexts.rulingNote : resultTexts.note)} hint={isRuling ? t(resultTexts.rulingNoteHint) : undefined}>
            <Textarea value={note} onChange={(event) => setNote(event.target.value)} maxLength={500} rows={2} />
          </FormField>
          {problem && (
            <p role="alert" className="text-sm font-medium text-red-400">
              {t(problem)}
            </p>
          )}
          <DialogFooter>
            {mustClear && (
              <Button type="button" variant="destructive" disabled={report.isPending} onClick={() => save(true)}>
                {t(resultTexts.clearAndSave)}
              </Button>
            )}
            <Button type="submit" disabled={report.isPending}>
              {report.isPending && <Loader2 aria-hidden className="animate-spin" />}
              {t('Save Result')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** The server's refusal by field ({ error, issues: [{ path, message }] }), for a 400 or 409. */
function serverIssues(error: unknown): { path: string; message: string }[] {
  if (!(error instanceof HttpError) || (error.status !== 400 && error.status !== 409)) return [];
  try {
    return (JSON.parse(error.body) as { issues?: { path: string; message: string }[] }).issues ?? [];
  } catch {
    return [];
  }
}
