// The Match Day tab: check-in, the bracket and its results.
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { BracketGenerateInput, MatchResultInput } from '../../../../shared/schemas/bracket';
import { endpoints } from '../../../../shared/api/index';
import type { BestOf, MatchDetail, StaffVetoInput } from '../../../../shared/schemas/match';
import { callApi } from '../../../api';
import { matchesKey, matchKey } from '../../../queries/matches';
import { queryKeys } from '../../../queries/public';
import { invalidateTournaments, onAdminError } from '../shared/queries';

/** Bracket writes change the bracket, the active tournament (its bracket link) and, on confirming, the hall of fame. */
function invalidateBracket(queryClient: QueryClient) {
  return Promise.all([
    invalidateTournaments(queryClient),
    queryClient.invalidateQueries({ queryKey: queryKeys.champions }),
    // Every match page's copy: a result moves the teams of later matches too.
    queryClient.invalidateQueries({ queryKey: matchesKey }),
  ]);
}

/** A veto write answers with the match: its copy is replaced, and the bracket (its status) read again. */
function useMatchChange<Input>(send: (input: Input) => Promise<MatchDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (match) => {
      queryClient.setQueryData(matchKey(match.id), match);
      return invalidateTournaments(queryClient);
    },
    onError: onAdminError(queryClient),
  });
}

/** Staff take a turn of the veto for either team. */
export function useStaffVeto(matchId: string) {
  return useMatchChange((input: StaffVetoInput) => callApi(endpoints.vetoAsStaff, { params: { id: matchId }, body: input }));
}

/** Staff start the veto again. */
export function useResetVeto(matchId: string) {
  return useMatchChange(() => callApi(endpoints.resetVeto, { params: { id: matchId } }));
}

/** The organizer changes a match's best-of before it starts. */
export function useChangeBestOf(matchId: string) {
  return useMatchChange((bestOf: BestOf) => callApi(endpoints.updateMatch, { params: { id: matchId }, body: { bestOf } }));
}

export function useGenerateBracket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tournamentId, input }: { tournamentId: string; input: BracketGenerateInput }) =>
      callApi(endpoints.generateBracket, { params: { id: tournamentId }, body: input }),
    onSuccess: () => invalidateBracket(queryClient),
    onError: onAdminError(queryClient),
  });
}

export function useReportResult() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ matchId, input }: { matchId: string; input: MatchResultInput }) => callApi(endpoints.reportMatchResult, { params: { id: matchId }, body: input }),
    onSuccess: () => invalidateBracket(queryClient),
    onError: onAdminError(queryClient),
  });
}

export function useConfirmChampions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tournamentId: string) => callApi(endpoints.confirmBracket, { params: { id: tournamentId } }),
    onSuccess: () => invalidateBracket(queryClient),
    onError: onAdminError(queryClient),
  });
}

/** The organizer checks a team in; the teams list (under /api/tournaments) is read again. */
export function useCheckInTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (teamId: string) => callApi(endpoints.checkInByOrganizer, { params: { id: teamId } }),
    onSuccess: () => invalidateTournaments(queryClient),
    onError: onAdminError(queryClient),
  });
}

/** The organizer takes back a check-in they made, until the bracket is drawn. */
export function useUndoCheckIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (teamId: string) => callApi(endpoints.undoCheckInByOrganizer, { params: { id: teamId } }),
    onSuccess: () => invalidateTournaments(queryClient),
    onError: onAdminError(queryClient),
  });
}
