import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '../../shared/api/index';
import { queryKeyOf } from '../../shared/api/urls';
import type { MyTeams } from '../../shared/schemas/discord';
import { callApi, endpointUrl, HttpError } from '../api';

const myTeamsKey = queryKeyOf(endpoints.listMyTeams);

/** The signed-in captain's teams; null when this browser is not signed in with Discord (401). */
export const myTeamsQuery = () =>
  queryOptions({
    queryKey: myTeamsKey,
    queryFn: async (): Promise<MyTeams | null> => {
      try {
        return await callApi(endpoints.listMyTeams);
      } catch (error) {
        if (error instanceof HttpError && error.status === 401) return null;
        throw error;
      }
    },
  });

/** A link, not a call: the server sends the browser on to Discord. */
export const discordSignInUrl = endpointUrl(endpoints.startDiscordSignIn);

export function useSignOutCaptain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(endpoints.signOutCaptain),
    onSuccess: () => queryClient.setQueryData(myTeamsKey, null),
  });
}
