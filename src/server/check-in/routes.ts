import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkInStatusSchema } from '../../shared/check-in.js';
import { idParamsSchema } from '../../shared/schemas/common.js';
import { teamPageDataSchema } from '../../shared/schemas/team-page.js';
import { actorOf } from '../audit/actor.js';
import type { EventDayScope } from '../auth/event-day-scope.js';
import { requirePermission } from '../auth/guard.js';
import { captainActor, type TeamPageService } from '../teams/team-page-service.js';
import { linkedTeamOf, type TeamLinkGuard } from '../teams/team-link.js';
import type { CheckInService } from './service.js';

// Any id: an id that is not a uuid is as unknown as a wrong key (404), as on the other team link routes.
const linkParams = z.object({ id: z.string().max(100) });

export const checkInRoutes: FastifyPluginAsyncZod<{ checkIns: CheckInService; teamPage: TeamPageService; requireTeamLink: TeamLinkGuard; scope: EventDayScope }> = async (
  app,
  { checkIns, teamPage, requireTeamLink, scope },
) => {
  // The captain, with the team link: answers the team page's view, as the other team link writes do.
  app.post('/api/manage/:id/check-in', { preValidation: requireTeamLink, schema: { params: linkParams, response: { 200: teamPageDataSchema } } }, async (request, reply) => {
    reply.header('Cache-Control', 'private, no-store').header('Referrer-Policy', 'no-referrer');
    const team = linkedTeamOf(request);
    await checkIns.byCaptain(team.id, captainActor(String(request.id)));
    return teamPage.view(team.id);
  });

  app.post('/api/teams/:id/check-in', { onRequest: requirePermission('checkIn'), schema: { params: idParamsSchema, response: { 200: checkInStatusSchema } } }, async (request) => {
    await scope.team(request, request.params.id);
    return checkIns.byOrganizer(request.params.id, await actorOf(request));
  });
};
