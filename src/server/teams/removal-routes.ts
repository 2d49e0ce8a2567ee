import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../audit/actor.js';
import { assertPermission, freshCode, requirePermission } from '../auth/guard.js';
import type { TeamRemoval } from './removal.js';
import { endpoints } from '../../shared/api/index.js';
import { contractRoute } from '../http/contract-routes.js';

/** Taking a team out is the organizer's; with a refund it is also a money action (the owner's, with a fresh code). */
export const teamRemovalRoutes: FastifyPluginAsyncZod<{ removal: TeamRemoval }> = async (app, { removal }) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'private, no-store');
  });

  contractRoute(app, endpoints.removeTeam, { onRequest: requirePermission('teams') }, async (request) => {
    if (request.body.refund !== 'none') await assertPermission(request, 'money', freshCode);
    return removal.remove(request.params.id, request.body, await actorOf(request));
  });
};
