import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../audit/actor.js';
import { freshCode, requirePermission } from '../auth/guard.js';
import type { OrganizerRefunds } from './organizer-refunds.js';
import type { Refunds } from './refunds.js';
import { endpoints } from '../../shared/api/index.js';
import { contractRoute } from '../http/contract-routes.js';

/** The owner's money actions, each refund recorded in the audit log with its reason. */
export const organizerRefundRoutes: FastifyPluginAsyncZod<{ organizer: OrganizerRefunds; refunds: Refunds }> = async (app, { organizer, refunds }) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'private, no-store');
  });

  contractRoute(app, endpoints.getRefundQuote, { onRequest: requirePermission('money') }, async (request) =>
    organizer.quote(request.params.id));

  contractRoute(app, endpoints.refundTeam, { onRequest: requirePermission('money', freshCode) }, async (request) =>
    organizer.refundTeam(request.params.id, request.body, await actorOf(request)));

  contractRoute(app, endpoints.listRefunds, { onRequest: requirePermission('money') }, async (request) =>
    refunds.listForTournament(request.params.id));
};
