// The Tournaments tab: create, edit, open registration, set live, delete and cancel.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Refund, TournamentCancelInput } from '../../../../shared/schemas/refund';
import type { Tournament, TournamentInput } from '../../../../shared/schemas/tournament';
import { apiJson, apiRequest } from '../../../api';
import { invalidateAfterRefund, invalidateTournaments, onAdminError } from '../shared/queries';

export function useCreateTournament() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TournamentInput) => apiJson<Tournament>('POST', '/api/tournaments', input),
    onSuccess: () => invalidateTournaments(queryClient),
    onError: onAdminError(queryClient),
  });
}

export function useUpdateTournament() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: TournamentInput }) => apiJson<Tournament>('PUT', `/api/tournaments/${id}`, input),
    onSuccess: () => invalidateTournaments(queryClient),
    onError: onAdminError(queryClient),
  });
}

export function useToggleRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isOpen }: { id: string; isOpen: boolean }) => apiJson<Tournament>('PATCH', `/api/tournaments/${id}/registration`, { isOpen }),
    onSuccess: () => invalidateTournaments(queryClient),
    onError: onAdminError(queryClient),
  });
}

export function useSetActiveTournament() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiJson<Tournament>('PATCH', `/api/tournaments/${id}/set-active`),
    onSuccess: () => invalidateTournaments(queryClient),
    onError: onAdminError(queryClient),
  });
}

export function useDeleteTournament() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `/api/tournaments/${id}`),
    onSuccess: () => invalidateTournaments(queryClient),
    onError: onAdminError(queryClient),
  });
}

export function useCancelTournament() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: TournamentCancelInput }) => apiJson<{ refunds: Refund[] }>('POST', `/api/tournaments/${id}/cancel`, input),
    onSettled: () => Promise.all([invalidateTournaments(queryClient), invalidateAfterRefund(queryClient)]),
    onError: onAdminError(queryClient),
  });
}
