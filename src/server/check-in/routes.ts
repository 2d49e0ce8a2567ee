import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../audit/actor.js';
import type { EventDayScope } from '../auth/event-day-scope.js';
import { requirePermission } from '../auth/guard.js';
import { captainActor, type TeamPageService } from '../teams/team-page-service.js';
import { linkedTeamOf, type TeamLinkGuard } from '../teams/team-link.js';
import type { CheckInService } from './service.js';
import { endpoints } from '../../shared/api/index.js';
import { contractRoute } from '../http/contract-routes.js';

export const checkInRoutes: FastifyPluginAsyncZod<{ checkIns: CheckInService; teamPage: TeamPageService; requireTeamLink: TeamLinkGuard; scope: EventDayScope }> = async (
  app,
  { checkIns, teamPage, requireTeamLink, scope },
) => {
  // The captain, with the team link: answers the team page's view, as the other team link writes do.
  contractRoute(app, endpoints.checkInByCaptain, { preValidation: requireTeamLink }, async (request, reply) => {
    reply.header('Cache-Control', 'private, no-store').header('Referrer-Policy', 'no-referrer');
    const team = linkedTeamOf(request);
    await checkIns.byCaptain(team.id, captainActor(String(request.id)));
    return teamPage.view(team.id);
  });

  contractRoute(app, endpoints.checkInByOrganizer, { onRequest: requirePermission('checkIn') }, async (request) => {
    await scope.team(request, request.params.id);
    return checkIns.byOrganizer(request.params.id, await actorOf(request));
  });

  contractRoute(app, endpoints.undoCheckInByOrganizer, { onRequest: requirePermission('checkIn') }, async (request) => {
    await scope.team(request, request.params.id);
    return checkIns.undoByOrganizer(request.params.id, await actorOf(request));
  });
};
