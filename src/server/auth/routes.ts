import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authUserSchema, loginSchema, setupSchema, setupStatusSchema } from '../../shared/schemas/auth.js';
import { AppError } from '../http/errors.js';
import type { FirstRunSetup } from './first-run-setup.js';
import { SESSION_COOKIE } from './guard.js';
import type { LoginThrottle } from './login-throttle.js';
import { sessionPolicy, type AuthService } from './service.js';

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService; setup: FirstRunSetup; secureCookies: boolean; throttle: LoginThrottle }> = async (
  app,
  { auth, setup, secureCookies, throttle },
) => {
  const cookieOptions = { httpOnly: true, sameSite: 'lax' as const, path: '/', secure: secureCookies };

  app.get('/api/auth/setup', { schema: { response: { 200: setupStatusSchema } } }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { needed: await setup.isNeeded() };
  });

  // The first owner account, claimed with the start-up code; its creator is signed in at once.
  app.post('/api/auth/setup', { schema: { body: setupSchema, response: { 200: authUserSchema } } }, async (request, reply) => {
    const user = await setup.complete(request.body, String(request.id));
    const token = await auth.startSession(user, String(request.id));
    reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions, maxAge: sessionPolicy.absoluteMs / 1000 });
    return { username: user.username, role: user.role };
  });

  app.post('/api/auth/login', { schema: { body: loginSchema } }, async (request, reply) => {
    const { username, password } = request.body;
    await throttle.claim(username);
    const user = await auth.checkCredentials(username, password);
    if (!user) {
      await throttle.failed(request.ip);
      await auth.recordFailedSignIn(username, String(request.id));
      throw new AppError('unauthenticated', 'Invalid username or password');
    }
    await throttle.succeeded(request.ip, username);
    // A session id is never reused across a login: the old one (if any) dies here.
    const previous = request.cookies[SESSION_COOKIE];
    if (previous) await auth.endSession(previous);
    const token = await auth.startSession(user, String(request.id));
    reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions, maxAge: sessionPolicy.absoluteMs / 1000 });
    return { username: user.username, role: user.role };
  });

  app.get('/api/auth/user', { schema: { response: { 200: authUserSchema } } }, async (request) => {
    const user = await request.adminUser();
    if (!user) throw new AppError('unauthenticated', 'Not signed in');
    return { username: user.username, role: user.role };
  });

  app.post('/api/auth/logout', async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    const user = await request.adminUser();
    if (token) await auth.endSession(token, user ? { userId: user.id, username: user.username, requestId: String(request.id) } : undefined);
    reply.clearCookie(SESSION_COOKIE, cookieOptions);
    return { ok: true };
  });
};
