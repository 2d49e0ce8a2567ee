// The Match Day tab: check-in, the bracket and its results.
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CheckInStatus } from '../../../../shared/check-in';
import type { Bracket, BracketGenerateInput, MatchResultInput, MatchResultOutcome } from '../../../../shared/schemas/bracket';
import { apiJson } from '../../../api';
import { queryKeys } from '../../../queries/public';
import { invalidateTournaments, onAdminError } from '../shared/queries';

/** Bracket writes change the bracket, the active tournament (its bracket link) and, on confirming, the hall of fame. */
function invalidateBracket(queryClient: QueryClient) {
  return Promise.all([invalidateTournaments(queryClient), queryClient.invalidateQueries({ queryKey: queryKeys.champions })]);
}

export function useGenerateBracket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tournamentId, input }: { tournamentId: string; input: BracketGenerateInput }) =>
      apiJson<Bracket>('POST', `/api/tournaments/${tournamentId}/bracket`, input),
    onSuccess: () => invalidateBracket(queryClient),
    onError: onAdminError(queryClient),
  });
}

export function useReportResult() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ matchId, input }: { matchId: string; input: MatchResultInput }) => apiJson<MatchResultOutcome>('PUT', `/api/matches/${matchId}`, input),
    onSuccess: () => invalidateBracket(queryClient),
    onError: onAdminError(queryClient),
  });
}

export function useConfirmChampions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tournamentId: string) => apiJson<Bracket>('POST', `/api/tournaments/${tournamentId}/bracket/confirm`),
    onSuccess: () => invalidateBracket(queryClient),
    onError: onAdminError(queryClient),
  });
}

/** The organizer checks a team in; the teams list (under /api/tournaments) is read again. */
export function useCheckInTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (teamId: string) => apiJson<CheckInStatus>('POST', `/api/teams/${teamId}/check-in`),
    onSuccess: () => invalidateTournaments(queryClient),
    onError: onAdminError(queryClient),
  });
}
