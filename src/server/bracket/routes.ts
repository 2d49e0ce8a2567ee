import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bracketGenerateSchema, matchResultSchema } from '../../shared/schemas/bracket.js';
import { idParamsSchema } from '../../shared/schemas/common.js';
import { actorOf } from '../audit/actor.js';
import { requireAdmin } from '../auth/guard.js';
import type { ReadCache } from '../http/read-cache.js';
import type { PublicReads } from '../site/public-reads.js';
import type { BracketService } from './service.js';

export const bracketRoutes: FastifyPluginAsyncZod<{ brackets: BracketService; cache: ReadCache; reads: PublicReads }> = async (app, { brackets, cache, reads }) => {
  // Public and polled: null (not 404) while the tournament has no bracket yet.
  app.get('/api/tournaments/:id/bracket', { schema: { params: idParamsSchema } }, async (request, reply) => cache.reply(request, reply, reads.bracket(request.params.id)));

  app.post('/api/tournaments/:id/bracket', { schema: { params: idParamsSchema, body: bracketGenerateSchema }, onRequest: requireAdmin }, async (request, reply) => {
    reply.status(201);
    return brackets.generate(request.params.id, request.body, await actorOf(request));
  });

  app.put('/api/matches/:id', { schema: { params: idParamsSchema, body: matchResultSchema }, onRequest: requireAdmin }, async (request) =>
    brackets.report(request.params.id, request.body, await actorOf(request)),
  );

  app.post('/api/tournaments/:id/bracket/confirm', { schema: { params: idParamsSchema }, onRequest: requireAdmin }, async (request) =>
    brackets.confirm(request.params.id, await actorOf(request)),
  );
};
