import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/**
 * The request as a log line shows it: Fastify's fields, but the URL without its query string,
 * which is where personal data travels in a GET (an email, a name, a token). The path stays,
 * so a log line still says which route was hit.
 */
export function requestLogSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: request.url.split('?')[0],
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The logger options with our request serializer; it wins over a caller's, so no caller can put query strings back. */
export function withLogSerializers(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return false;
  const options = logger === true ? {} : logger;
  return { ...options, serializers: { ...options.serializers, req: requestLogSerializer } };
}

/**
 * A request for one of the built client's files (a script, a style sheet, an icon). In development their
 * lines (about 14 per page view) bury the start-up message; they say nothing a developer needs.
 */
export function isStaticAssetRequest(request: Pick<FastifyRequest, 'method' | 'url'>): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0];
  return !pathname.startsWith('/api/') && !pathname.startsWith('/objects/') && /\.[a-z0-9]+$/i.test(pathname);
}
