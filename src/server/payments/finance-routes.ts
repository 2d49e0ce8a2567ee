import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../shared/schemas/common.js';
import { financeSchema } from '../../shared/schemas/finance.js';
import { requireAdmin } from '../auth/guard.js';
import type { FinanceService } from './finance.js';

/** The organizer's finance view of a tournament: admin only, never cached. */
export const financeRoutes: FastifyPluginAsyncZod<{ finance: FinanceService }> = async (app, { finance }) => {
  app.addHook('onRequest', requireAdmin);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'private, no-store');
  });

  app.get('/api/tournaments/:id/finance', { schema: { params: idParamsSchema, response: { 200: financeSchema } } }, async (request) =>
    finance.forTournament(request.params.id),
  );
};
