import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '../../shared/api/index.js';
import { actorOf } from '../audit/actor.js';
import { requirePermission } from '../auth/guard.js';
import type { EventDayScope } from '../auth/event-day-scope.js';
import { contractRoute } from '../http/contract-routes.js';
import { notFound } from '../http/errors.js';
import type { ReadCache } from '../http/read-cache.js';
import type { PublicReads } from '../site/public-reads.js';
import type { TournamentPages } from './public-pages.js';

/** Every cup's public read and the listing (cached like the other polled reads), and the match stream link. */
export const tournamentPageRoutes: FastifyPluginAsyncZod<{ pages: TournamentPages; cache: ReadCache; reads: PublicReads; scope: EventDayScope }> = async (
  app,
  { pages, cache, reads, scope },
) => {
  contractRoute(app, endpoints.listTournamentPages, async (request, reply) => cache.reply(request, reply, reads.listing(request.query.page ?? 1)));

  contractRoute(app, endpoints.getTournamentPage, async (request, reply) => {
    const { id: idOrSlug } = request.params;
    const ref = JSON.parse(await cache.json(reads.tournamentRef(idOrSlug))) as { id: string; slug: string } | null;
    if (!ref) throw notFound('Tournament');
    // An old slug: the cup is the same, its address changed; permanent, and the method is kept.
    if (idOrSlug !== ref.slug && idOrSlug.toLowerCase() !== ref.id) {
      return reply.status(308).header('Location', `/api/tournaments/${encodeURIComponent(ref.slug)}`).header('Cache-Control', 'public, max-age=300').send(undefined);
    }
    return cache.reply(request, reply, reads.tournamentPage(ref.id));
  });

  contractRoute(app, endpoints.setMatchStream, { onRequest: requirePermission('results') }, async (request) => {
    await scope.match(request, request.params.id);
    return pages.setMatchStream(request.params.id, request.body.streamUrl ?? null, await actorOf(request));
  });
};
