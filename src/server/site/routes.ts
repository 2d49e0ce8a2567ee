import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../db/client.js';
import { databaseRetryAfterSeconds } from '../http/errors.js';
import type { CachedRead, ReadCache } from '../http/read-cache.js';

export const siteRoutes: FastifyPluginAsyncZod<{ site: () => CachedRead; cache: ReadCache; database: Database }> = async (app, { site, cache, database }) => {
  // The organizer's settings over the environment's: read like the other polled reads, from the cache.
  app.get('/api/site', async (request, reply) => cache.reply(request, reply, site()));

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
