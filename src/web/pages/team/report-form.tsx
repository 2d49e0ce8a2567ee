import { Loader2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { mapsToWin, seriesOutcome } from '../../../shared/match/scoring';
import { captainReportSchema, type CaptainReportInput, type MatchDetail } from '../../../shared/schemas/match';
import { MapRowsFields, type MapRow } from '../../components/match/map-rows-fields';
import { teamNameOf } from '../../components/match/match-texts';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { useT } from '../../i18n/i18n';
import { HttpError } from '../../api';
import { useReportMatch } from '../../queries/matches';
import { refusalText } from './action-error';
import { focusInMatchCard } from './focus-in-card';
import { yourMatchTexts } from './your-match-texts';

/** The maps the veto settled, in order (the server wants them so); empty without a veto on the site. */
const vetoMapsOf = (match: MatchDetail) => (match.veto?.done ? match.veto.maps.map((settled) => settled.map) : []);

/** The rows the form opens with: as many maps as decide the series at the least, named by the veto. */
function initialRows(match: MatchDetail): MapRow[] {
  const names = vetoMapsOf(match);
  return Array.from({ length: mapsToWin(match.bestOf) }, (_, index) => ({ map: names[index] ?? '', team1Rounds: '', team2Rounds: '' }));
}

const roundsValue = (text: string) => (text.trim() === '' ? undefined : Number(text));
const pathKey = (path: readonly PropertyKey[] | string) => (typeof path === 'string' ? path : path.map(String).join('.'));

/** The server's refusal by field ({ error, issues: [{ path, message }] }). */
function serverIssues(error: unknown): { path: string; message: string }[] {
  if (!(error instanceof HttpError) || error.status >= 500) return [];
  try {
    return (JSON.parse(error.body) as { issues?: { path: string; message: string }[] }).issues ?? [];
  } catch {
    return [];
  }
}

/**
 * The captain's report: each map played with the rounds of each team, in order (the veto's maps
 * when it ran, else typed), up to the best-of. The same schema as the server checks it first, then
 * the tournament's scoring rule and whether the maps decide the series; what only the server knows
 * comes back on its field or under the form.
 */
export function ReportForm({ match, teamId, teamKey }: { match: MatchDetail; teamId: string; teamKey: string }) {
  const t = useT();
  const report = useReportMatch(teamId, teamKey, match.id);
  const [rows, setRows] = useState<MapRow[]>(() => initialRows(match));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // A refused form puts focus on its first wrong field, whose message is its description.
  const focusFirstError = () => requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  const vetoMaps = vetoMapsOf(match);
  const teams = [teamNameOf(match, match.team1Id), teamNameOf(match, match.team2Id)];

  const input = (): CaptainReportInput => ({ maps: rows.map((row, index) => ({ map: vetoMaps[index] ?? row.map, team1Rounds: roundsValue(row.team1Rounds)!, team2Rounds: roundsValue(row.team2Rounds)! })) });

  const send = () => {
    setProblem(null);
    const parsed = captainReportSchema.safeParse(input());
    const found: Record<string, string> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) found[pathKey(issue.path)] ??= t(issue.message);
    } else {
      const { outcome, issues } = seriesOutcome(match.bestOf, match.scoringRule, parsed.data.maps);
      for (const issue of issues) found[issue.path] ??= t(issue.message);
      if (issues.length === 0 && outcome.winner === null) setProblem(t(yourMatchTexts.notDecided));
      if (issues.length > 0 || outcome.winner === null) {
        setErrors(found);
        focusFirstError();
        return;
      }
    }
    setErrors(found);
    if (!parsed.success) return focusFirstError();
    report.mutate(parsed.data, {
      onSuccess: () => focusInMatchCard('[data-testid="report-status"]'),
      onError: (error) => {
        const issues = serverIssues(error);
        const onField = issues.filter((issue) => /^maps\.\d+\./.test(issue.path));
        setErrors(Object.fromEntries(onField.map((issue) => [issue.path, t(issue.message)])));
        const elsewhere = issues.find((issue) => !/^maps\.\d+\./.test(issue.path));
        setProblem(onField.length > 0 && !elsewhere ? null : t(elsewhere?.message ?? refusalText(error, yourMatchTexts.reportFailed)));
        focusFirstError();
      },
    });
  };

  return (
    <form
      ref={formRef}
      className="grid gap-3"
      noValidate
      aria-labelledby="report-title"
      data-testid="report-form"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <p className="text-sm text-muted">{t(yourMatchTexts.reportIntro, { bestOf: match.bestOf })}</p>
      <MapRowsFields
        rows={rows}
        setRows={setRows}
        bestOf={match.bestOf}
        teamNames={[teams[0], teams[1]]}
        errors={errors}
        legend={(index) => (vetoMaps[index] ? t(yourMatchTexts.mapLegend, { number: index + 1, map: vetoMaps[index] }) : t(yourMatchTexts.mapLegendUnnamed, { number: index + 1 }))}
        // The veto's map is named in the legend; without a veto on the site, the captain types it.
        mapField={(row, index, setMap, error) =>
          vetoMaps[index] ? null : (
            <FormField label={t(yourMatchTexts.map)} error={error}>
              <Input value={row.map} maxLength={40} autoComplete="off" onChange={(event) => setMap(event.target.value)} />
            </FormField>
          )
        }
        removable="last"
        newRow={(index) => ({ map: vetoMaps[index] ?? '', team1Rounds: '', team2Rounds: '' })}
        texts={{
          rounds: (team) => t(yourMatchTexts.rounds, { team }),
          removeMap: (index) => t(yourMatchTexts.removeMap, { number: index + 1 }),
          addMap: t(yourMatchTexts.addMap),
        }}
        rowTestId="report-map-row"
      />
      {(errors.maps || problem) && (
        <p role="alert" className="text-sm font-medium text-red-400">
          {problem ?? errors.maps}
        </p>
      )}
      <Button type="submit" className="justify-self-start" disabled={report.isPending}>
        {report.isPending && <Loader2 aria-hidden className="animate-spin" />}
        {t(yourMatchTexts.reportButton)}
      </Button>
    </form>
  );
}
