import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '../../shared/schemas/common.js';
import { contactMessageSchema, failedMailSchema, inboxQuerySchema, inboxSchema, messageReplySchema, messageStatusInputSchema } from '../../shared/schemas/inbox.js';
import { actorOf } from '../audit/actor.js';
import { freshCode, requirePermission } from '../auth/guard.js';
import { noContentSchema } from '../http/responses.js';
import type { InboxService } from './inbox.js';

/** The admin's inbox: contact messages and undelivered mail (personal data: never cached). */
export const inboxRoutes: FastifyPluginAsyncZod<{ inbox: InboxService }> = async (app, { inbox }) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'private, no-store');
  });

  app.get('/api/admin/messages', { onRequest: requirePermission('inbox'), schema: { querystring: inboxQuerySchema, response: { 200: inboxSchema } } }, async (request) => inbox.list(request.query.status));

  app.patch('/api/admin/messages/:id', { onRequest: requirePermission('inbox'), schema: { params: idParamsSchema, body: messageStatusInputSchema, response: { 200: contactMessageSchema } } }, async (request) =>
    inbox.setStatus(request.params.id, request.body.status, await actorOf(request)),
  );

  app.post('/api/admin/messages/:id/reply', { onRequest: requirePermission('inbox'), schema: { params: idParamsSchema, body: messageReplySchema, response: { 200: contactMessageSchema } } }, async (request) =>
    inbox.reply(request.params.id, request.body, await actorOf(request)),
  );

  // The recipients of mail in bulk: a fresh code, as for every list of addresses.
  app.get('/api/admin/mail/failed', { onRequest: requirePermission('personalData', freshCode), schema: { response: { 200: z.array(failedMailSchema) } } }, async () => inbox.failedMail());

  app.post('/api/admin/mail/:id/retry', { onRequest: requirePermission('personalData', freshCode), schema: { params: idParamsSchema, response: { 204: noContentSchema('Queued again') } } }, async (request, reply) => {
    await inbox.retryMail(request.params.id, await actorOf(request));
    return reply.status(204).send();
  });
};
