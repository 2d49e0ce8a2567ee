import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { championInputSchema, championSchema } from '../../shared/schemas/champion.js';
import { idParamsSchema } from '../../shared/schemas/common.js';
import { noContentSchema } from '../http/responses.js';
import { actorOf } from '../audit/actor.js';
import { requirePermission } from '../auth/guard.js';
import type { ReadCache } from '../http/read-cache.js';
import { notModified } from '../http/responses.js';
import { publicReadSchemas, type PublicReads } from '../site/public-reads.js';
import type { ChampionService } from './service.js';

export const championRoutes: FastifyPluginAsyncZod<{ champions: ChampionService; cache: ReadCache; reads: PublicReads }> = async (app, { champions, cache, reads }) => {
  app.get('/api/champions', { schema: { response: { 200: publicReadSchemas.champions, 304: notModified } } }, async (request, reply) => cache.reply(request, reply, reads.champions()));

  app.post('/api/champions', { schema: { body: championInputSchema, response: { 201: championSchema } }, onRequest: requirePermission('champions') }, async (request, reply) => {
    reply.status(201);
    return champions.create(request.body, await actorOf(request));
  });

  app.put('/api/champions/:id', { schema: { params: idParamsSchema, body: championInputSchema, response: { 200: championSchema } }, onRequest: requirePermission('champions') }, async (request) =>
    champions.update(request.params.id, request.body, await actorOf(request)),
  );

  app.delete('/api/champions/:id', { schema: { params: idParamsSchema, response: { 204: noContentSchema('Deleted') } }, onRequest: requirePermission('champions') }, async (request, reply) => {
    await champions.remove(request.params.id, await actorOf(request));
    reply.status(204);
  });
};
