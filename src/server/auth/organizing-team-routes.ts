import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authUserSchema } from '../../shared/schemas/auth.js';
import { idParamsSchema, okSchema } from '../../shared/schemas/common.js';
import {
  accountUpdateSchema,
  inviteAcceptSchema,
  inviteCreatedSchema,
  inviteInputSchema,
  inviteStatusSchema,
  inviteTokenParamsSchema,
  organizingTeamSchema,
} from '../../shared/schemas/organizing-team.js';
import { actorOf } from '../audit/actor.js';
import { freshCode, requirePermission } from './guard.js';
import type { OrganizingTeamService } from './organizing-team.js';
import { authUserOf } from './routes.js';
import type { SessionCookies } from './session-cookie.js';
import type { TwoFactorRequirement } from './two-factor-policy.js';

/** The Accounts tab (owner) and the invite page (the link's token is its authorisation). */
export const organizingTeamRoutes: FastifyPluginAsyncZod<{ team: OrganizingTeamService; cookies: SessionCookies; requireTwoFactor: TwoFactorRequirement }> = async (
  app,
  { team, cookies, requireTwoFactor },
) => {
  const noStore = { 'Cache-Control': 'private, no-store' };

  app.get('/api/admin/accounts', { onRequest: requirePermission('accounts'), schema: { response: { 200: organizingTeamSchema } } }, async (_request, reply) => {
    reply.headers(noStore);
    return team.list();
  });

  app.post('/api/admin/accounts/invites', { onRequest: requirePermission('accounts', freshCode), schema: { body: inviteInputSchema, response: { 200: inviteCreatedSchema } } }, async (request, reply) => {
    reply.headers(noStore);
    return team.invite(await actorOf(request), request.body);
  });

  app.delete('/api/admin/accounts/invites/:id', { onRequest: requirePermission('accounts'), schema: { params: idParamsSchema, response: { 200: okSchema } } }, async (request) => {
    await team.revokeInvite(await actorOf(request), request.params.id);
    return { ok: true as const };
  });

  app.patch('/api/admin/accounts/:id', { onRequest: requirePermission('accounts', freshCode), schema: { params: idParamsSchema, body: accountUpdateSchema, response: { 200: okSchema } } }, async (request) => {
    await team.update(await actorOf(request), request.params.id, request.body);
    return { ok: true as const };
  });

  app.get('/api/auth/invites/:token', { schema: { params: inviteTokenParamsSchema, response: { 200: inviteStatusSchema } } }, async (request, reply) => {
    reply.headers(noStore);
    return team.inviteStatus(request.params.token);
  });

  // The invitee picks a username and a password and is signed in at once.
  app.post('/api/auth/invites/:token/accept', { schema: { params: inviteTokenParamsSchema, body: inviteAcceptSchema, response: { 200: authUserSchema } } }, async (request, reply) => {
    const account = await team.acceptInvite(request.params.token, request.body, String(request.id));
    await cookies.signIn(request, reply, account);
    return authUserOf(account, requireTwoFactor);
  });
};
