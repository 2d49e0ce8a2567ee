// The Champions tab: add, edit and delete the hall of fame's entries.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChampionInput } from '../../../../shared/schemas/champion';
import { endpoints } from '../../../../shared/api/index';
import { apiRequest, callApi, endpointUrl } from '../../../api';
import { queryKeys } from '../../../queries/public';
import { onAdminError } from '../shared/queries';

export function useCreateChampion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChampionInput) => callApi(endpoints.createChampion, { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.champions }),
    onError: onAdminError(queryClient),
  });
}

export function useUpdateChampion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: ChampionInput }) => callApi(endpoints.updateChampion, { params: { id }, body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.champions }),
    onError: onAdminError(queryClient),
  });
}

export function useDeleteChampion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', endpointUrl(endpoints.deleteChampion, { params: { id } })),
    // Also on a failure: a 404 means someone else deleted it, and the list should say so.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.champions }),
    onError: onAdminError(queryClient),
  });
}
