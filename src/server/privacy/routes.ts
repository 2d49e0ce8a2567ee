import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../shared/schemas/common.js';
import { actorOf } from '../audit/actor.js';
import { requireAdmin } from '../auth/guard.js';
import type { PrivacyService } from './service.js';

/**
 * The owner's side of a data request that came by e-mail: the team's export and its erasure,
 * each written to the audit log. (A captain does the same from the team link.)
 */
export const privacyAdminRoutes: FastifyPluginAsyncZod<{ privacy: PrivacyService }> = async (app, { privacy }) => {
  app.addHook('onRequest', requireAdmin);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'private, no-store');
  });

  app.get('/api/admin/teams/:id/export', { schema: { params: idParamsSchema } }, async (request, reply) => {
    const data = await privacy.exportTeam(request.params.id, await actorOf(request));
    reply.header('Content-Disposition', `attachment; filename="team-${request.params.id}-data.json"`);
    return data;
  });

  app.post('/api/admin/teams/:id/erase', { schema: { params: idParamsSchema } }, async (request, reply) => {
    await privacy.eraseTeam(request.params.id, await actorOf(request));
    return reply.status(204).send();
  });
};
