import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../audit/actor.js';
import { requirePermission } from '../auth/guard.js';
import type { ReadCache } from '../http/read-cache.js';
import { type PublicReads } from '../site/public-reads.js';
import type { ChampionService } from './service.js';
import { endpoints } from '../../shared/api/index.js';
import { contractRoute } from '../http/contract-routes.js';

export const championRoutes: FastifyPluginAsyncZod<{ champions: ChampionService; cache: ReadCache; reads: PublicReads }> = async (
  app,
  { champions, cache, reads },
) => {
  contractRoute(app, endpoints.listChampions, async (request, reply) => cache.reply(request, reply, reads.champions()));

  contractRoute(app, endpoints.createChampion, { onRequest: requirePermission('champions') }, async (request, reply) => {
    reply.status(201);
    return champions.create(request.body, await actorOf(request));
  });

  contractRoute(app, endpoints.updateChampion, { onRequest: requirePermission('champions') }, async (request) =>
    champions.update(request.params.id, request.body, await actorOf(request)),
  );

  contractRoute(app, endpoints.deleteChampion, { onRequest: requirePermission('champions') }, async (request, reply) => {
    await champions.remove(request.params.id, await actorOf(request));
    reply.status(204);
  });
};
