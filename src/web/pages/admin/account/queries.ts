// The Account tab: the signed-in account's password, sessions, two-factor sign-in and Discord link.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PasswordChangeInput } from '../../../../shared/schemas/account';
import type { TwoFactorCodeInput, TwoFactorEnableInput } from '../../../../shared/schemas/auth';
import { endpoints } from '../../../../shared/api/index';
import { queryKeyOf } from '../../../../shared/api/urls';
import { callApi, HttpError, endpointQuery } from '../../../api';
import { queryKeys } from '../../../queries/public';

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

const staffDiscordKey = queryKeyOf(endpoints.getStaffDiscordLink);

/** The Discord account the signed-in account linked (and whether the site offers linking at all). */
export const staffDiscordLinkQuery = () => queryOptions(endpointQuery(endpoints.getStaffDiscordLink));

/** POST /api/auth/discord/link: Discord's consent screen, to navigate to. */
export const useStartStaffDiscordLink = () => useMutation({ mutationFn: async () => (await callApi(endpoints.startStaffDiscordLink)).authorizeUrl });

/** DELETE /api/auth/discord/link. */
export function useUnlinkStaffDiscord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(endpoints.unlinkStaffDiscord),
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffDiscordKey }),
  });
}
