import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';

/** What a proxy's id may look like: nginx's $request_id, a UUID, a trace id. Nothing that could break a log line. */
const PROXY_ID = /^[A-Za-z0-9._:@-]{8,128}$/;

/**
 * The id every log line of a request carries (`reqId`). Ours is a random UUID. Behind a trusted
 * proxy (TRUST_PROXY set) the proxy's `X-Request-Id` is used instead when it looks like an id, so
 * one id follows the request through the proxy's and the app's logs; the proxy must set that
 * header itself (nginx: `proxy_set_header X-Request-Id $request_id;`), not pass the client's on.
 * Without TRUST_PROXY the header is ignored: a client never chooses its id.
 */
export function requestIdGenerator(trustProxy: Config['trustProxy']): (request: IncomingMessage) => string {
  if (!trustProxy) return () => crypto.randomUUID();
  return (request) => {
    const given = request.headers['x-request-id'];
    return typeof given === 'string' && PROXY_ID.test(given) ? given : crypto.randomUUID();
  };
}

/** Every response names its request id, so a person reporting an error can quote it and we can find its log lines. */
export function registerRequestIdHeader(app: FastifyInstance): void {
  // Callback style: this runs on every request, the polled reads included, and a promise per request shows.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('X-Request-Id', request.id);
    done();
  });
}
