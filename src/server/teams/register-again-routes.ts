import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { EventHub } from '../events/hub.js';
import { contractRoute } from '../http/contract-routes.js';
import type { LanguageOf } from '../http/translated-errors.js';
import { publicWriteLimits } from '../http/public-write-limits.js';
import { endpoints } from '../../shared/api/index.js';
import type { RegisterAgain } from './register-again.js';
import { linkedTeamOf, newTeamLinkKey, teamLinkPath, type TeamLinkGuard } from './team-link.js';
import { newOwnerToken, setOwnerCookie } from './team-owner.js';

/**
 * Returning teams, behind the team link of any of the team's registrations: the cups open now,
 * and the new registration, which gets its own team link and owner cookie as POST /api/teams does
 * (and the same mail: the link, or the place on the waitlist).
 */
export const registerAgainRoutes: FastifyPluginAsyncZod<{ registerAgain: RegisterAgain; requireTeamLink: TeamLinkGuard; secureCookies: boolean; events: EventHub; languageOf: LanguageOf }> = async (
  app,
  { registerAgain, requireTeamLink, secureCookies, events, languageOf },
) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'private, no-store');
    reply.header('Referrer-Policy', 'no-referrer');
  });

  contractRoute(app, endpoints.listCupsToRegisterAgain, { preValidation: requireTeamLink }, async (request) => ({
    cups: await registerAgain.openCups(linkedTeamOf(request)),
  }));

  contractRoute(app, endpoints.registerAgain, { preValidation: requireTeamLink, config: { rateLimit: publicWriteLimits.teamCreate } }, async (request, reply) => {
    const owner = newOwnerToken();
    const link = newTeamLinkKey();
    const created = await registerAgain.register(linkedTeamOf(request), request.body, { ownerTokenHash: owner.hash, teamLinkHash: link.hash, language: await languageOf(request) });
    setOwnerCookie(reply, created.id, owner.token, secureCookies);
    const manageUrl = teamLinkPath(created.id, link.key);
    if (created.waitlistPosition !== null) await events.emitCommitted('waitlistJoined', { teamId: created.id, manageUrl, position: created.waitlistPosition });
    else await events.emitCommitted('teamRegistered', { teamId: created.id, manageUrl, captainEmail: linkedTeamOf(request).captainEmail });
    reply.status(201);
    return { ...created, manageUrl };
  });
};
