import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SiteSettings } from '../../shared/schemas/site.js';
import type { Database } from '../db/client.js';
import { databaseRetryAfterSeconds } from '../http/errors.js';

export const siteRoutes: FastifyPluginAsyncZod<{ settings: SiteSettings; database: Database }> = async (app, { settings, database }) => {
  app.get('/api/site', async () => settings);

  app.get('/healthz', async () => ({ status: 'ok' }));

  app.get('/readyz', async (_request, reply) => {
    try {
      await database.withConnection((exec) => exec('select 1'));
      return { status: 'ready' };
    } catch {
      // Not ready until the database answers again; the next probe tries a fresh connection.
      return reply.status(503).header('Retry-After', String(databaseRetryAfterSeconds)).send({ status: 'unavailable', error: 'Database is not answering' });
    }
  });
};
