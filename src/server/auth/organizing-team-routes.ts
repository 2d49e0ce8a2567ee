import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../audit/actor.js';
import { freshCode, requirePermission } from './guard.js';
import type { OrganizingTeamService } from './organizing-team.js';
import { authUserOf } from './routes.js';
import type { SessionCookies } from './session-cookie.js';
import type { TwoFactorRequirement } from './two-factor-policy.js';
import { endpoints } from '../../shared/api/index.js';
import { contractRoute } from '../http/contract-routes.js';

/** The Accounts tab (owner) and the invite page (the link's token is its authorisation). */
export const organizingTeamRoutes: FastifyPluginAsyncZod<{ team: OrganizingTeamService; cookies: SessionCookies; requireTwoFactor: TwoFactorRequirement }> = async (
  app,
  { team, cookies, requireTwoFactor },
) => {
  const noStore = { 'Cache-Control': 'private, no-store' };

  contractRoute(app, endpoints.listAccounts, { onRequest: requirePermission('accounts') }, async (_request, reply) => {
    reply.headers(noStore);
    return team.list();
  });

  contractRoute(app, endpoints.createInvite, { onRequest: requirePermission('accounts', freshCode) }, async (request, reply) => {
    reply.headers(noStore);
    return team.invite(await actorOf(request), request.body);
  });

  contractRoute(app, endpoints.revokeInvite, { onRequest: requirePermission('accounts') }, async (request) => {
    await team.revokeInvite(await actorOf(request), request.params.id);
    return { ok: true as const };
  });

  contractRoute(app, endpoints.updateAccount, { onRequest: requirePermission('accounts', freshCode) }, async (request) => {
    await team.update(await actorOf(request), request.params.id, request.body);
    return { ok: true as const };
  });

  contractRoute(app, endpoints.getInvite, async (request, reply) => {
    reply.headers(noStore);
    return team.inviteStatus(request.params.token);
  });

  // The invitee picks a username and a password and is signed in at once.
  contractRoute(app, endpoints.acceptInvite, async (request, reply) => {
    const account = await team.acceptInvite(request.params.token, request.body, String(request.id));
    await cookies.signIn(request, reply, account);
    return authUserOf(account, requireTwoFactor);
  });
};
