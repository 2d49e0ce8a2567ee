import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { teamCreateSchema, teamCreatedSchema } from '../../shared/schemas/team.js';
import { publicWriteLimits } from '../http/public-write-limits.js';
import type { TeamService } from './service.js';

export const teamRoutes: FastifyPluginAsyncZod<{ teams: TeamService }> = async (app, { teams }) => {
  app.post('/api/teams', { schema: { body: teamCreateSchema, response: { 201: teamCreatedSchema } }, config: { rateLimit: publicWriteLimits.teamCreate } }, async (request, reply) => {
    const created = await teams.register(request.body);
    reply.status(201);
    return created;
  });
};
