import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { endpoints } from '../../shared/api/index.js';
import { SESSION_COOKIE } from '../auth/guard.js';
import type { PublicReads } from '../site/public-reads.js';
import { cachedAnswer, type CachedAnswer, type ReadCache } from './read-cache.js';
import type { SecurityHeaders } from './security-headers.js';

/** A polled public read served early: its path (from the API's declaration) and its cache key. */
interface EarlyRead {
  path: string;
  key: (id: string) => string;
  /** The route answers differently to a signed-in organizer: such requests go to the route. */
  publicOnly?: boolean;
}

/** An early read as served: each answer's head made once (the request id's value is filled in per request). */
interface ServedRead extends EarlyRead {
  heads: WeakMap<CachedAnswer, string[]>;
  security: Record<string, string>;
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

/** Whether a logger at `level` writes Fastify's request lines (info). */
const logsRequests = (level: string | undefined) => level === 'info' || level === 'debug' || level === 'trace';

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
 *
 * Earlier still, when request logging is off (LOG_LEVEL above info, as the bench runs): the HTTP
 * server answers such a request itself, before Fastify builds its request, reply and child logger
 * (`serverFactory` below), with the same headers (the request id, the security headers, the cache's).
 * With request logging on, every request goes through Fastify, so that each has its log lines.
 */
export function registerEarlyReads(
  app: FastifyInstance,
  cache: ReadCache,
  { requestId, securityHeaders }: { requestId: (request: IncomingMessage) => string; securityHeaders: SecurityHeaders },
) {
  // Paths without a parameter are looked up; the others matched against their patterns.
  let exact = new Map<string, ServedRead>();
  let table: { pattern: RegExp; read: ServedRead }[] = [];
  let isClosing = false;
  // A closing server answers 503 (Fastify's), so the proxy retries elsewhere: nothing is served early then.
  app.addHook('preClose', (done) => {
    isClosing = true;
    done();
  });

  /** The read a GET is answered by early, and its cache key; null when it goes to the route. */
  function earlyKeyOf(method: string | undefined, url: string, cookie: string | undefined): { key: string; read: ServedRead } | null {
    if (method !== 'GET') return null;
    const fixed = exact.get(url);
    if (fixed) return { key: fixed.key(''), read: fixed };
    for (const { pattern, read } of table) {
      const match = pattern.exec(url);
      if (!match) continue;
      if (read.publicOnly && cookie?.includes(`${SESSION_COOKIE}=`)) return null;
      return { key: read.key(match[1] ?? ''), read };
    }
    return null;
  }

  /**
   * `answer`'s head as `read` sends it, as name, value pairs: the request id (its value left for each
   * request), the security headers of the read's path, Vary when it varies on the cookie, the cache's
   * headers, the length. Made once per cached answer, so a request builds no object for it.
   */
  function headOf(read: ServedRead, answer: CachedAnswer): string[] {
    let head = read.heads.get(answer);
    if (!head) {
      head = ['x-request-id', ''];
      for (const [name, value] of Object.entries(read.security)) head.push(name, value);
      if (read.publicOnly) head.push('vary', 'Cookie');
      for (const [name, value] of Object.entries(answer.headers)) head.push(name, value);
      if (answer.body) head.push('content-length', String(answer.body.length));
      read.heads.set(answer, head);
    }
    return head;
  }

  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const early = earlyKeyOf(request.method, request.url, request.headers.cookie);
    if (!early) return done();
    if (early.read.publicOnly) reply.header('Vary', 'Cookie');
    // Answered: the hook chain stops here (Fastify sends it; `done` is not called).
    if (cache.replyIfFresh(request, reply, early.key)) return;
    done();
  });

  /** `answerRaw` without its guard. */
  function answerEarly(request: IncomingMessage, response: ServerResponse): boolean {
    if (isClosing || logsRequests(app.log.level)) return false;
    const early = earlyKeyOf(request.method, request.url ?? '', request.headers.cookie);
    const entry = early && cache.fresh(early.key);
    if (!entry) return false;
    const answer = cachedAnswer(entry, request.headers['if-none-match']);
    const head = headOf(early.read, answer);
    // Shared by the requests for this answer: writeHead reads it at once and keeps nothing of it.
    head[1] = requestId(request);
    response.writeHead(answer.status, head);
    response.end(answer.body ?? undefined);
    return true;
  }

  return {
    /** The reads are made after the hooks must be registered: they join the table here. */
    serve(reads: PublicReads) {
      const all: ServedRead[] = earlyReadsOf(reads).map((read) => ({ ...read, heads: new WeakMap(), security: securityHeaders.forUrl(read.path) }));
      // A read that varies on the cookie is never looked up by its path alone.
      exact = new Map(all.filter((read) => !read.path.includes(':') && !read.publicOnly).map((read) => [read.path, read]));
      table = all.filter((read) => !exact.has(read.path)).map((read) => ({ pattern: patternOf(read.path), read }));
    },
    /** Answers `request` from the cache when it can (true), before Fastify sees it; false: Fastify handles it. */
    answerRaw(request: IncomingMessage, response: ServerResponse): boolean {
      try {
        return answerEarly(request, response);
      } catch (error) {
        // Thrown outside Fastify, it would end the process: the route answers instead, or, once the
        // head is out, the connection is cut.
        app.log.error({ err: error }, 'early answer failed');
        if (!response.headersSent) return false;
        response.destroy();
        return true;
      }
    },
  };
}

/**
 * Fastify's HTTP server, as Fastify makes it (same timeouts), whose requests first go to `answer`
 * (the early reads' `answerRaw`, set once the app is built) and to Fastify when it does not answer.
 */
export function serverWithEarlyAnswers(answer: () => ((request: IncomingMessage, response: ServerResponse) => boolean) | null) {
  return (handler: (request: IncomingMessage, response: ServerResponse) => void, options: FastifyServerOptions) => {
    const server = http.createServer((request, response) => {
      if (!answer()?.(request, response)) handler(request, response);
    });
    server.keepAliveTimeout = options.keepAliveTimeout ?? 72_000;
    server.requestTimeout = options.requestTimeout ?? 0;
    server.setTimeout(options.connectionTimeout ?? 0);
    if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };
}
