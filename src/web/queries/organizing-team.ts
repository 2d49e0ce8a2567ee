// Joining the organizing team through an invite link (the public invite page); the team itself is managed in the Accounts tab.
import { queryOptions, useMutation } from '@tanstack/react-query';
import type { AuthUser } from '../../shared/schemas/auth';
import type { InviteAcceptInput, InviteStatus } from '../../shared/schemas/organizing-team';
import { apiJson } from '../api';

export const inviteStatusQuery = (token: string) => queryOptions<InviteStatus>({ queryKey: ['/api/auth/invites', token] });

export const useAcceptInvite = (token: string) =>
  useMutation({ mutationFn: (input: InviteAcceptInput) => apiJson<AuthUser>('POST', `/api/auth/invites/${token}/accept`, input) });
