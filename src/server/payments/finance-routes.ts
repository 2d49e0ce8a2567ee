import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guardEveryRoute, requirePermission } from '../auth/guard.js';
import type { FinanceService } from './finance.js';
import { endpoints } from '../../shared/api/index.js';
import { contractRoute } from '../http/contract-routes.js';

/** The organizer's finance view of a tournament: the owner's, never cached. */
export const financeRoutes: FastifyPluginAsyncZod<{ finance: FinanceService }> = async (app, { finance }) => {
  guardEveryRoute(app, requirePermission('money'));
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'private, no-store');
  });

  contractRoute(app, endpoints.getFinance, async (request) => finance.forTournament(request.params.id));
};
