import { useId, type ReactNode } from 'react';
import { formatProblems } from '../../../../shared/bracket/format-rules';
import { defaultSwissRounds } from '../../../../shared/bracket/formats/swiss';
import { msg } from '../../../../shared/i18n/msg';
import type { Translate } from '../../../../shared/i18n/translator';
import {
  bracketFormatLabels,
  bracketFormats,
  bracketGenerateSchema,
  playoffFormats,
  type Bracket,
  type BracketFormat,
  type BracketGenerateInput,
  type PlayoffFormat,
} from '../../../../shared/schemas/bracket';
import { HttpError } from '../../../api';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/select';
import { useT } from '../../../i18n/i18n';

/**
 * What the draw form holds of the format, as typed: numbers stay text until the draw, so an empty
 * or half-typed field is said on the field instead of silently becoming a default.
 */
export interface FormatChoice {
  format: BracketFormat;
  /** Single elimination's third-place match. */
  thirdPlace: boolean;
  grandFinalReset: boolean;
  groups: string;
  doubleRoundRobin: boolean;
  /** Swiss: empty for the default for the field size. */
  rounds: string;
  playoff: PlayoffFormat | 'none';
  advance: string;
  playoffThirdPlace: boolean;
  playoffGrandFinalReset: boolean;
}

/** The format fields' texts: English (`msg`), shown with `t(text)`; the sentence with values takes the component's `t`. */
export const formatTexts = {
  format: msg('Format'),
  thirdPlace: msg('Third-place match'),
  grandFinalReset: msg('Grand final reset'),
  grandFinalResetHint: msg('A second grand final when the lower-bracket team wins the first.'),
  groups: msg('Groups'),
  doubleRoundRobin: msg('Each pair meets twice'),
  rounds: msg('Rounds'),
  roundsHint: (teamCount: number, t: Translate) =>
    teamCount >= 2
      ? t('Leave empty for {rounds, plural, one {# round} other {# rounds}}, the default for {count} teams.', { rounds: defaultSwissRounds(teamCount), count: teamCount })
      : t('Leave empty for the default for the field size.'),
  playoff: msg('Playoff'),
  noPlayoff: msg('None'),
  advance: msg('Teams that go through'),
  advanceHint: (format: BracketFormat) => (format === 'round_robin' ? msg('From each group, by the standings.') : msg('The top of the Swiss standings.')),
};

const hasPlayoffStage = (format: BracketFormat) => format === 'round_robin' || format === 'swiss';

/** The form starts from how the bracket was drawn (a regeneration, also after a reload), else single elimination. */
export function initialFormatChoice(current: Bracket | null): FormatChoice {
  const options = current?.formatOptions ?? {};
  return {
    format: current?.format ?? 'single_elimination',
    thirdPlace: !!current?.thirdPlace,
    grandFinalReset: options.grandFinalReset ?? true,
    groups: String(options.groups ?? 1),
    doubleRoundRobin: options.doubleRoundRobin ?? false,
    rounds: options.rounds === undefined ? '' : String(options.rounds),
    playoff: options.playoff?.format ?? 'none',
    advance: String(options.playoff?.advance ?? 2),
    playoffThirdPlace: options.playoff?.thirdPlace ?? false,
    playoffGrandFinalReset: options.playoff?.grandFinalReset ?? true,
  };
}

/** Empty stays "no number" (NaN), so the schema says "Enter …" rather than taking a default. */
const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** The request's format part: only the options the chosen format reads. */
export function formatInput(
  choice: FormatChoice,
): Pick<BracketGenerateInput, 'format' | 'thirdPlace' | 'grandFinalReset' | 'groups' | 'doubleRoundRobin' | 'rounds' | 'playoff'> {
  const { format } = choice;
  return {
    format,
    thirdPlace: format === 'single_elimination' && choice.thirdPlace,
    ...(format === 'double_elimination' ? { grandFinalReset: choice.grandFinalReset } : {}),
    ...(format === 'round_robin' ? { groups: numberOf(choice.groups), doubleRoundRobin: choice.doubleRoundRobin } : {}),
    ...(format === 'swiss' && choice.rounds.trim() !== '' ? { rounds: numberOf(choice.rounds) } : {}),
    ...(hasPlayoffStage(format) && choice.playoff !== 'none'
      ? {
          playoff: {
            format: choice.playoff,
            advance: numberOf(choice.advance),
            thirdPlace: choice.playoff === 'single_elimination' && choice.playoffThirdPlace,
            grandFinalReset: choice.playoffGrandFinalReset,
          },
        }
      : {}),
  };
}

