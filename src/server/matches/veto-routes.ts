import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '../../shared/api/index.js';
import { actorOf } from '../audit/actor.js';
import type { EventDayScope } from '../auth/event-day-scope.js';
import { requirePermission } from '../auth/guard.js';
import { contractRoute } from '../http/contract-routes.js';
import { captainActor } from '../teams/team-page-service.js';
import { linkedTeamOf, type TeamLinkGuard } from '../teams/team-link.js';
import type { VetoWorkflow } from './veto.js';

/**
 * The map veto's routes: a captain takes the team's turn with the team link's key (a wrong key: 404,
 * like every team link route; a team not in the match: 403); staff with the `results` permission act
 * for either team or reset the veto, for the live tournament only (scope.match), from Match Day.
 */
export const vetoRoutes: FastifyPluginAsyncZod<{ veto: VetoWorkflow; requireTeamLink: TeamLinkGuard; scope: EventDayScope }> = async (app, { veto, requireTeamLink, scope }) => {
  contractRoute(app, endpoints.vetoAsCaptain, { preValidation: requireTeamLink }, async (request, reply) => {
    // Private to the captain, like the team page's other answers.
    reply.header('Cache-Control', 'private, no-store');
    reply.header('Referrer-Policy', 'no-referrer');
    const team = linkedTeamOf(request);
    return veto.act(request.params.matchId, team.id, request.body, { kind: 'captain', actor: captainActor(String(request.id)) });
  });

  contractRoute(app, endpoints.vetoAsStaff, { onRequest: requirePermission('results') }, async (request) => {
    await scope.match(request, request.params.id);
    const { team, ...choice } = request.body;
    return veto.act(request.params.id, team, choice, { kind: 'staff', actor: await actorOf(request) });
  });

  contractRoute(app, endpoints.resetVeto, { onRequest: requirePermission('results') }, async (request) => {
    await scope.match(request, request.params.id);
    return veto.reset(request.params.id, await actorOf(request));
  });
};
