import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '../../shared/schemas/common.js';
import { noContentSchema } from '../http/responses.js';
import { actorOf } from '../audit/actor.js';
import { freshCode, guardEveryRoute, requirePermission } from '../auth/guard.js';
import { captainActor } from '../teams/team-page-service.js';
import { linkedTeamOf, linkParamsSchema, type TeamLinkGuard } from '../teams/team-link.js';
import type { PrivacyService } from './service.js';

/**
 * The export is everything stored about the team: its rows go out whole (as stored, secrets left out
 * by the service), so a column added later is in the captain's copy too. Only its frame is fixed here.
 */
const storedRows = z.array(z.record(z.string(), z.unknown()));
const teamExportSchema = z
  .object({
    guide: z.record(z.string(), z.string()).describe('What each part of the file holds, for the person reading it'),
    exportedAt: z.string(),
    tournament: z.object({ id: z.string(), name: z.string(), date: z.string() }),
    team: z.record(z.string(), z.unknown()),
    players: storedRows,
    payments: storedRows,
    refunds: storedRows,
    providerRefunds: storedRows,
    champions: storedRows,
    rosterChanges: storedRows,
    mailSent: storedRows,
    activity: storedRows,
  })
  .describe("The team's data, as a JSON file to download (Content-Disposition: attachment)");
const erased = { 204: noContentSchema("Erased: the team's personal data is gone, its accounting figures kept") };

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

  app.get('/api/admin/teams/:id/export', { schema: { params: idParamsSchema, response: { 200: teamExportSchema } } }, async (request, reply) => {
    const data = await privacy.exportTeam(request.params.id, await actorOf(request));
    return reply.header('Content-Disposition', attachment(request.params.id)).serializer(readableJson).send(data);
  });

  app.post('/api/admin/teams/:id/erase', { schema: { params: idParamsSchema, response: erased } }, async (request, reply) => {
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

  app.get('/api/manage/:id/export', { schema: { params: linkParamsSchema, response: { 200: teamExportSchema } } }, async (request, reply) => {
    const team = linkedTeamOf(request);
    const data = await privacy.exportTeam(team.id, captainActor(String(request.id)));
    return reply.header('Content-Disposition', attachment(team.id)).serializer(readableJson).send(data);
  });

  app.post('/api/manage/:id/erase', { schema: { params: linkParamsSchema, response: erased } }, async (request, reply) => {
    await privacy.eraseTeam(linkedTeamOf(request).id, captainActor(String(request.id)));
    return reply.status(204).send();
  });
};
