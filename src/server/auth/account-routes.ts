import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountSessionListSchema, passwordChangeSchema, sessionsEndedSchema } from '../../shared/schemas/account.js';
import { idParamsSchema } from '../../shared/schemas/common.js';
import { AppError } from '../http/errors.js';
import type { AccountService } from './account-service.js';
import { requireSignedIn, SESSION_COOKIE } from './guard.js';
import type { LoginThrottle } from './login-throttle.js';
import type { SessionUser } from './service.js';

const okSchema = z.object({ ok: z.literal(true) });

/** Own settings: every signed-in account changes its password and manages its sessions. */
export const accountRoutes: FastifyPluginAsyncZod<{ account: AccountService; throttle: LoginThrottle }> = async (app, { account, throttle }) => {
  /** The signed-in user and the session token of this very request (requireSignedIn ran first). */
  const caller = async (request: { adminUser(): Promise<SessionUser | null>; cookies: Record<string, string | undefined> }) => {
    const user = await request.adminUser();
    const token = request.cookies[SESSION_COOKIE];
    if (!user || !token) throw new AppError('unauthenticated', 'Sign in to continue');
    return { user, token };
  };

  app.put('/api/auth/password', { schema: { body: passwordChangeSchema, response: { 200: okSchema } }, onRequest: requireSignedIn }, async (request) => {
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

  app.get('/api/auth/sessions', { schema: { response: { 200: accountSessionListSchema } }, onRequest: requireSignedIn }, async (request, reply) => {
    const { user, token } = await caller(request);
    reply.header('Cache-Control', 'no-store');
    return account.listSessions(user, token);
  });

  app.delete('/api/auth/sessions/:id', { schema: { params: idParamsSchema, response: { 200: okSchema } }, onRequest: requireSignedIn }, async (request) => {
    const { user } = await caller(request);
    await account.endSession(user, request.params.id, String(request.id));
    return { ok: true as const };
  });

  // Every session but this one: "sign out everywhere else".
  app.delete('/api/auth/sessions', { schema: { response: { 200: sessionsEndedSchema } }, onRequest: requireSignedIn }, async (request) => {
    const { user, token } = await caller(request);
    return { ended: await account.endOtherSessions(user, token, String(request.id)) };
  });
};
