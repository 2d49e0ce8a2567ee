import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountSession, PasswordChangeInput } from '../../../../shared/schemas/account';
import { apiJson, HttpError } from '../../../api';
import { queryKeys } from '../../../queries/public';

const sessionsKey = ['/api/auth/sessions'] as const;

/** The signed-in account's sessions (own settings). */
export const accountSessionsQuery = () => queryOptions<AccountSession[]>({ queryKey: sessionsKey });

function useAccountMutation<T, V>(mutationFn: (input: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
    // A 401 means this session ended: the admin page sends the user to sign in.
    onError: (error) => {
      if (error instanceof HttpError && error.status === 401) void queryClient.invalidateQueries({ queryKey: queryKeys.authUser });
    },
  });
}

/** PUT /api/auth/password: the other sessions end, this one stays. */
export const useChangePassword = () => useAccountMutation((input: PasswordChangeInput) => apiJson<{ ok: true }>('PUT', '/api/auth/password', input));

/** DELETE /api/auth/sessions/{id}. */
export const useEndSession = () => useAccountMutation((id: string) => apiJson<{ ok: true }>('DELETE', `/api/auth/sessions/${id}`));

/** DELETE /api/auth/sessions: every session but this one. */
export const useEndOtherSessions = () => useAccountMutation(() => apiJson<{ ended: number }>('DELETE', '/api/auth/sessions'));
