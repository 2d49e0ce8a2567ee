import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminSiteSettingsSchema, siteSettingsInputSchema } from '../../shared/schemas/site.js';
import { actorOf } from '../audit/actor.js';
import { requireAdmin } from '../auth/guard.js';
import type { ReadCache } from '../http/read-cache.js';
import type { SiteSettingsService } from './settings.js';

/** The organizer edits the site settings; public pages see the change at their next poll. */
export const settingsRoutes: FastifyPluginAsyncZod<{ settings: SiteSettingsService; cache: ReadCache }> = async (app, { settings, cache }) => {
  app.addHook('onRequest', requireAdmin);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'private, no-store');
  });

  app.get('/api/admin/settings', { schema: { response: { 200: adminSiteSettingsSchema } } }, async () => settings.readForAdmin());

  app.put('/api/admin/settings', { schema: { body: siteSettingsInputSchema, response: { 200: adminSiteSettingsSchema } } }, async (request) => {
    const saved = await settings.update(request.body, await actorOf(request));
    cache.invalidate();
    return saved;
  });
};
