import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../audit/actor.js';
import { requirePermission } from '../auth/guard.js';
import { contractRoute } from '../http/contract-routes.js';
import { endpoints } from '../../shared/api/index.js';
import type { PrizeService } from './service.js';

/** The prize split (`tournaments`) and the payouts (`money`): the organizer's, never cached. */
export const prizeRoutes: FastifyPluginAsyncZod<{ prizes: PrizeService }> = async (app, { prizes }) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'private, no-store');
  });

  contractRoute(app, endpoints.getPrizes, { onRequest: requirePermission('money') }, async (request) => prizes.list(request.params.id));

  contractRoute(app, endpoints.setPrizeSplit, { onRequest: requirePermission('tournaments') }, async (request) =>
    prizes.setSplit(request.params.id, request.body.prizes, await actorOf(request)));

  contractRoute(app, endpoints.recordPrizePayout, { onRequest: requirePermission('money') }, async (request) =>
    prizes.recordPayout(request.params.id, request.params.placement, request.body, await actorOf(request)));
};
