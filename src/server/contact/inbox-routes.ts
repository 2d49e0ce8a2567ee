import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../audit/actor.js';
import { freshCode, requirePermission } from '../auth/guard.js';
import type { InboxService } from './inbox.js';
import { endpoints } from '../../shared/api/index.js';
import { contractRoute } from '../http/contract-routes.js';

/** The admin's inbox: contact messages and undelivered mail (personal data: never cached). */
export const inboxRoutes: FastifyPluginAsyncZod<{ inbox: InboxService }> = async (app, { inbox }) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'private, no-store');
  });

  contractRoute(app, endpoints.listMessages, { onRequest: requirePermission('inbox') }, async (request) => inbox.list(request.query.status));

  contractRoute(app, endpoints.setMessageStatus, { onRequest: requirePermission('inbox') }, async (request) =>
    inbox.setStatus(request.params.id, request.body.status, await actorOf(request)),
  );

  contractRoute(app, endpoints.replyToMessage, { onRequest: requirePermission('inbox') }, async (request) =>
    inbox.reply(request.params.id, request.body, await actorOf(request)),
  );

  // The recipients of mail in bulk: a fresh code, as for every list of addresses.
  contractRoute(app, endpoints.listFailedMail, { onRequest: requirePermission('personalData', freshCode) }, async () => inbox.failedMail());

  contractRoute(app, endpoints.retryMail, { onRequest: requirePermission('personalData', freshCode) }, async (request, reply) => {
    await inbox.retryMail(request.params.id, await actorOf(request));
    return reply.status(204).send();
  });
};
