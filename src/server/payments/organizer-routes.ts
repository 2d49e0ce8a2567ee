import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../shared/schemas/common.js';
import { z } from 'zod';
import { refundQuoteSchema, refundSchema, teamRefundSchema } from '../../shared/schemas/refund.js';
import { actorOf } from '../audit/actor.js';
import { freshCode, requirePermission } from '../auth/guard.js';
import type { OrganizerRefunds } from './organizer-refunds.js';
import type { Refunds } from './refunds.js';

/** The owner's money actions, each refund recorded in the audit log with its reason. */
export const organizerRefundRoutes: FastifyPluginAsyncZod<{ organizer: OrganizerRefunds; refunds: Refunds }> = async (app, { organizer, refunds }) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'private, no-store');
  });

  app.get('/api/teams/:id/refund-quote', { onRequest: requirePermission('money'), schema: { params: idParamsSchema, response: { 200: refundQuoteSchema } } }, async (request) =>
    organizer.quote(request.params.id));

  app.post('/api/teams/:id/refund', { onRequest: requirePermission('money', freshCode), schema: { params: idParamsSchema, body: teamRefundSchema, response: { 200: refundSchema } } }, async (request) =>
    organizer.refundTeam(request.params.id, request.body, await actorOf(request)),
  );

  app.get('/api/tournaments/:id/refunds', { onRequest: requirePermission('money'), schema: { params: idParamsSchema, response: { 200: z.array(refundSchema) } } }, async (request) =>
    refunds.listForTournament(request.params.id));
};