/**
 * The draw's problems by field path, as the server finds them: the shared schema first (each
 * option alone), then the format's rules for this many teams (format-rules.ts).
 */
export function drawProblems(input: BracketGenerateInput, teamCount: number): Record<string, string> {
  const found: Record<string, string> = {};
  const parsed = bracketGenerateSchema.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) found[issue.path.join('.')] ??= issue.message;
    return found;
  }
  for (const problem of formatProblems(parsed.data, teamCount)) found[problem.path] ??= problem.message;
  return found;
}

/** The format's own paths: a server issue on one of them goes under its field. */
const formatFieldPaths: readonly string[] = ['format', 'thirdPlace', 'grandFinalReset', 'groups', 'doubleRoundRobin', 'rounds', 'playoff'];

/** A refusal's issues on the format's fields ({ error, issues: [{ path, message }] }), for a 400. */
export function formatIssuesOf(error: unknown): Record<string, string> {
  if (!(error instanceof HttpError) || error.status !== 400) return {};
  const found: Record<string, string> = {};
  try {
    const issues = (JSON.parse(error.body) as { issues?: { path: string; message: string }[] }).issues ?? [];
    for (const issue of issues) if (formatFieldPaths.includes(issue.path.split('.')[0])) found[issue.path] ??= issue.message;
  } catch {
    return {};
  }
  return found;
}

type FieldsProps = {
  choice: FormatChoice;
  onChange: (change: Partial<FormatChoice>) => void;
  errors: Record<string, string>;
};

const errorOf = (errors: Record<string, string>, path: string) => (errors[path] ? { message: errors[path] } : undefined);

/** The format select: it sits with the seeding and the best-ofs, its options on the rows below (FormatOptions). */
export function FormatSelect({ choice, onChange, errors }: FieldsProps) {
  const t = useT();
  return (
    <FormField label={t(formatTexts.format)} error={errorOf(errors, 'format')}>
      <NativeSelect value={choice.format} onChange={(event) => onChange({ format: event.target.value as BracketFormat })}>
        {bracketFormats.map((value) => (
          <option key={value} value={value}>
            {t(bracketFormatLabels[value])}
          </option>
        ))}
      </NativeSelect>
    </FormField>
  );
}

/**
 * The options of the chosen format only: single elimination's third-place match, double
 * elimination's reset, the groups of a round robin, the Swiss rounds, and the playoff after a
 * round-robin or Swiss stage.
 */
