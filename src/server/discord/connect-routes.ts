import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '../../shared/api/index.js';
import { contractRoute } from '../http/contract-routes.js';
import { notFound } from '../http/errors.js';
import { publicWriteLimits } from '../http/public-write-limits.js';
import { ownerProofOf } from '../teams/team-owner.js';
import { authorizationTtlMs, callbackPath, stateCookieName, type DiscordConnect } from './connect-captain.js';
import type { StaffDiscordLinkFlow } from './link-staff.js';
import { signInCallback, type CaptainSignIn } from './sign-in-routes.js';
import { staffLinkCallback } from './staff-link-routes.js';

/**
 * Connect Discord at step 2 (discord/connect-captain.ts); without a Discord application both routes are 404.
 * The callback is also where a staff account's Discord link (staff-link-routes.ts) and a sign-in for "My Teams"
 * (sign-in-routes.ts) come back: those are answered first.
 */
export const discordConnectRoutes: FastifyPluginAsyncZod<{
  connect: DiscordConnect | null;
  signIn: CaptainSignIn | null;
  staffLink: StaffDiscordLinkFlow | null;
  secureCookies: boolean;
}> = async (app, { connect, signIn, staffLink, secureCookies }) => {
  const answerSignIn = signInCallback(signIn, secureCookies);
  const answerStaffLink = staffLinkCallback(staffLink, secureCookies);

  contractRoute(app, endpoints.startDiscordConnect, { config: { rateLimit: publicWriteLimits.discordConnect } }, async (request, reply) => {
    if (!connect) throw notFound('Discord connection');
    const { authorizeUrl, state } = await connect.start(request.body, ownerProofOf(request));
    // Lax, not Strict: it must come along on Discord's redirect back, a top-level navigation from another site.
    reply.setCookie(stateCookieName, state, { httpOnly: true, sameSite: 'lax', path: callbackPath, secure: secureCookies, maxAge: authorizationTtlMs / 1000 });
    reply.header('Cache-Control', 'private, no-store');
    return { authorizeUrl };
  });

  contractRoute(app, endpoints.discordCallback, async (request, reply) => {
    if (!connect) throw notFound('Discord connection');
    const linked = await answerStaffLink(request, request.query, reply);
    if (linked) return linked;
    const signedIn = await answerSignIn(request, request.query, reply);
    if (signedIn) return signedIn;
    const location = await connect.complete(request.query, request.cookies[stateCookieName]);
    reply.clearCookie(stateCookieName, { httpOnly: true, sameSite: 'lax', path: callbackPath, secure: secureCookies });
    reply.header('Cache-Control', 'private, no-store');
    return reply.redirect(location, 303);
  });
};
