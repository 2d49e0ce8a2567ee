import { z } from 'zod';
import { tournamentSchema } from './tournament.js';
import { msg } from '../i18n/msg.js';

/** Where a cup stands on /tournaments: live or open first, then upcoming, then the past ones (shared/tournament-listing.ts). */
export const listingGroups = ['live', 'upcoming', 'past'] as const;
export type ListingGroup = (typeof listingGroups)[number];

/** A match's stream, shown on the cup's page beside its bracket (the match engine's views may show it in the match row). */
export const matchStreamSchema = z.object({ matchId: z.string(), key: z.string(), streamUrl: z.string() });
export type MatchStream = z.infer<typeof matchStreamSchema>;

/** GET /api/tournaments/{idOrSlug}: a cup's public read, its phase computed when it was read, with its matches' streams. */
export const tournamentPageSchema = tournamentSchema.extend({
  matchStreams: z.array(matchStreamSchema),
});
export type TournamentPage = z.infer<typeof tournamentPageSchema>;

export const tournamentListingItemSchema = tournamentSchema.extend({ group: z.enum(listingGroups) });
export type TournamentListingItem = z.infer<typeof tournamentListingItemSchema>;

export const tournamentListingPageSize = 12;

/** GET /api/tournaments/listing: one page of every cup, in the listing's order. */
export const tournamentListingSchema = z.object({
  items: z.array(tournamentListingItemSchema),
  page: z.number(),
  pageCount: z.number(),
  total: z.number(),
});
export type TournamentListing = z.infer<typeof tournamentListingSchema>;

export const tournamentListingQuerySchema = z.object({
  page: z.coerce.number({ error: msg('Page must be a whole number from 1') }).int(msg('Page must be a whole number from 1')).min(1, msg('Page must be a whole number from 1')).max(10_000, msg('Page must be at most 10000')).optional(),
});

/** The path's `id` is a tournament's id or its slug: one parameter name per path position, as the PUT and DELETE on the same path use `id`. */
export const idOrSlugParamsSchema = z.object({ id: z.string().min(1).max(100).describe("The tournament's id or its slug") });
