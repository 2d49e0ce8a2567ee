import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notModified } from '../http/responses.js';
import { publicReadSchemas } from './public-reads.js';
import type { Database } from '../db/client.js';
import { databaseRetryAfterSeconds } from '../http/errors.js';
import type { CachedRead, ReadCache } from '../http/read-cache.js';

export const siteRoutes: FastifyPluginAsyncZod<{ site: () => CachedRead; cache: ReadCache; database: Database }> = async (app, { site, cache, database }) => {
  // The organizer's settings over the environment's: read like the other polled reads, from the cache.
  app.get('/api/site', { schema: { response: { 200: publicReadSchemas.site, 304: notModified } } }, async (request, reply) => cache.reply(request, reply, site()));

  app.get('/healthz', { schema: { response: { 200: z.object({ status: z.literal('ok') }) } } }, async () => ({ status: 'ok' as const }));

  const readiness = { 200: z.object({ status: z.literal('ready') }), 503: z.object({ status: z.literal('unavailable'), error: z.string() }) };
  app.get('/readyz', { schema: { response: readiness } }, async (_request, reply) => {
    try {
      await database.withConnection((exec) => exec('select 1'));
      return { status: 'ready' as const };
    } catch {
      // Not ready until the database answers again; the next probe tries a fresh connection.
      return reply.status(503).header('Retry-After', String(databaseRetryAfterSeconds)).send({ status: 'unavailable' as const, error: 'Database is not answering' });
    }
  });
};