export function FormatOptions({ choice, onChange, errors, teamCount }: FieldsProps & { teamCount: number }) {
  const t = useT();
  const { format } = choice;
  const error = (path: string) => errorOf(errors, path);
  const hasPlayoff = hasPlayoffStage(format) && choice.playoff !== 'none';
  return (
    <>
      {hasPlayoffStage(format) && (
        <div className="flex flex-wrap items-start gap-4">
          {format === 'round_robin' && (
            <NumberField
              label={t(formatTexts.groups)}
              error={error('groups')}
              min={1}
              max={26}
              value={choice.groups}
              onChange={(groups) => onChange({ groups })}
            />
          )}
          {format === 'swiss' && (
            <NumberField
              label={t(formatTexts.rounds)}
              hint={formatTexts.roundsHint(teamCount, t)}
              error={error('rounds')}
              min={1}
              max={12}
              value={choice.rounds}
              onChange={(rounds) => onChange({ rounds })}
            />
          )}
          <FormField label={t(formatTexts.playoff)} error={error('playoff') ?? error('playoff.format')}>
            <NativeSelect value={choice.playoff} onChange={(event) => onChange({ playoff: event.target.value as FormatChoice['playoff'] })}>
              <option value="none">{t(formatTexts.noPlayoff)}</option>
              {playoffFormats.map((value) => (
                <option key={value} value={value}>
                  {t(bracketFormatLabels[value])}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          {hasPlayoff && (
            <NumberField
              label={t(formatTexts.advance)}
              hint={t(formatTexts.advanceHint(format))}
              error={error('playoff.advance')}
              min={1}
              value={choice.advance}
              onChange={(advance) => onChange({ advance })}
            />
          )}
          {/* Beside the playoff's other settings, level with their fields (below the labels). */}
          {hasPlayoff && (
            <div className="max-w-64 sm:pt-[1.625rem]">
              {choice.playoff === 'single_elimination' ? (
                <Checkbox
                  label={t(formatTexts.thirdPlace)}
                  checked={choice.playoffThirdPlace}
                  onChange={(playoffThirdPlace) => onChange({ playoffThirdPlace })}
                  error={errors['playoff.thirdPlace']}
                />
              ) : (
                <Checkbox
                  label={t(formatTexts.grandFinalReset)}
                  hint={t(formatTexts.grandFinalResetHint)}
                  checked={choice.playoffGrandFinalReset}
                  onChange={(playoffGrandFinalReset) => onChange({ playoffGrandFinalReset })}
                />
              )}
            </div>
          )}
        </div>
      )}
      {format !== 'swiss' && (
        <div className="flex flex-wrap items-start gap-x-6 gap-y-2">
          {format === 'single_elimination' && (
            <Checkbox
              label={t(formatTexts.thirdPlace)}
              checked={choice.thirdPlace}
              onChange={(thirdPlace) => onChange({ thirdPlace })}
              error={errors.thirdPlace}
            />
          )}
          {format === 'double_elimination' && (
            <Checkbox
              label={t(formatTexts.grandFinalReset)}
              hint={t(formatTexts.grandFinalResetHint)}
              checked={choice.grandFinalReset}
              onChange={(grandFinalReset) => onChange({ grandFinalReset })}
            />
          )}
          {format === 'round_robin' && (
            <Checkbox label={t(formatTexts.doubleRoundRobin)} checked={choice.doubleRoundRobin} onChange={(doubleRoundRobin) => onChange({ doubleRoundRobin })} />
          )}
        </div>
      )}
    </>
  );
}

/** A whole-number option typed as text (see FormatChoice), narrow, its hint kept to the field's measure. */
function NumberField({
  label,
  hint,
  error,
  min,
  max,
  value,
  onChange,
}: {
  label: string;
  hint?: string;
  error?: { message: string };
  min: number;
  max?: number;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="max-w-64">
      <FormField label={label} hint={hint} error={error}>
        <Input type="number" inputMode="numeric" min={min} max={max} className="w-24" value={value} onChange={(event) => onChange(event.target.value)} />
      </FormField>
    </div>
  );
}

/** A checkbox with its label, and its hint and message wired as its description. */
function Checkbox({
  label,
  hint,
  checked,
  onChange,
  error,
}: {
  label: string;
  hint?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string;
}) {
  const t = useT();
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-message` : null].filter(Boolean).join(' ') || undefined;
  const note = (text: ReactNode, suffix: string, className: string) => (
    <p id={`${id}-${suffix}`} role={suffix === 'message' ? 'alert' : undefined} className={className}>
      {text}
    </p>
  );
  return (
    <div className="grid gap-1">
      <label className="flex min-h-10 items-center gap-2 text-sm font-medium">
        <input
          type="checkbox"
          checked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.checked)}
          className="size-4 accent-primary"
        />
        {label}
      </label>
      {hint && note(hint, 'hint', '-mt-2 text-xs text-muted')}
      {/* A schema's or the format rules' message (marked with msg), or the server's: in the page's language when a catalog has it. */}
      {error && note(t(error), 'message', 'text-sm font-medium text-red-400')}
    </div>
  );
}
