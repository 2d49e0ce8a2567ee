import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePermission } from '../auth/guard.js';
import type { AuditLog } from './log.js';
import { endpoints } from '../../shared/api/index.js';
import { contractRoute } from '../http/contract-routes.js';

export const auditRoutes: FastifyPluginAsyncZod<{ audit: AuditLog }> = async (app, { audit }) => {
  contractRoute(app, endpoints.listAuditLog, { onRequest: requirePermission('audit') }, async (request, reply) => {
    reply.header('Cache-Control', 'private, no-store');
    return audit.list(request.query);
  });
};
