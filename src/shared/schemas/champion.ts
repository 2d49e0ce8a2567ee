import { z } from 'zod';
import { currencies } from '../money.js';
import { dateTimeField, isObjectPath, isWebUrl, optionalText, text } from './common.js';
import { msg } from '../i18n/msg.js';

export const highlightTypes = ['youtube', 'twitch'] as const;

export const highlightSchema = z.object({
  title: text(msg('Highlight title is required')).trim().min(1, msg('Highlight title is required')).max(120, msg('Highlight title must be at most 120 characters')),
  url: text(msg('Must be a valid URL')).trim().max(500, msg('Must be a valid URL')).refine(isWebUrl, msg('Must be a valid URL')),
  type: z.enum(highlightTypes, { error: msg('Type must be youtube or twitch') }),
});
export type Highlight = z.infer<typeof highlightSchema>;

/** Empty ids from the form's selects are sent as absent. */
const optionalId = z
  .union([z.uuid({ error: msg('Not a valid id') }), z.literal('')])
  .nullish()
  .transform((value) => value || null);

export const championInputSchema = z.object({
  tournamentId: optionalId,
  teamId: optionalId,
  placement: z.number({ error: msg('Placement must be at least 1') }).int(msg('Placement must be a whole number')).min(1, msg('Placement must be at least 1')).max(1000, msg('Placement must be at most 1000')),
  prizeAmount: optionalText(40, msg('Prize amount must be at most 40 characters')),
  currency: z.enum(currencies).default('USD'),
  teamName: text(msg('Team name is required')).trim().min(1, msg('Team name is required')).max(80, msg('Team name must be at most 80 characters')),
  // Shown as an <img> and linked on public pages: a web URL or an uploaded logo, nothing that runs.
  teamLogoUrl: optionalText(500, msg('Logo URL must be at most 500 characters')).refine(
    (value) => value === null || isWebUrl(value) || isObjectPath(value),
    msg('Logo URL must be an http(s) URL or an uploaded logo'),
  ),
  playerNames: z
    .array(text(msg('Player name cannot be empty')).trim().min(1, msg('Player name cannot be empty')).max(60, msg('Player name must be at most 60 characters')), {
      error: msg('At least one player is required'),
    })
    .min(1, msg('At least one player is required'))
    .max(20, msg('At most 20 players')),
  highlights: z.array(highlightSchema).max(20, msg('At most 20 highlights')).default([]),
  teamQuote: optionalText(500, msg('Quote must be at most 500 characters')),
  tournamentName: text(msg('Tournament name is required')).trim().min(1, msg('Tournament name is required')).max(120, msg('Tournament name must be at most 120 characters')),
  tournamentDate: dateTimeField(msg('Tournament date is required')),
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
