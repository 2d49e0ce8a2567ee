import { z } from 'zod';
import { currencies } from '../money.js';
import { dateTimeField, isObjectPath, isWebUrl, optionalText, text } from './common.js';

export const highlightTypes = ['youtube', 'twitch'] as const;

export const highlightSchema = z.object({
  title: text('Highlight title is required').trim().min(1, 'Highlight title is required').max(120, 'Highlight title must be at most 120 characters'),
  url: text('Must be a valid URL').trim().max(500, 'Must be a valid URL').refine(isWebUrl, 'Must be a valid URL'),
  type: z.enum(highlightTypes, { error: 'Type must be youtube or twitch' }),
});
export type Highlight = z.infer<typeof highlightSchema>;

/** Empty ids from the form's selects are sent as absent. */
const optionalId = z
  .union([z.uuid({ error: 'Not a valid id' }), z.literal('')])
  .nullish()
  .transform((value) => value || null);

export const championInputSchema = z.object({
  tournamentId: optionalId,
  teamId: optionalId,
  placement: z.number({ error: 'Placement must be at least 1' }).int('Placement must be a whole number').min(1, 'Placement must be at least 1').max(1000, 'Placement must be at most 1000'),
  prizeAmount: optionalText(40, 'Prize amount must be at most 40 characters'),
  currency: z.enum(currencies).default('USD'),
  teamName: text('Team name is required').trim().min(1, 'Team name is required').max(80, 'Team name must be at most 80 characters'),
  // Shown as an <img> and linked on public pages: a web URL or an uploaded logo, nothing that runs.
  teamLogoUrl: optionalText(500, 'Logo URL must be at most 500 characters').refine(
    (value) => value === null || isWebUrl(value) || isObjectPath(value),
    'Logo URL must be an http(s) URL or an uploaded logo',
  ),
  playerNames: z
    .array(text('Player name cannot be empty').trim().min(1, 'Player name cannot be empty').max(60, 'Player name must be at most 60 characters'), {
      error: 'At least one player is required',
    })
    .min(1, 'At least one player is required')
    .max(20, 'At most 20 players'),
  highlights: z.array(highlightSchema).max(20, 'At most 20 highlights').default([]),
  teamQuote: optionalText(500, 'Quote must be at most 500 characters'),
  tournamentName: text('Tournament name is required').trim().min(1, 'Tournament name is required').max(120, 'Tournament name must be at most 120 characters'),
  tournamentDate: dateTimeField('Tournament date is required'),
});
export type ChampionInput = z.input<typeof championInputSchema>;

export const championSchema = z.object({
  id: z.string(),
  tournamentId: z.string().nullable(),
  teamId: z.string().nullable(),
  placement: z.number(),
  prizeAmount: z.string().nullable(),
  currency: z.enum(currencies),
  teamName: z.string(),
  teamLogoUrl: z.string().nullable(),
  playerNames: z.array(z.string()),
  highlights: z.array(highlightSchema),
  teamQuote: z.string().nullable(),
  tournamentName: z.string(),
  tournamentDate: z.string(),
  createdAt: z.string(),
});
export type Champion = z.infer<typeof championSchema>;
