import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { teamCreateSchema, teamCreatedSchema } from '../../shared/schemas/team.js';
import { publicWriteLimits } from '../http/public-write-limits.js';
import { newOwnerToken, setOwnerCookie } from '../payments/team-owner.js';
import type { TeamService } from './service.js';

export const teamRoutes: FastifyPluginAsyncZod<{ teams: TeamService; secureCookies: boolean }> = async (app, { teams, secureCookies }) => {
  app.post('/api/teams', { schema: { body: teamCreateSchema, response: { 201: teamCreatedSchema } }, config: { rateLimit: publicWriteLimits.teamCreate } }, async (request, reply) => {
    const owner = newOwnerToken();
    const created = await teams.register(request.body, { ownerTokenHash: owner.hash });
    // The token travels only in the cookie: the body stays what it was, and scripts never see it.
    setOwnerCookie(reply, created.id, owner.token, secureCookies);
    reply.status(201);
    return created;
  });
};
