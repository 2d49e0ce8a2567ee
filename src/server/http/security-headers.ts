import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** Origins the pages may talk to beyond their own: Stripe, the video embeds, and object storage for direct uploads. */
export function contentSecurityPolicy({ storageOrigin }: { storageOrigin: string | null }) {
  const stripeFrames = ['https://js.stripe.com', 'https://hooks.stripe.com'];
  const videoFrames = ['https://www.youtube.com', 'https://www.youtube-nocookie.com', 'https://player.twitch.tv', 'https://clips.twitch.tv', 'https://streamable.com'];
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
    frameAncestors: ["'none'"],
    upgradeInsecureRequests: null,
  };
}

export async function registerSecurityHeaders(app: FastifyInstance, { isHttps, storageOrigin }: { isHttps: boolean; storageOrigin: string | null }) {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: { ...contentSecurityPolicy({ storageOrigin }), ...(isHttps ? { upgradeInsecureRequests: [] } : {}) } },
    // YouTube refuses to play embeds without a referrer.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Cross-origin embeds (YouTube, Twitch, Stripe) do not send CORP headers.
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
    // HSTS only means something over HTTPS; on plain http it would pin a developer's localhost.
    strictTransportSecurity: isHttps ? { maxAge: 31536000, includeSubDomains: true } : false,
  });
}
