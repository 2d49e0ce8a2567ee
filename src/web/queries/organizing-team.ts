import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '../../shared/api/index';
import { queryKeyOf } from '../../shared/api/urls';
import type { LoginResult, TwoFactorCodeInput, TwoFactorEnableInput } from '../../shared/schemas/auth';
import type { AccountUpdateInput, InviteAcceptInput, InviteInput } from '../../shared/schemas/organizing-team';
import { callApi, endpointQuery, HttpError } from '../api';
import { queryKeys } from './public';

const accountsKey = queryKeyOf(endpoints.listAccounts);

/** The Accounts tab (owner): the organizing team and the invites not yet used. */
export const organizingTeamQuery = () => queryOptions(endpointQuery(endpoints.listAccounts));
export const inviteStatusQuery = (token: string) => queryOptions(endpointQuery(endpoints.getInvite, { params: { token } }));

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

export const useAcceptInvite = (token: string) =>
  useMutation({ mutationFn: (input: InviteAcceptInput) => callApi(endpoints.acceptInvite, { params: { token }, body: input }) });

/** The signed-in account changed (its two-factor state): read it again. */
export function useAccountChanged(): () => void {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: queryKeys.authUser });
}

/** Two-factor sign-in of the signed-in account. Each success reads the account again (its two-factor state changed). */
function useTwoFactorMutation<T, V>(mutationFn: (input: V) => Promise<T>) {
  return useMutation({ mutationFn, onSuccess: useAccountChanged() });
}
export const useTwoFactorSetup = () => useMutation({ mutationFn: () => callApi(endpoints.beginTwoFactorSetup) });
/**
 * Not read again at once: for an account the rule obliges, the new state opens the panel, which
 * would take the recovery codes off the screen before they were seen. `useAccountChanged` reads it
 * once the codes are put away.
 */
export const useEnableTwoFactor = () =>
  useMutation({ mutationFn: (input: TwoFactorEnableInput) => callApi(endpoints.enableTwoFactor, { body: input }) });
export const useDisableTwoFactor = () => useTwoFactorMutation((input: TwoFactorCodeInput) => callApi(endpoints.disableTwoFactor, { body: input }));
export const useVerifySecondFactor = () =>
  useMutation({ mutationFn: (input: TwoFactorCodeInput) => callApi(endpoints.verifyTwoFactor, { body: input }) });
export const useLoginCode = () => useMutation({ mutationFn: (input: TwoFactorCodeInput) => callApi(endpoints.loginTwoFactor, { body: input }) });

export const isTwoFactorChallenge = (result: LoginResult): result is { twoFactorRequired: true } => 'twoFactorRequired' in result;
