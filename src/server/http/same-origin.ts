import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.js';
import { msg } from '../../shared/i18n/msg.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Unsafe requests that a browser marks as coming from another site are refused: the Origin (or,
 * failing it, the Referer) must be the site's public origin or the host the request was sent to.
 * Requests without either header do not come from a browser page and carry no ambient cookies risk.
 */
export function registerSameOriginCheck(app: FastifyInstance, publicOrigin: string, exemptPaths: string[] = []): void {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (exemptPaths.some((p) => request.url.startsWith(p))) return;
    const source = request.headers.origin ?? request.headers.referer;
    if (!source) return;
    let origin: URL;
    try {
      origin = new URL(source);
    } catch {
      throw new AppError('forbidden', msg('Cross-site request refused'));
    }
    if (origin.origin === publicOrigin || origin.host === request.headers.host) return;
    throw new AppError('forbidden', msg('Cross-site request refused'));
  });
}
