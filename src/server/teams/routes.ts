import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { EventHub } from '../events/hub.js';
import type { LanguageOf } from '../http/translated-errors.js';
import { publicWriteLimits } from '../http/public-write-limits.js';
import { newOwnerToken, setOwnerCookie } from './team-owner.js';
import type { TeamService } from './service.js';
import { newTeamLinkKey, teamLinkPath } from './team-link.js';
import { endpoints } from '../../shared/api/index.js';
import { contractRoute } from '../http/contract-routes.js';

export const teamRoutes: FastifyPluginAsyncZod<{ teams: TeamService; secureCookies: boolean; events: EventHub; languageOf: LanguageOf }> = async (app, { teams, secureCookies, events, languageOf }) => {
  contractRoute(app, endpoints.registerTeam, { config: { rateLimit: publicWriteLimits.teamCreate } }, async (request, reply) => {
    const owner = newOwnerToken();
    const link = newTeamLinkKey();
    const created = await teams.register(request.body, { ownerTokenHash: owner.hash, teamLinkHash: link.hash, language: await languageOf(request) });
    // The owner token travels only in the cookie, never seen by scripts; the team link is the captain's to keep.
    setOwnerCookie(reply, created.id, owner.token, secureCookies);
    const manageUrl = teamLinkPath(created.id, link.key);
    await events.emitCommitted('teamRegistered', { teamId: created.id, manageUrl, captainEmail: request.body.captainEmail ?? null });
    reply.status(201);
    return { ...created, manageUrl };
  });
};
