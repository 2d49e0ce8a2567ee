import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from './guard.js';
import { sessionPolicy, type AuthService } from './service.js';

export type SignIn = (request: FastifyRequest, reply: FastifyReply, user: { id: string; username: string }, secondFactor?: boolean) => Promise<void>;

/** How every way in (password, code, first-run setup, an accepted invite) ends: a new session in an HttpOnly cookie. */
export function createSessionCookies(auth: AuthService, secureCookies: boolean) {
  const options = { httpOnly: true, sameSite: 'lax' as const, path: '/', secure: secureCookies };
  const signIn: SignIn = async (request, reply, user, secondFactor = false) => {
    // A session id is never reused across a sign-in: the old one (if any) dies here.
    const previous = request.cookies[SESSION_COOKIE];
    if (previous) await auth.endSession(previous);
    const token = await auth.startSession(user, String(request.id), { userAgent: request.headers['user-agent'], ip: request.ip }, secondFactor);
    reply.setCookie(SESSION_COOKIE, token, { ...options, maxAge: sessionPolicy.absoluteMs / 1000 });
  };
  return { options, signIn };
}

export type SessionCookies = ReturnType<typeof createSessionCookies>;
