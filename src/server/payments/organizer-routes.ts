import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../shared/schemas/common.js';
import { teamRefundSchema, teamRemoveSchema, tournamentCancelSchema } from '../../shared/schemas/refund.js';
import { actorOf } from '../audit/actor.js';
import { requireAdmin } from '../auth/guard.js';
import type { OrganizerRefunds } from './organizer-refunds.js';
import type { Refunds } from './refunds.js';

/** The organizer's money actions: admin only, each recorded in the audit log with its reason. */
export const organizerRefundRoutes: FastifyPluginAsyncZod<{ organizer: OrganizerRefunds; refunds: Refunds }> = async (app, { organizer, refunds }) => {
  app.addHook('onRequest', requireAdmin);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'private, no-store');
  });

  app.get('/api/teams/:id/refund-quote', { schema: { params: idParamsSchema } }, async (request) => organizer.quote(request.params.id));

  app.post('/api/teams/:id/refund', { schema: { params: idParamsSchema, body: teamRefundSchema } }, async (request) =>
    organizer.refundTeam(request.params.id, request.body, await actorOf(request)),
  );

  app.post('/api/teams/:id/remove', { schema: { params: idParamsSchema, body: teamRemoveSchema } }, async (request) =>
    organizer.removeTeam(request.params.id, request.body, await actorOf(request)),
  );

  app.post('/api/tournaments/:id/cancel', { schema: { params: idParamsSchema, body: tournamentCancelSchema } }, async (request) =>
    organizer.cancelTournament(request.params.id, request.body, await actorOf(request)),
  );

  app.get('/api/tournaments/:id/refunds', { schema: { params: idParamsSchema } }, async (request) => refunds.listForTournament(request.params.id));
};
