// The Tournaments tab: create, edit, open registration, set live, delete and cancel, clean up Discord.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TournamentCancelInput } from '../../../../shared/schemas/refund';
import type { TournamentInput } from '../../../../shared/schemas/tournament';
import { endpoints } from '../../../../shared/api/index';
import { apiRequest, callApi, endpointUrl } from '../../../api';
import { invalidateAfterRefund, invalidateTournaments, onAdminError } from '../shared/queries';

export function useCreateTournament() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TournamentInput) => callApi(endpoints.createTournament, { body: input }),
    onSuccess: () => invalidateTournaments(queryClient),
    onError: onAdminError(queryClient),
  });
}

export function useUpdateTournament() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: TournamentInput }) => callApi(endpoints.updateTournament, { params: { id }, body: input }),
    onSuccess: () => invalidateTournaments(queryClient),
    onError: onAdminError(queryClient),
  });
}

export function useToggleRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isOpen }: { id: string; isOpen: boolean }) => callApi(endpoints.setRegistrationOpen, { params: { id }, body: { isOpen } }),
    onSuccess: () => invalidateTournaments(queryClient),
    onError: onAdminError(queryClient),
  });
}

export function useSetActiveTournament() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(endpoints.setActiveTournament, { params: { id } }),
    onSuccess: () => invalidateTournaments(queryClient),
    onError: onAdminError(queryClient),
  });
}

export function useDeleteTournament() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', endpointUrl(endpoints.deleteTournament, { params: { id } })),
    onSuccess: () => invalidateTournaments(queryClient),
    onError: onAdminError(queryClient),
  });
}

export function useCancelTournament() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: TournamentCancelInput }) => callApi(endpoints.cancelTournament, { params: { id }, body: input }),
    onSettled: () => Promise.all([invalidateTournaments(queryClient), invalidateAfterRefund(queryClient)]),
    onError: onAdminError(queryClient),
  });
}

/** "Clean Up Discord": the cup's match channels and category are deleted in the background. */
export function useCleanUpDiscord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(endpoints.cleanUpDiscord, { params: { id } }),
    onError: onAdminError(queryClient),
  });
}
