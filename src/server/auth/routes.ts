import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../http/errors.js';
import type { FirstRunSetup } from './first-run-setup.js';
import { SESSION_COOKIE } from './guard.js';
import type { LoginThrottle } from './login-throttle.js';
import type { AuthService, SessionUser } from './service.js';
import type { SessionCookies } from './session-cookie.js';
import { isTwoFactorRequired, twoFactorPolicy, type TwoFactorRequirement } from './two-factor-policy.js';
import type { TwoFactorService } from './two-factor.js';
import { endpoints } from '../../shared/api/index.js';
import { contractRoute } from '../http/contract-routes.js';
import { msg } from '../../shared/i18n/msg.js';

/** Between a right password and the code: names the sign-in challenge, never a session. */
export const CHALLENGE_COOKIE = 'sid2fa';

/** What GET /api/auth/user and a sign-in answer. */
export const authUserOf = (user: Pick<SessionUser, 'username' | 'role' | 'twoFactorEnabled'>, requireTwoFactor: TwoFactorRequirement) => ({
  username: user.username,
  role: user.role,
  twoFactorEnabled: user.twoFactorEnabled,
  mustEnrolTwoFactor: !user.twoFactorEnabled && isTwoFactorRequired(requireTwoFactor, user.role),
});

export const authRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  twoFactor: TwoFactorService;
  requireTwoFactor: TwoFactorRequirement;
  setup: FirstRunSetup;
  cookies: SessionCookies;
  throttle: LoginThrottle;
}> = async (app, { auth, twoFactor, requireTwoFactor, setup, cookies, throttle }) => {
  const { options: cookieOptions, signIn } = cookies;

  contractRoute(app, endpoints.getSetupStatus, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { needed: await setup.isNeeded() };
  });

  // The first owner account, claimed with the start-up code; its creator is signed in at once.
  contractRoute(app, endpoints.completeSetup, async (request, reply) => {
    const user = await setup.complete(request.body, String(request.id));
    await signIn(request, reply, user, false);
    return authUserOf(user, requireTwoFactor);
  });

  contractRoute(app, endpoints.login, async (request, reply) => {
    const { username, password } = request.body;
    await throttle.claim(username);
    const user = await auth.checkCredentials(username, password);
    if (!user) {
      await throttle.failed(request.ip);
      await auth.recordFailedSignIn(username, String(request.id));
      throw new AppError('unauthenticated', msg('Invalid username or password'));
    }
    if (user.twoFactorEnabled) {
      // Not a success yet: the username's throttle goes on counting through the code step, so a
      // stolen password does not buy fresh guesses at the code.
      const challenge = await twoFactor.startChallenge(user.id);
      reply.setCookie(CHALLENGE_COOKIE, challenge, { ...cookieOptions, maxAge: twoFactorPolicy.challengeMs / 1000 });
      return { twoFactorRequired: true as const };
    }
    await throttle.succeeded(request.ip, username);
    await signIn(request, reply, user, false);
    return authUserOf(user, requireTwoFactor);
  });

  // The second step: a code from the authenticator (accepted once) or a recovery code (spent).
  contractRoute(app, endpoints.loginTwoFactor, async (request, reply) => {
    const challenge = request.cookies[CHALLENGE_COOKIE];
    const account = challenge ? await twoFactor.challengeAccount(challenge) : null;
    if (!challenge || !account) throw new AppError('unauthenticated', msg('Sign in again: the code step has expired'));
    await throttle.claim(account.username);
    try {
      await twoFactor.completeChallenge(challenge, account, request.body.code, String(request.id));
    } catch (error) {
      await throttle.failed(request.ip);
      throw error;
    }
    await throttle.succeeded(request.ip, account.username);
    reply.clearCookie(CHALLENGE_COOKIE, cookieOptions);
    await signIn(request, reply, account, true);
    return authUserOf({ ...account, twoFactorEnabled: true }, requireTwoFactor);
  });

  contractRoute(app, endpoints.getCurrentUser, async (request, reply) => {
    const user = await request.adminUser();
    if (!user) throw new AppError('unauthenticated', msg('Not signed in'));
    reply.header('Cache-Control', 'no-store');
    return authUserOf(user, requireTwoFactor);
  });

  contractRoute(app, endpoints.logout, async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    const user = await request.adminUser();
    if (token) await auth.endSession(token, user ? { userId: user.id, username: user.username, requestId: String(request.id) } : undefined);
    reply.clearCookie(SESSION_COOKIE, cookieOptions);
    return { ok: true as const };
  });
};
