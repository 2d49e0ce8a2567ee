// The Accounts tab (owner): the organizing team, its roles and its invites.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountUpdateInput, InviteInput } from '../../../../shared/schemas/organizing-team';
import { endpoints } from '../../../../shared/api/index';
import { queryKeyOf } from '../../../../shared/api/urls';
import { callApi, HttpError, endpointQuery } from '../../../api';
import { queryKeys } from '../../../queries/public';

const accountsKey = queryKeyOf(endpoints.listAccounts);

/** The Accounts tab (owner): the organizing team and the invites not yet used. */
export const organizingTeamQuery = () => queryOptions(endpointQuery(endpoints.listAccounts));

function useTeamMutation<T, V>(mutationFn: (input: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountsKey }),
    onError: (error) => {
      if (error instanceof HttpError && error.status === 401) void queryClient.invalidateQueries({ queryKey: queryKeys.authUser });
    },
  });
}

export const useInvite = () => useTeamMutation((input: InviteInput) => callApi(endpoints.createInvite, { body: input }));
export const useRevokeInvite = () => useTeamMutation((id: string) => callApi(endpoints.revokeInvite, { params: { id } }));
export const useUpdateAccount = () =>
  useTeamMutation(({ id, ...input }: AccountUpdateInput & { id: string }) => callApi(endpoints.updateAccount, { params: { id }, body: input }));
