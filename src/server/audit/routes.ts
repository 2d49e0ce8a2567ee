import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditPageSchema, auditQuerySchema } from '../../shared/schemas/audit.js';
import { requirePermission } from '../auth/guard.js';
import type { AuditLog } from './log.js';

export const auditRoutes: FastifyPluginAsyncZod<{ audit: AuditLog }> = async (app, { audit }) => {
  app.get('/api/admin/audit', { schema: { querystring: auditQuerySchema, response: { 200: auditPageSchema } }, onRequest: requirePermission('audit') }, async (request, reply) => {
    reply.header('Cache-Control', 'private, no-store');
    return audit.list(request.query);
  });
};
