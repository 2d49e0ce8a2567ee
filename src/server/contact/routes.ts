import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicWriteLimits } from '../http/public-write-limits.js';
import type { ContactService } from './service.js';
import { endpoints } from '../../shared/api/index.js';
import { contractRoute } from '../http/contract-routes.js';

export const contactRoutes: FastifyPluginAsyncZod<{ contact: ContactService }> = async (app, { contact }) => {
  contractRoute(app, endpoints.sendContactMessage, { config: { rateLimit: publicWriteLimits.contact } }, async (request, reply) => {
    await contact.submit(request.body);
    reply.status(201);
    return { ok: true as const };
  });
};
