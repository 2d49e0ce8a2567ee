import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../shared/schemas/common.js';
import { teamRemovedSchema, teamRemoveSchema } from '../../shared/schemas/refund.js';
import { actorOf } from '../audit/actor.js';
import { assertPermission, freshCode, requirePermission } from '../auth/guard.js';
import type { TeamRemoval } from './removal.js';

/** Taking a team out is the organizer's; with a refund it is also a money action (the owner's, with a fresh code). */
export const teamRemovalRoutes: FastifyPluginAsyncZod<{ removal: TeamRemoval }> = async (app, { removal }) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'private, no-store');
  });

  app.post('/api/teams/:id/remove', { onRequest: requirePermission('teams'), schema: { params: idParamsSchema, body: teamRemoveSchema, response: { 200: teamRemovedSchema } } }, async (request) => {
    if (request.body.refund !== 'none') await assertPermission(request, 'money', freshCode);
    return removal.remove(request.params.id, request.body, await actorOf(request));
  });
};
