import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '../../shared/api/index';
import { queryKeyOf } from '../../shared/api/urls';
import type { PasswordChangeInput } from '../../shared/schemas/account';
import { callApi, endpointQuery, HttpError } from '../api';
import { queryKeys } from './public';

const sessionsKey = queryKeyOf(endpoints.listSessions);

/** The signed-in account's sessions (own settings). */
export const accountSessionsQuery = () => queryOptions(endpointQuery(endpoints.listSessions));

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
export const useChangePassword = () => useAccountMutation((input: PasswordChangeInput) => callApi(endpoints.changePassword, { body: input }));

/** DELETE /api/auth/sessions/{id}. */
export const useEndSession = () => useAccountMutation((id: string) => callApi(endpoints.endSession, { params: { id } }));

/** DELETE /api/auth/sessions: every session but this one. */
export const useEndOtherSessions = () => useAccountMutation(() => callApi(endpoints.endOtherSessions));
