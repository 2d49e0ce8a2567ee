import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../audit/actor.js';
import { assertPermission, freshCode, guardEveryRoute, requirePermission } from '../auth/guard.js';
import type { SiteSettingsService } from './settings.js';
import { endpoints } from '../../shared/api/index.js';
import { contractRoute } from '../http/contract-routes.js';

/** The owner edits the site settings; public pages see the change at their next poll (the service says it changed). */
export const settingsRoutes: FastifyPluginAsyncZod<{ settings: SiteSettingsService }> = async (app, { settings }) => {
  guardEveryRoute(app, requirePermission('settings'));
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'private, no-store');
  });

  contractRoute(app, endpoints.getAdminSettings, async () => settings.readForAdmin());

  contractRoute(app, endpoints.updateAdminSettings, async (request) => {
    // Redirecting the site's mail is a power over people: it needs a fresh code, the other fields do not.
    if (await settings.changesMailRouting(request.body)) await assertPermission(request, 'settings', freshCode);
    return settings.update(request.body, await actorOf(request));
  });
};
