import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../http/errors.js';
import type { AuthService, SessionUser } from './service.js';

export const SESSION_COOKIE = 'sid';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in admin, resolved lazily once per request. */
    adminUser(): Promise<SessionUser | null>;
  }
}

export function registerSessionResolution(app: FastifyInstance, auth: AuthService): void {
  const cache = new WeakMap<FastifyRequest, Promise<SessionUser | null>>();
  app.decorateRequest('adminUser', function (this: FastifyRequest) {
    let pending = cache.get(this);
    if (!pending) {
      const token = this.cookies[SESSION_COOKIE];
      pending = token ? auth.resolveSession(token) : Promise.resolve(null);
      cache.set(this, pending);
    }
    return pending;
  });
}

/** preHandler for admin-only routes: 401 without a live session. */
export async function requireAdmin(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!(await request.adminUser())) throw new AppError('unauthenticated', 'Sign in to continue');
}
