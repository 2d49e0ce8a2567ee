import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { endpoints } from '../../shared/api/index.js';
import { actorOf } from '../audit/actor.js';
import type { EventDayScope } from '../auth/event-day-scope.js';
import { requirePermission } from '../auth/guard.js';
import { contractRoute } from '../http/contract-routes.js';
import { captainActor } from '../teams/team-page-service.js';
import { linkedTeamOf, type TeamLinkGuard } from '../teams/team-link.js';
import type { MatchReports } from './match-reports.js';
import type { MatchViews } from './match-view.js';

/** Private to the captain, like the team page's other answers. */
const privateAnswer = (reply: FastifyReply) => {
  reply.header('Cache-Control', 'private, no-store');
  reply.header('Referrer-Policy', 'no-referrer');
};

/**
 * Captains run their matches with the team link's key (a wrong key: 404, like every team link
 * route; a team not in the match: 403): their read of the match, ready, forfeit claim, report, confirm, dispute. Staff with
 * `results` see the queue, decide forfeit claims and reopen reporting, for the live tournament
 * (scope.match) from Match Day; they rule by entering the result (PUT /api/matches/{id}).
 */
export const matchReportRoutes: FastifyPluginAsyncZod<{ reports: MatchReports; views: MatchViews; requireTeamLink: TeamLinkGuard; scope: EventDayScope }> = async (app, { reports, views, requireTeamLink, scope }) => {
  const who = (request: Parameters<typeof linkedTeamOf>[0]) => ({ teamId: linkedTeamOf(request).id, actor: captainActor(String(request.id)) });

  contractRoute(app, endpoints.getMatchAsCaptain, { preValidation: requireTeamLink }, async (request, reply) => {
    privateAnswer(reply);
    return views.forTeam(request.params.matchId, linkedTeamOf(request).id);
  });

  contractRoute(app, endpoints.readyForMatch, { preValidation: requireTeamLink }, async (request, reply) => {
    privateAnswer(reply);
    return reports.ready(request.params.matchId, who(request));
  });

  contractRoute(app, endpoints.claimForfeit, { preValidation: requireTeamLink }, async (request, reply) => {
    privateAnswer(reply);
    return reports.claimForfeit(request.params.matchId, who(request));
  });

  contractRoute(app, endpoints.reportMatchAsCaptain, { preValidation: requireTeamLink }, async (request, reply) => {
    privateAnswer(reply);
    return reports.report(request.params.matchId, who(request), request.body.maps);
  });

  contractRoute(app, endpoints.confirmMatchReport, { preValidation: requireTeamLink }, async (request, reply) => {
    privateAnswer(reply);
    return reports.confirm(request.params.matchId, who(request));
  });

  contractRoute(app, endpoints.disputeMatchReport, { preValidation: requireTeamLink }, async (request, reply) => {
    privateAnswer(reply);
    return reports.dispute(request.params.matchId, who(request), request.body);
  });

  contractRoute(app, endpoints.listMatchQueue, { onRequest: requirePermission('results') }, async (request) => reports.queue(request.params.id));

  contractRoute(app, endpoints.reopenMatchReport, { onRequest: requirePermission('results') }, async (request) => {
    await scope.match(request, request.params.id);
    return reports.reopen(request.params.id, await actorOf(request));
  });

  contractRoute(app, endpoints.decideForfeitClaim, { onRequest: requirePermission('results') }, async (request) => {
    await scope.match(request, request.params.id);
    return reports.decideForfeitClaim(request.params.id, request.body, await actorOf(request));
  });
};
