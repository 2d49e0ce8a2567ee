import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { conflict, AppError } from '../http/errors.js';
import { requireSession, SESSION_COOKIE } from './guard.js';
import type { LoginThrottle } from './login-throttle.js';
import type { SessionUser } from './service.js';
import { isTwoFactorRequired, type TwoFactorRequirement } from './two-factor-policy.js';
import type { TwoFactorService } from './two-factor.js';
import { endpoints } from '../../shared/api/index.js';
import { contractRoute } from '../http/contract-routes.js';
import { msg } from '../../shared/i18n/msg.js';

/**
 * Two-factor sign-in for the signed-in account: set up, turn on with a first code,
 * turn off, and a fresh code for the owner powers declared with freshCode (guard.ts). An account ADMIN_REQUIRE_2FA covers may call
 * these before it has enrolled (requireSession), and nothing else.
 */
export const twoFactorRoutes: FastifyPluginAsyncZod<{ twoFactor: TwoFactorService; throttle: LoginThrottle; requireTwoFactor: TwoFactorRequirement }> = async (
  app,
  { twoFactor, throttle, requireTwoFactor },
) => {
  const caller = async (request: { adminUser(): Promise<SessionUser | null>; cookies: Record<string, string | undefined> }) => {
    const user = await request.adminUser();
    const token = request.cookies[SESSION_COOKIE];
    if (!user || !token) throw new AppError('unauthenticated', msg('Sign in to continue'));
    return { user, token };
  };

  /** A code check counts against the same throttle as a password: a stolen session cannot guess codes freely. */
  async function throttled<T>(request: { ip: string }, username: string, check: () => Promise<T>): Promise<T> {
    await throttle.claim(username);
    try {
      const result = await check();
      await throttle.succeeded(request.ip, username);
      return result;
    } catch (error) {
      if (error instanceof AppError && error.code === 'validation') await throttle.failed(request.ip);
      throw error;
    }
  }

  contractRoute(app, endpoints.beginTwoFactorSetup, { onRequest: requireSession }, async (request, reply) => {
    const { user } = await caller(request);
    reply.header('Cache-Control', 'no-store');
    return twoFactor.beginEnrolment(user);
  });

  contractRoute(app, endpoints.enableTwoFactor, { onRequest: requireSession }, async (request, reply) => {
    const { user, token } = await caller(request);
    reply.header('Cache-Control', 'no-store');
    const recoveryCodes = await throttled(request, user.username, () => twoFactor.enable(user, request.body, token, String(request.id)));
    return { recoveryCodes };
  });

  contractRoute(app, endpoints.disableTwoFactor, { onRequest: requireSession }, async (request) => {
    const { user } = await caller(request);
    if (isTwoFactorRequired(requireTwoFactor, user.role)) throw conflict(msg('Your role must sign in with two-factor: it cannot be turned off'));
    await throttled(request, user.username, () => twoFactor.disable(user, request.body.code, String(request.id)));
    return { ok: true as const };
  });

  // Before a freshCode action (money, accounts, bulk data) whose last code is more than 15 minutes old.
  contractRoute(app, endpoints.verifyTwoFactor, { onRequest: requireSession }, async (request) => {
    const { user, token } = await caller(request);
    if (!user.twoFactorEnabled) throw conflict(msg('Two-factor sign-in is off for this account'));
    await throttled(request, user.username, () => twoFactor.verify(user, request.body.code, token, String(request.id)));
    return { ok: true as const };
  });
};
