// Signing in and out of the admin (the sign-in, setup and invite pages and the panel), and the fresh two-factor code a sensitive write asks for.
import { useMutation, type QueryClient } from '@tanstack/react-query';
import type { AuthUser, LoginInput, LoginResult, SetupInput, TwoFactorCodeInput } from '../../shared/schemas/auth';
import { apiJson, apiRequest } from '../api';
import { queryKeys } from './public';

/** POST /api/auth/setup: the first owner account, signed in on success. */
export function useCompleteSetup() {
  return useMutation({
    mutationFn: (input: SetupInput) => apiJson<AuthUser>('POST', '/api/auth/setup', input),
  });
}

export function useLogin() {
  return useMutation({
    mutationFn: (input: LoginInput) => apiJson<LoginResult>('POST', '/api/auth/login', input),
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
    mutationFn: () => apiRequest('POST', '/api/auth/logout'),
  });
}

export const useVerifySecondFactor = () =>
  useMutation({ mutationFn: (input: TwoFactorCodeInput) => apiJson<{ ok: true }>('POST', '/api/auth/two-factor/verify', input) });
export const useLoginCode = () => useMutation({ mutationFn: (input: TwoFactorCodeInput) => apiJson<AuthUser>('POST', '/api/auth/login/two-factor', input) });

export const isTwoFactorChallenge = (result: LoginResult): result is { twoFactorRequired: true } => 'twoFactorRequired' in result;
