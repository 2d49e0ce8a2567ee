import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactSchema } from '../../shared/schemas/contact.js';
import type { ContactService } from './service.js';

export const contactRoutes: FastifyPluginAsyncZod<{ contact: ContactService }> = async (app, { contact }) => {
  app.post('/api/contact', { schema: { body: contactSchema } }, async (request, reply) => {
    await contact.submit(request.body);
    reply.status(201);
    return { ok: true };
  });
};
