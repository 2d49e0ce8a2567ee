import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../audit/actor.js';
import { requirePermission } from '../auth/guard.js';
import type { ReadCache } from '../http/read-cache.js';
import type { PublicReads } from '../site/public-reads.js';
import type { SeriesSettings } from './series-settings.js';
import { endpoints } from '../../shared/api/index.js';
import { contractRoute } from '../http/contract-routes.js';

/** A match's public read, its best-of, and the tournament's map pool. */
export const seriesRoutes: FastifyPluginAsyncZod<{ series: SeriesSettings; cache: ReadCache; reads: PublicReads }> = async (app, { series, cache, reads }) => {
  // Public and polled while live: served from the read cache with an ETag, like the bracket.
  contractRoute(app, endpoints.getMatch, async (request, reply) => cache.reply(request, reply, reads.match(request.params.id)));

  contractRoute(app, endpoints.updateMatch, { onRequest: requirePermission('bracket') }, async (request) =>
    series.update(request.params.id, request.body, await actorOf(request)),
  );

  // The round's time, with the same permission as one match's (PATCH above).
  contractRoute(app, endpoints.setRoundStartsAt, { onRequest: requirePermission('bracket') }, async (request) =>
    series.setRoundStartsAt(request.params.id, request.params.round, request.body.startsAt, await actorOf(request)),
  );

  contractRoute(app, endpoints.setMapPool, { onRequest: requirePermission('tournaments') }, async (request) =>
    series.setMapPool(request.params.id, request.body.maps, await actorOf(request)),
  );
};
