import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../audit/actor.js';
import type { LanguageOf } from '../http/translated-errors.js';
import { requirePermission, withoutContactsUnlessAllowed } from '../auth/guard.js';
import type { EventHub } from '../events/hub.js';
import { AppError } from '../http/errors.js';
import { publicWriteLimits } from '../http/public-write-limits.js';
import { newOwnerToken, setOwnerCookie } from '../teams/team-owner.js';
import type { TeamService } from '../teams/service.js';
import { newTeamLinkKey, teamLinkPath } from '../teams/team-link.js';
import type { Waitlist } from './service.js';
import { endpoints } from '../../shared/api/index.js';
import { contractRoute } from '../http/contract-routes.js';
import { msg } from '../../shared/i18n/msg.js';

/**
 * The waitlist's routes: joining (public, the registration's step 1 payload, no payment), and the
 * organizer's view and hand-made offers. Claiming an offer is a team link route (team-page-routes.ts).
 */
export const waitlistRoutes: FastifyPluginAsyncZod<{
  teams: TeamService;
  waitlist: Waitlist;
  secureCookies: boolean;
  events: EventHub;
  languageOf: LanguageOf;
}> = async (app, { teams, waitlist, secureCookies, events, languageOf }) => {
  contractRoute(app, endpoints.joinWaitlist, { config: { rateLimit: publicWriteLimits.teamCreate } }, async (request, reply) => {
      if (request.body.tournamentId !== request.params.id) {
        throw new AppError('validation', msg('The team is for another tournament'), [{ path: 'tournamentId', message: msg('Must be the tournament in the address') }]);
      }
      const owner = newOwnerToken();
      const link = newTeamLinkKey();
      const joined = await teams.joinWaitlist(request.body, { ownerTokenHash: owner.hash, teamLinkHash: link.hash, language: await languageOf(request) });
      // The same browser can pay once an offer is claimed; the team link does it from anywhere.
      setOwnerCookie(reply, joined.id, owner.token, secureCookies);
      const manageUrl = teamLinkPath(joined.id, link.key);
      await events.emitCommitted('waitlistJoined', { teamId: joined.id, manageUrl, position: joined.position });
      reply.status(201);
      return { ...joined, manageUrl };
    });

  contractRoute(app, endpoints.listWaitlist, { onRequest: requirePermission('teamsRead') }, async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return withoutContactsUnlessAllowed(await request.adminUser(), await waitlist.list(request.params.id));
    });

  contractRoute(app, endpoints.offerSpot, { onRequest: requirePermission('teams') }, async (request) => waitlist.offerByHand(request.params.id, await actorOf(request)));
};
