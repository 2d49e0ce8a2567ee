import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '../../shared/api/index.js';
import type { Db } from '../db/client.js';
import { contractRoute } from '../http/contract-routes.js';
import { AppError, notFound } from '../http/errors.js';
import type { CaptainSessions } from './captain-session.js';
import { stateCookieName } from './connect-captain.js';
import { teamsOfDiscordUser } from './my-teams.js';
import { authorizationCookieOptions, authorizationTtlMs } from './oauth-authorization.js';
import { signInCookieName, type DiscordSignIn } from './sign-in.js';
import { msg } from '../../shared/i18n/msg.js';

export interface CaptainSignIn {
  flow: DiscordSignIn;
  sessions: CaptainSessions;
}

/**
 * The shared callback's sign-in half (connect-routes.ts asks first): null when the browser coming back
 * started a connection at step 2 instead. Sets the captain's session when Discord named the account.
 */
export function signInCallback(signIn: CaptainSignIn | null, secureCookies: boolean) {
  return async (request: FastifyRequest, query: { code?: string; state?: string; error?: string }, reply: FastifyReply): Promise<FastifyReply | null> => {
    const cookie = request.cookies[signInCookieName];
    if (!signIn || !signIn.flow.isSignIn(query.state, cookie, request.cookies[stateCookieName])) return null;
    const { location, discordUserId } = await signIn.flow.complete(query, cookie);
    reply.clearCookie(signInCookieName, authorizationCookieOptions(secureCookies));
    if (discordUserId) signIn.sessions.signIn(reply, discordUserId);
    reply.header('Cache-Control', 'private, no-store');
    return reply.redirect(location, 303);
  };
}

/** "My Teams" (discord/sign-in.ts, captain-session.ts); without a Discord application every route is 404. */
export const discordSignInRoutes: FastifyPluginAsyncZod<{ db: Db; signIn: CaptainSignIn | null; secureCookies: boolean }> = async (
  app,
  { db, signIn, secureCookies },
) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'private, no-store');
  });

  contractRoute(app, endpoints.startDiscordSignIn, async (_request, reply) => {
    if (!signIn) throw notFound('Discord sign-in');
    const { authorizeUrl, cookie } = signIn.flow.start();
    reply.setCookie(signInCookieName, cookie, { ...authorizationCookieOptions(secureCookies), maxAge: authorizationTtlMs / 1000 });
    return reply.redirect(authorizeUrl, 303);
  });

  contractRoute(app, endpoints.signOutCaptain, async (_request, reply) => {
    if (!signIn) throw notFound('Discord sign-in');
    signIn.sessions.signOut(reply);
    return reply.status(204).send();
  });

  contractRoute(app, endpoints.listMyTeams, async (request) => {
    if (!signIn) throw notFound('Discord sign-in');
    const discordUserId = request.captainDiscordUserId;
    if (!discordUserId) throw new AppError('unauthenticated', msg('Sign in with Discord to see your teams.'));
    return { discordUserId, teams: await teamsOfDiscordUser(db, discordUserId) };
  });
};
