import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../audit/actor.js';
import { freshCode, guardEveryRoute, requirePermission } from '../auth/guard.js';
import { captainActor } from '../teams/team-page-service.js';
import { linkedTeamOf, type TeamLinkGuard } from '../teams/team-link.js';
import type { PrivacyService } from './service.js';
import { teamExportSchema } from '../../shared/schemas/privacy.js';
import { endpoints } from '../../shared/api/index.js';
import { contractRoute } from '../http/contract-routes.js';

const attachment = (teamId: string) => `attachment; filename="team-${teamId}-data.json"`;

/** Indented, so the file opens readably in any text editor. */
const readableJson = (payload: unknown) => JSON.stringify(teamExportSchema.parse(payload), null, 2);

/**
 * The owner's side of a data request that came by e-mail: the team's export and its erasure,
 * each written to the audit log. (A captain does the same from the team link.)
 */
export const privacyAdminRoutes: FastifyPluginAsyncZod<{ privacy: PrivacyService }> = async (app, { privacy }) => {
  guardEveryRoute(app, requirePermission('personalData', freshCode));
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'private, no-store');
  });

  contractRoute(app, endpoints.exportTeamData, async (request, reply) => {
    const data = await privacy.exportTeam(request.params.id, await actorOf(request));
    return reply.header('Content-Disposition', attachment(request.params.id)).serializer(readableJson).send(data);
  });

  contractRoute(app, endpoints.eraseTeamData, async (request, reply) => {
    await privacy.eraseTeam(request.params.id, await actorOf(request));
    return reply.status(204).send();
  });
};

/** The same two rights on the captain's team link: the key is the proof (404 for a wrong one). */
export const privacyCaptainRoutes: FastifyPluginAsyncZod<{ privacy: PrivacyService; requireTeamLink: TeamLinkGuard }> = async (app, { privacy, requireTeamLink }) => {
  app.addHook('preValidation', requireTeamLink);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'private, no-store');
    reply.header('Referrer-Policy', 'no-referrer');
  });

  contractRoute(app, endpoints.exportOwnTeamData, async (request, reply) => {
    const team = linkedTeamOf(request);
    const data = await privacy.exportTeam(team.id, captainActor(String(request.id)));
    return reply.header('Content-Disposition', attachment(team.id)).serializer(readableJson).send(data);
  });

  contractRoute(app, endpoints.eraseOwnTeamData, async (request, reply) => {
    await privacy.eraseTeam(linkedTeamOf(request).id, captainActor(String(request.id)));
    return reply.status(204).send();
  });
};
