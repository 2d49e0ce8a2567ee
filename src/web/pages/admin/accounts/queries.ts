// The Accounts tab (owner): the organizing team, its roles and its invites.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountUpdateInput, InviteCreated, InviteInput, OrganizingTeam } from '../../../../shared/schemas/organizing-team';
import { apiJson, HttpError } from '../../../api';
import { queryKeys } from '../../../queries/public';

const accountsKey = ['/api/admin/accounts'] as const;

/** The Accounts tab (owner): the organizing team and the invites not yet used. */
export const organizingTeamQuery = () => queryOptions<OrganizingTeam>({ queryKey: accountsKey });

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

export const useInvite = () => useTeamMutation((input: InviteInput) => apiJson<InviteCreated>('POST', '/api/admin/accounts/invites', input));
export const useRevokeInvite = () => useTeamMutation((id: string) => apiJson<{ ok: true }>('DELETE', `/api/admin/accounts/invites/${id}`));
export const useUpdateAccount = () =>
  useTeamMutation(({ id, ...input }: AccountUpdateInput & { id: string }) => apiJson<{ ok: true }>('PATCH', `/api/admin/accounts/${id}`, input));
