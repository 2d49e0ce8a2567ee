import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okSchema } from '../../shared/schemas/common.js';
import { contactSchema } from '../../shared/schemas/contact.js';
import { publicWriteLimits } from '../http/public-write-limits.js';
import type { ContactService } from './service.js';

export const contactRoutes: FastifyPluginAsyncZod<{ contact: ContactService }> = async (app, { contact }) => {
  app.post('/api/contact', { schema: { body: contactSchema, response: { 201: okSchema } }, config: { rateLimit: publicWriteLimits.contact } }, async (request, reply) => {
    await contact.submit(request.body);
    reply.status(201);
    return { ok: true as const };
  });
};
