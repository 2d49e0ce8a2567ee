import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../shared/schemas/common.js';
import { financeSchema } from '../../shared/schemas/finance.js';
import { guardEveryRoute, requirePermission } from '../auth/guard.js';
import type { FinanceService } from './finance.js';

/** The organizer's finance view of a tournament: the owner's, never cached. */
export const financeRoutes: FastifyPluginAsyncZod<{ finance: FinanceService }> = async (app, { finance }) => {
  guardEveryRoute(app, requirePermission('money'));
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'private, no-store');
  });

  app.get('/api/tournaments/:id/finance', { schema: { params: idParamsSchema, response: { 200: financeSchema } } }, async (request) =>
    finance.forTournament(request.params.id),
  );
};
