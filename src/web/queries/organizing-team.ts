import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuthUser, LoginResult, TwoFactorCodeInput, TwoFactorEnableInput, TwoFactorSetup } from '../../shared/schemas/auth';
import type { AccountUpdateInput, InviteAcceptInput, InviteCreated, InviteInput, InviteStatus, OrganizingTeam } from '../../shared/schemas/organizing-team';
import { apiJson, HttpError } from '../api';
import { queryKeys } from './public';

const accountsKey = ['/api/admin/accounts'] as const;

/** The Accounts tab (owner): the organizing team and the invites not yet used. */
export const organizingTeamQuery = () => queryOptions<OrganizingTeam>({ queryKey: accountsKey });
export const inviteStatusQuery = (token: string) => queryOptions<InviteStatus>({ queryKey: ['/api/auth/invites', token] });

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

export const useAcceptInvite = (token: string) =>
  useMutation({ mutationFn: (input: InviteAcceptInput) => apiJson<AuthUser>('POST', `/api/auth/invites/${token}/accept`, input) });

/** The signed-in account changed (its two-factor state): read it again. */
export function useAccountChanged(): () => void {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: queryKeys.authUser });
}

/** Two-factor sign-in of the signed-in account. Each success reads the account again (its two-factor state changed). */
function useTwoFactorMutation<T, V>(mutationFn: (input: V) => Promise<T>) {
  return useMutation({ mutationFn, onSuccess: useAccountChanged() });
}
export const useTwoFactorSetup = () => useMutation({ mutationFn: () => apiJson<TwoFactorSetup>('POST', '/api/auth/two-factor/setup') });
/**
 * Not read again at once: for an account the rule obliges, the new state opens the panel, which
 * would take the recovery codes off the screen before they were seen. `useAccountChanged` reads it
 * once the codes are put away.
 */
export const useEnableTwoFactor = () =>
  useMutation({ mutationFn: (input: TwoFactorEnableInput) => apiJson<{ recoveryCodes: string[] }>('POST', '/api/auth/two-factor/enable', input) });
export const useDisableTwoFactor = () => useTwoFactorMutation((input: TwoFactorCodeInput) => apiJson<{ ok: true }>('DELETE', '/api/auth/two-factor', input));
export const useVerifySecondFactor = () =>
  useMutation({ mutationFn: (input: TwoFactorCodeInput) => apiJson<{ ok: true }>('POST', '/api/auth/two-factor/verify', input) });
export const useLoginCode = () => useMutation({ mutationFn: (input: TwoFactorCodeInput) => apiJson<AuthUser>('POST', '/api/auth/login/two-factor', input) });

export const isTwoFactorChallenge = (result: LoginResult): result is { twoFactorRequired: true } => 'twoFactorRequired' in result;
