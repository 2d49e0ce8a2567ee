import { authUserSchema } from '../schemas/auth.js';
import { idParamsSchema, okSchema } from '../schemas/common.js';
import {
  accountUpdateSchema,
  inviteAcceptSchema,
  inviteCreatedSchema,
  inviteInputSchema,
  inviteStatusSchema,
  inviteTokenParamsSchema,
  organizingTeamSchema,
} from '../schemas/organizing-team.js';
import { endpoint } from './endpoint.js';

export const listAccounts = endpoint({
  operationId: 'listAccounts',
  method: 'GET',
  path: '/api/admin/accounts',
  tag: 'admin',
  summary: "The organizing team's accounts and open invites",
  responses: { 200: organizingTeamSchema },
});

export const createInvite = endpoint({
  operationId: 'createInvite',
  method: 'POST',
  path: '/api/admin/accounts/invites',
  tag: 'admin',
  summary: 'Invite someone to the organizing team',
  body: inviteInputSchema,
  responses: { 200: inviteCreatedSchema },
});

export const revokeInvite = endpoint({
  operationId: 'revokeInvite',
  method: 'DELETE',
  path: '/api/admin/accounts/invites/:id',
  tag: 'admin',
  summary: 'Revoke an open invite',
  params: idParamsSchema,
  responses: { 200: okSchema },
});

export const updateAccount = endpoint({
  operationId: 'updateAccount',
  method: 'PATCH',
  path: '/api/admin/accounts/:id',
  tag: 'admin',
  summary: "Change an account's role, or disable it",
  params: idParamsSchema,
  body: accountUpdateSchema,
  responses: { 200: okSchema },
});

export const getInvite = endpoint({
  operationId: 'getInvite',
  method: 'GET',
  path: '/api/auth/invites/:token',
  tag: 'auth',
  summary: 'Whether an invite link is still good',
  params: inviteTokenParamsSchema,
  responses: { 200: inviteStatusSchema },
});

export const acceptInvite = endpoint({
  operationId: 'acceptInvite',
  method: 'POST',
  path: '/api/auth/invites/:token/accept',
  tag: 'auth',
  summary: 'Accept an invite: choose a username and password, and be signed in',
  params: inviteTokenParamsSchema,
  body: inviteAcceptSchema,
  responses: { 200: authUserSchema },
});
