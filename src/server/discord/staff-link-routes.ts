import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '../../shared/api/index.js';
import { requireSignedIn, requireSignedInWithFreshCode } from '../auth/guard.js';
import { contractRoute } from '../http/contract-routes.js';
import { notFound } from '../http/errors.js';
import { stateCookieName } from './connect-captain.js';
import { staffLinkCookieName, type StaffDiscordLinkFlow } from './link-staff.js';
import { authorizationCookieOptions, authorizationTtlMs } from './oauth-authorization.js';
import { signInCookieName } from './sign-in.js';

/**
 * The shared callback's staff half (connect-routes.ts asks it first): null when the browser coming
 * back started a captain's connection or sign-in instead.
 */
export function staffLinkCallback(link: StaffDiscordLinkFlow | null, secureCookies: boolean) {
  return async (request: FastifyRequest, query: { code?: string; state?: string; error?: string }, reply: FastifyReply): Promise<FastifyReply | null> => {
    const cookie = request.cookies[staffLinkCookieName];
    const otherFlows = [request.cookies[stateCookieName], request.cookies[signInCookieName]];
    if (!link || !link.isStaffLink(query.state, cookie, otherFlows)) return null;
    const user = await request.adminUser();
    // An account that must turn two-factor on first may not link (requireSignedIn's rule, checked again here).
    const actor = user && !user.mustEnrolTwoFactor ? { userId: user.id, username: user.username, requestId: String(request.id) } : null;
    const location = await link.complete(query, cookie, actor);
    reply.clearCookie(staffLinkCookieName, authorizationCookieOptions(secureCookies));
    reply.header('Cache-Control', 'private, no-store');
    return reply.redirect(location, 303);
  };
}

/** A staff account's own Discord link (discord/link-staff.ts), from the Account tab; without a Discord application there is nothing to link. */
export const staffLinkRoutes: FastifyPluginAsyncZod<{ link: StaffDiscordLinkFlow | null; secureCookies: boolean }> = async (app, { link, secureCookies }) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'private, no-store');
  });
  const actorOf = async (request: FastifyRequest) => {
    const user = (await request.adminUser())!;
    return { userId: user.id, username: user.username, requestId: String(request.id) };
  };

  contractRoute(app, endpoints.getStaffDiscordLink, { onRequest: requireSignedIn }, async (request) => {
    if (!link) return { available: false, linked: null };
    return link.status((await actorOf(request)).userId);
  });

  contractRoute(app, endpoints.startStaffDiscordLink, { onRequest: requireSignedInWithFreshCode }, async (request, reply) => {
    if (!link) throw notFound('Discord link');
    const { authorizeUrl, cookie } = link.start((await actorOf(request)).userId);
    reply.setCookie(staffLinkCookieName, cookie, { ...authorizationCookieOptions(secureCookies), maxAge: authorizationTtlMs / 1000 });
    return { authorizeUrl };
  });

  contractRoute(app, endpoints.unlinkStaffDiscord, { onRequest: requireSignedIn }, async (request, reply) => {
    if (!link) throw notFound('Discord link');
    await link.unlink(await actorOf(request));
    return reply.status(204).send();
  });
};
