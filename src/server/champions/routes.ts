import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { championInputSchema } from '../../shared/schemas/champion.js';
import { idParamsSchema } from '../../shared/schemas/common.js';
import { actorOf } from '../audit/actor.js';
import { requireAdmin } from '../auth/guard.js';
import type { ReadCache } from '../http/read-cache.js';
import type { PublicReads } from '../site/public-reads.js';
import type { ChampionService } from './service.js';

export const championRoutes: FastifyPluginAsyncZod<{ champions: ChampionService; cache: ReadCache; reads: PublicReads }> = async (app, { champions, cache, reads }) => {
  app.get('/api/champions', async (request, reply) => cache.reply(request, reply, reads.champions()));

  app.post('/api/champions', { schema: { body: championInputSchema }, onRequest: requireAdmin }, async (request, reply) => {
    reply.status(201);
    return champions.create(request.body, await actorOf(request));
  });

  app.put('/api/champions/:id', { schema: { params: idParamsSchema, body: championInputSchema }, onRequest: requireAdmin }, async (request) =>
    champions.update(request.params.id, request.body, await actorOf(request)),
  );

  app.delete('/api/champions/:id', { schema: { params: idParamsSchema }, onRequest: requireAdmin }, async (request, reply) => {
    await champions.remove(request.params.id);
    reply.status(204);
  });
};
