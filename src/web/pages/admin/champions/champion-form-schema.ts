import { z } from 'zod';
import { msg } from '../../../../shared/i18n/msg';
import { championInputSchema, highlightSchema, highlightTypes, type ChampionInput, type Champion } from '../../../../shared/schemas/champion';
import { toLocalInputValue } from '../shared/local-datetime';

const isBlankHighlight = (row: { title: string; url: string }) => !row.title.trim() && !row.url.trim();

/**
 * The champion form: the shared schema, with players as rows ({ value }) because react-hook-form's
 * field arrays need objects, and highlight rows left completely empty dropped instead of refused
 * (the first highlight row of the edit form cannot be removed). Messages stay the shared ones.
 */
export const championFormSchema = championInputSchema.extend({
  playerNames: z
    .array(z.object({ value: championInputSchema.shape.playerNames.element }), { error: msg('At least one player is required') })
    .min(1, msg('At least one player is required'))
    .max(20, msg('At most 20 players')),
  highlights: z
    .array(z.object({ title: z.string(), url: z.string(), type: z.enum(highlightTypes) }))
    .max(20, msg('At most 20 highlights'))
    .superRefine((rows, ctx) => {
      rows.forEach((row, index) => {
        if (isBlankHighlight(row)) return;
        const parsed = highlightSchema.safeParse(row);
        if (!parsed.success) for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: [index, ...issue.path] });
      });
    })
    .transform((rows) => rows.filter((row) => !isBlankHighlight(row)).map((row) => highlightSchema.parse(row))),
});

export type ChampionFormInput = z.input<typeof championFormSchema>;
export type ChampionFormValues = z.output<typeof championFormSchema>;

export const emptyChampion: ChampionFormInput = {
  tournamentId: '',
  teamId: '',
  placement: 1,
  prizeAmount: '',
  currency: 'USD',
  teamName: '',
  teamLogoUrl: '',
  playerNames: [{ value: '' }],
  highlights: [],
  teamQuote: '',
  tournamentName: '',
  tournamentDate: '',
};

/** "2026-12-01" (a date input) → noon that day in the organizer's zone, so the day reads the same in most zones. */
export function fromDateInputValue(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  if (!match) return value;
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 12).toISOString();
}

export function toDateInputValue(iso: string | null | undefined): string {
  return toLocalInputValue(iso).slice(0, 10);
}

export function championFormValuesOf(champion: Champion): ChampionFormInput {
  return {
    tournamentId: champion.tournamentId ?? '',
    teamId: champion.teamId ?? '',
    placement: champion.placement,
    prizeAmount: champion.prizeAmount ?? '',
    currency: champion.currency,
    teamName: champion.teamName,
    teamLogoUrl: champion.teamLogoUrl ?? '',
    playerNames: champion.playerNames.length ? champion.playerNames.map((value) => ({ value })) : [{ value: '' }],
    highlights: champion.highlights.map((h) => ({ title: h.title, url: h.url, type: h.type })),
    teamQuote: champion.teamQuote ?? '',
    tournamentName: champion.tournamentName,
    tournamentDate: toDateInputValue(champion.tournamentDate),
  };
}

/** Empty tournament and team ids are sent as absent: a champion need not link to either. */
export function toChampionInput({ tournamentId, teamId, ...values }: ChampionFormValues): ChampionInput {
  return {
    ...values,
    ...(tournamentId ? { tournamentId } : {}),
    ...(teamId ? { teamId } : {}),
    playerNames: values.playerNames.map((player) => player.value),
    tournamentDate: fromDateInputValue(values.tournamentDate),
  };
}
