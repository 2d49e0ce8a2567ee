import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { isEmbedPage } from '../../shared/paths.js';
import { streamPlayerOrigins } from '../../shared/schemas/stream.js';
import { isApiReferencePath } from './openapi.js';

/** The players pages may frame: the highlights' (shared/highlights.ts) and the streams' (shared/schemas/stream.ts), nothing else. */
export const videoFrameOrigins = [...new Set(['https://www.youtube.com', 'https://player.twitch.tv', 'https://clips.twitch.tv', 'https://streamable.com', ...streamPlayerOrigins])];

/**
 * Origins the pages may talk to beyond their own: Stripe, the video embeds, and object storage for direct uploads.
 * `frameAncestors`: who may frame the page; nobody, but for the embeds (any site, or EMBED_ALLOWED_ORIGINS).
 */
export function contentSecurityPolicy({ storageOrigin, isHttps, frameAncestors = ["'none'"] }: { storageOrigin: string | null; isHttps: boolean; frameAncestors?: string[] }) {
  const stripeFrames = ['https://js.stripe.com', 'https://hooks.stripe.com'];
  const videoFrames = videoFrameOrigins;
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", 'https://js.stripe.com'],
    // Radix and Stripe set inline styles; scripts stay strict.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", 'https://api.stripe.com', ...(storageOrigin ? [storageOrigin] : [])],
    frameSrc: [...stripeFrames, ...videoFrames],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors,
    upgradeInsecureRequests: isHttps ? [] : null,
  };
}

/** The headers helmet would write, computed once: helmet's middleware is synchronous and only sets headers. */
function computeHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as never, response as never, () => {});
  return headers;
}

export function securityHeaders({ isHttps, storageOrigin, frameAncestors }: { isHttps: boolean; storageOrigin: string | null; frameAncestors?: string[] }): Record<string, string> {
  return computeHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy({ storageOrigin, isHttps, frameAncestors }) },
    // X-Frame-Options knows no list of sites: the embeds leave it out and say who may frame them in frame-ancestors.
    frameguard: frameAncestors ? false : undefined,
    // YouTube refuses to play embeds without a referrer.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Cross-origin embeds (YouTube, Twitch, Stripe) do not send CORP headers.
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
    // HSTS only means something over HTTPS; on plain http it would pin a developer's localhost.
    strictTransportSecurity: isHttps ? { maxAge: 31536000, includeSubDomains: true } : false,
  });
}

export interface SecurityHeaders {
  /** Pages, assets and objects get the whole set (CSP and friends), the API reference (/api/docs) too. */
  page: Record<string, string>;
  /** JSON answers get only what applies to them: the polled reads are the hottest path, and every header is bytes and CPU. */
  json: Record<string, string>;
  /** The bracket and standings embeds: framable by any site, or by EMBED_ALLOWED_ORIGINS only. */
  embed: Record<string, string>;
  /** The set for a request's URL. */
  forUrl(url: string): Record<string, string>;
}

export function createSecurityHeaders({ embedAllowedOrigins = null, ...options }: { isHttps: boolean; storageOrigin: string | null; embedAllowedOrigins?: string[] | null }): SecurityHeaders {
  const page = securityHeaders(options);
  const embed = securityHeaders({ ...options, frameAncestors: embedAllowedOrigins ?? ['*'] });
  const json: Record<string, string> = {
    'x-content-type-options': 'nosniff',
    'referrer-policy': page['referrer-policy'],
    ...(page['strict-transport-security'] ? { 'strict-transport-security': page['strict-transport-security'] } : {}),
  };
  return {
    page,
    json,
    embed,
    forUrl: (url) => (url.startsWith('/api/') && !isApiReferencePath(url) ? json : isEmbedPage(url.split('?')[0]) ? embed : page),
  };
}

export function registerSecurityHeaders(app: FastifyInstance, headers: SecurityHeaders): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers.forUrl(request.url));
    done();
  });
}
