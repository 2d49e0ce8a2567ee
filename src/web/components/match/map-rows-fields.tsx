import { Plus, Trash2 } from 'lucide-react';
import type { Dispatch, ReactNode, SetStateAction } from 'react';
import { Button } from '../ui/button';
import { FormField } from '../ui/form-field';
import { Input } from '../ui/input';
import { useT } from '../../i18n/i18n';
import { cn } from '../../lib/utils';

/** A map of a series as typed: its name and each team's rounds (text until the form is sent). */
export interface MapRow {
  map: string;
  team1Rounds: string;
  team2Rounds: string;
}

/** The field errors by path (`maps.0.team1Rounds`, `maps.1`), as the zod schema and the server name them. */
type FieldErrors = Record<string, string>;

/** A field's error as written (FormField shows it in the page's language). */
const errorOf = (errors: FieldErrors, path: string) => (errors[path] ? { message: errors[path] } : undefined);

/**
 * The maps of a series, one fieldset each with the rounds of both teams, a way to add a map up to
 * the best-of and to take one away: what the captain's report and the staff's result entry share.
 * Each form says how a map is named (`mapField`: a typed name, a choice of the pool, or nothing when
 * the veto named it) and which rows may go (`removable`: only the last, since the maps are in the
 * order played, or any).
 */
export function MapRowsFields<Name extends string | null>({
  rows,
  setRows,
  bestOf,
  teamNames,
  errors,
  legend,
  mapField,
  removable,
  newRow,
  texts,
  rowTestId,
}: {
  rows: MapRow[];
  setRows: Dispatch<SetStateAction<MapRow[]>>;
  bestOf: number;
  teamNames: [Name, Name];
  errors: FieldErrors;
  legend: (index: number) => string;
  /** The map's own field for this row, or null when its name is settled. */
  mapField: (row: MapRow, index: number, setMap: (map: string) => void, error: { message: string } | undefined) => ReactNode;
  removable: 'last' | 'any';
  newRow: (index: number) => MapRow;
  texts: { rounds: (teamName: Name) => string; removeMap: (index: number) => string; addMap: string };
  rowTestId: string;
}) {
  const t = useT();
  const setRow = (index: number, change: Partial<MapRow>) => setRows((current) => current.map((row, at) => (at === index ? { ...row, ...change } : row)));
  return (
    <>
      {rows.map((row, index) => {
        const named = mapField(row, index, (map) => setRow(index, { map }), errorOf(errors, `maps.${index}.map`));
        const canRemove = rows.length > 1 && (removable === 'any' || index === rows.length - 1);
        return (
          <fieldset key={index} className="grid gap-2 rounded-md border border-border p-3" data-testid={rowTestId}>
            <legend className="px-1 text-sm font-semibold">{legend(index)}</legend>
            <div className={cn('grid items-end gap-2', named ? 'sm:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)_minmax(0,1fr)]' : 'sm:grid-cols-2')}>
              {named}
              {(['team1Rounds', 'team2Rounds'] as const).map((field, teamIndex) => (
                <FormField key={field} label={texts.rounds(teamNames[teamIndex])} error={errorOf(errors, `maps.${index}.${field}`)}>
                  <Input type="number" inputMode="numeric" min={0} max={99} value={row[field]} onChange={(event) => setRow(index, { [field]: event.target.value })} />
                </FormField>
              ))}
            </div>
            {errors[`maps.${index}`] && (
              <p role="alert" className="text-sm font-medium text-red-400">
                {t(errors[`maps.${index}`])}
              </p>
            )}
            {canRemove && (
              <div>
                <Button type="button" variant="ghost" size="sm" onClick={() => setRows((current) => current.filter((_, at) => at !== index))}>
                  <Trash2 aria-hidden />
                  {texts.removeMap(index)}
                </Button>
              </div>
            )}
          </fieldset>
        );
      })}
      {rows.length < bestOf && (
        <div>
          <Button type="button" variant="secondary" size="sm" onClick={() => setRows((current) => [...current, newRow(current.length)])}>
            <Plus aria-hidden />
            {texts.addMap}
          </Button>
        </div>
      )}
    </>
  );
}
