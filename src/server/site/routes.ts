import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../db/client.js';
import { databaseRetryAfterSeconds } from '../http/errors.js';
import type { CachedRead, ReadCache } from '../http/read-cache.js';
import { endpoints } from '../../shared/api/index.js';
import { contractRoute } from '../http/contract-routes.js';

export const siteRoutes: FastifyPluginAsyncZod<{ site: () => CachedRead; cache: ReadCache; database: Database }> = async (app, { site, cache, database }) => {
  // The organizer's settings over the environment's: read like the other polled reads, from the cache.
  contractRoute(app, endpoints.getSite, async (request, reply) => cache.reply(request, reply, site()));

  contractRoute(app, endpoints.getHealth, async () => ({ status: 'ok' as const }));

  contractRoute(app, endpoints.getReadiness, async (_request, reply) => {
    try {
      await database.withConnection((exec) => exec('select 1'));
      return { status: 'ready' as const };
    } catch {
      // Not ready until the database answers again; the next probe tries a fresh connection.
      return reply.status(503).header('Retry-After', String(databaseRetryAfterSeconds)).send({ status: 'unavailable' as const, error: 'Database is not answering' });
    }
  });
};
