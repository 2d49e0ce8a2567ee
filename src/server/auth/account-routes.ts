import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../http/errors.js';
import type { AccountService } from './account-service.js';
import { requireSignedIn, SESSION_COOKIE } from './guard.js';
import type { LoginThrottle } from './login-throttle.js';
import type { SessionUser } from './service.js';
import { endpoints } from '../../shared/api/index.js';
import { contractRoute } from '../http/contract-routes.js';
import { msg } from '../../shared/i18n/msg.js';

/** Own settings: every signed-in account changes its password and manages its sessions. */
export const accountRoutes: FastifyPluginAsyncZod<{ account: AccountService; throttle: LoginThrottle }> = async (app, { account, throttle }) => {
  /** The signed-in user and the session token of this very request (requireSignedIn ran first). */
  const caller = async (request: { adminUser(): Promise<SessionUser | null>; cookies: Record<string, string | undefined> }) => {
    const user = await request.adminUser();
    const token = request.cookies[SESSION_COOKIE];
    if (!user || !token) throw new AppError('unauthenticated', msg('Sign in to continue'));
    return { user, token };
  };

  contractRoute(app, endpoints.changePassword, { onRequest: requireSignedIn }, async (request) => {
    const { user, token } = await caller(request);
    // A stolen session must not turn into unlimited guesses at the password: the sign-in throttle applies.
    await throttle.claim(user.username);
    try {
      await account.changePassword(user, token, request.body, String(request.id));
    } catch (error) {
      if (error instanceof AppError && error.issues?.some((issue) => issue.path === 'currentPassword')) await throttle.failed(request.ip);
      throw error;
    }
    await throttle.succeeded(request.ip, user.username);
    return { ok: true as const };
  });

  contractRoute(app, endpoints.listSessions, { onRequest: requireSignedIn }, async (request, reply) => {
    const { user, token } = await caller(request);
    reply.header('Cache-Control', 'no-store');
    return account.listSessions(user, token);
  });

  contractRoute(app, endpoints.endSession, { onRequest: requireSignedIn }, async (request) => {
    const { user } = await caller(request);
    await account.endSession(user, request.params.id, String(request.id));
    return { ok: true as const };
  });

  // Every session but this one: "sign out everywhere else".
  contractRoute(app, endpoints.endOtherSessions, { onRequest: requireSignedIn }, async (request) => {
    const { user, token } = await caller(request);
    return { ended: await account.endOtherSessions(user, token, String(request.id)) };
  });
};
