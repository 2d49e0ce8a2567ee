import { z } from 'zod';
import { idParamsSchema } from '../schemas/common.js';
import { matchStreamInputSchema } from '../schemas/stream.js';
import { idOrSlugParamsSchema, matchStreamSchema, tournamentListingQuerySchema, tournamentListingSchema, tournamentPageSchema } from '../schemas/tournament-page.js';
import { endpoint } from './endpoint.js';
import { noContentSchema, notModified } from './responses.js';

// A static path: Fastify matches it before /api/tournaments/:id (slugs never take the word: shared/slug.ts).
export const listTournamentPages = endpoint({
  operationId: 'listTournamentPages',
  method: 'GET',
  path: '/api/tournaments/listing',
  tag: 'tournaments',
  summary: 'Every cup, live and open first, then upcoming, then past with its champion; paged (with an ETag)',
  querystring: tournamentListingQuerySchema,
  responses: { 200: tournamentListingSchema, 304: notModified },
});

// Public, cached with an ETag. By id or slug; an old slug answers 308 to the current one.
export const getTournamentPage = endpoint({
  operationId: 'getTournamentPage',
  method: 'GET',
  path: '/api/tournaments/:id',
  tag: 'tournaments',
  summary: 'One cup by id or slug (with an ETag; an old slug redirects to the current one)',
  params: idOrSlugParamsSchema,
  responses: {
    200: tournamentPageSchema,
    304: notModified,
    308: noContentSchema('The tournament has a new slug: Location gives its current address'),
  },
});

export const setMatchStream = endpoint({
  operationId: 'setMatchStream',
  method: 'PUT',
  path: '/api/matches/:id/stream',
  tag: 'bracket',
  summary: "Set or clear a match's stream link (a Twitch channel or a YouTube video)",
  params: idParamsSchema,
  body: matchStreamInputSchema,
  responses: { 200: matchStreamSchema.extend({ streamUrl: z.string().nullable() }) },
});
