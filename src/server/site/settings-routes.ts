import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminSiteSettingsSchema, siteSettingsInputSchema } from '../../shared/schemas/site.js';
import { actorOf } from '../audit/actor.js';
import { assertPermission, freshCode, guardEveryRoute, requirePermission } from '../auth/guard.js';
import type { SiteSettingsService } from './settings.js';

/** The owner edits the site settings; public pages see the change at their next poll (the service says it changed). */
export const settingsRoutes: FastifyPluginAsyncZod<{ settings: SiteSettingsService }> = async (app, { settings }) => {
  guardEveryRoute(app, requirePermission('settings'));
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'private, no-store');
  });

  app.get('/api/admin/settings', { schema: { response: { 200: adminSiteSettingsSchema } } }, async () => settings.readForAdmin());

  app.put('/api/admin/settings', { schema: { body: siteSettingsInputSchema, response: { 200: adminSiteSettingsSchema } } }, async (request) => {
    // Redirecting the site's mail is a power over people: it needs a fresh code, the other fields do not.
    if (await settings.changesMailRouting(request.body)) await assertPermission(request, 'settings', freshCode);
    return settings.update(request.body, await actorOf(request));
  });
};
