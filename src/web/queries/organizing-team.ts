// Joining the organizing team through an invite link (the public invite page); the team itself is managed in the Accounts tab.
import { queryOptions, useMutation } from '@tanstack/react-query';
import type { InviteAcceptInput } from '../../shared/schemas/organizing-team';
import { endpoints } from '../../shared/api/index';
import { callApi, endpointQuery } from '../api';

export const inviteStatusQuery = (token: string) => queryOptions(endpointQuery(endpoints.getInvite, { params: { token } }));

export const useAcceptInvite = (token: string) =>
  useMutation({ mutationFn: (input: InviteAcceptInput) => callApi(endpoints.acceptInvite, { params: { token }, body: input }) });
