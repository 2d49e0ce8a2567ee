// Signing in and out of the admin (the sign-in, setup and invite pages and the panel), and the fresh two-factor code a sensitive write asks for.
import { useMutation, type QueryClient } from '@tanstack/react-query';
import type { AuthUser, LoginInput, LoginResult, SetupInput, TwoFactorCodeInput } from '../../shared/schemas/auth';
import { endpoints } from '../../shared/api/index';
import { apiRequest, callApi, endpointUrl } from '../api';
import { queryKeys } from './public';

/** POST /api/auth/setup: the first owner account, signed in on success. */
export function useCompleteSetup() {
  return useMutation({
    mutationFn: (input: SetupInput) => callApi(endpoints.completeSetup, { body: input }),
  });
}

export function useLogin() {
  return useMutation({
    mutationFn: (input: LoginInput) => callApi(endpoints.login, { body: input }),
  });
}

/**
 * Signing in or out changes what the server answers (teams carry captain and payment details only
 * for an admin), so everything read through /api/tournaments is read again.
 */
export function refreshAfterAuthChange(queryClient: QueryClient, user: AuthUser | null) {
  queryClient.setQueryData(queryKeys.authUser, user);
  void queryClient.invalidateQueries({ queryKey: queryKeys.tournaments });
}

export function useLogout() {
  return useMutation({
    mutationFn: () => apiRequest('POST', endpointUrl(endpoints.logout)),
  });
}

export const useVerifySecondFactor = () =>
  useMutation({ mutationFn: (input: TwoFactorCodeInput) => callApi(endpoints.verifyTwoFactor, { body: input }) });
export const useLoginCode = () => useMutation({ mutationFn: (input: TwoFactorCodeInput) => callApi(endpoints.loginTwoFactor, { body: input }) });

export const isTwoFactorChallenge = (result: LoginResult): result is { twoFactorRequired: true } => 'twoFactorRequired' in result;
