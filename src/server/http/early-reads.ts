import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { endpoints } from '../../shared/api/index.js';
import { SESSION_COOKIE } from '../auth/guard.js';
import type { PublicReads } from '../site/public-reads.js';
import type { ReadCache } from './read-cache.js';

/** A polled public read served early: its path (from the API's declaration) and its cache key. */
interface EarlyRead {
  path: string;
  key: (id: string) => string;
  /** The route answers differently to a signed-in organizer: such requests go to the route. */
  publicOnly?: boolean;
}

/** The reads every visitor polls; each key is the one its route caches under (public-reads.ts). */
function earlyReadsOf(reads: PublicReads): EarlyRead[] {
  return [
    { path: endpoints.getActiveTournament.path, key: () => reads.active().key },
    { path: endpoints.listOpenTournaments.path, key: () => reads.open().key },
    { path: endpoints.getSite.path, key: () => reads.site().key },
    { path: endpoints.listChampions.path, key: () => reads.champions().key },
    { path: endpoints.getCapacity.path, key: (id) => reads.capacity(id).key },
    { path: endpoints.listTournamentTeams.path, key: (id) => reads.teams(id).key, publicOnly: true },
    { path: endpoints.getBracket.path, key: (id) => reads.bracket(id).key },
    { path: endpoints.getMatch.path, key: (id) => reads.match(id).key },
  ];
}

/** `/api/tournaments/:id/teams` as a pattern: one plain path segment (no escapes, no query string) for `:id`. */
function patternOf(path: string): RegExp {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(':id', '([A-Za-z0-9_-]+)');
  return new RegExp(`^${escaped}$`);
}

/**
 * The polled public reads answered as early as the request allows: right after the request id and
 * the security headers, before the other hooks (cookies, the same-origin check, rate limits, the
 * session), parameter validation and the handler, none of which a cached public body needs. Only a
 * body already in memory and fresh is served here, under the very key its route caches it with;
 * anything else (a miss, a query string, an escaped segment, an organizer's session on a read that
 * shows them more) goes on to the route, which loads, validates and caches as usual. The answer is
 * the route's own: same body, ETag, 304 and headers.
 */
export function registerEarlyReads(app: FastifyInstance, cache: ReadCache): { serve(reads: PublicReads): void } {
  let table: { pattern: RegExp; read: EarlyRead }[] = [];
  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    if (request.method !== 'GET' || table.length === 0) return done();
    const url = request.url;
    for (const { pattern, read } of table) {
      const match = pattern.exec(url);
      if (!match) continue;
      if (read.publicOnly) {
        if (request.headers.cookie?.includes(`${SESSION_COOKIE}=`)) return done();
        reply.header('Vary', 'Cookie');
      }
      // Answered: the hook chain stops here (Fastify sends it; `done` is not called).
      if (cache.replyIfFresh(request, reply, read.key(match[1] ?? ''))) return;
      return done();
    }
    done();
  });
  return {
    /** The reads are made after the hooks must be registered: they join the table here. */
    serve(reads: PublicReads) {
      table = earlyReadsOf(reads).map((read) => ({ pattern: patternOf(read.path), read }));
    },
  };
}
