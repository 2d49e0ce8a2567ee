// The Match Day tab: check-in, the bracket and its results.
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { BracketGenerateInput, MatchResultInput } from '../../../../shared/schemas/bracket';
import { endpoints } from '../../../../shared/api/index';
import type { BestOf, ForfeitClaimDecisionInput, MatchDetail, StaffVetoInput } from '../../../../shared/schemas/match';
import { callApi, endpointQuery } from '../../../api';
import { matchesKey, matchKey } from '../../../queries/matches';
import { ACTIVE_POLL_MS, queryKeys } from '../../../queries/public';
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
    mutationFn: ({ matchId, input }: { matchId: string; input: MatchResultInput }) =>
      callApi(endpoints.reportMatchResult, { params: { id: matchId }, body: input }),
    onSuccess: () => invalidateBracket(queryClient),
    onError: onAdminError(queryClient),
  });
}

/** The organizer draws the playoff once the first stage is complete. */
export function useDrawPlayoff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tournamentId: string) => callApi(endpoints.drawPlayoff, { params: { id: tournamentId } }),
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

/** What waits on the organizer (disputes, forfeit claims), polled like the live tournament. */
export const matchQueueQuery = (tournamentId: string | undefined) =>
  queryOptions({
    ...endpointQuery(endpoints.listMatchQueue, { params: { id: tournamentId ?? '' } }),
    enabled: !!tournamentId,
    refetchInterval: ACTIVE_POLL_MS,
  });

/** A queue decision changes the match, the bracket and the queue: all are read again. */
function useQueueDecision<Input>(send: (input: Input) => Promise<MatchDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (match) => {
      queryClient.setQueryData(matchKey(match.id), match);
      return invalidateBracket(queryClient);
    },
    onError: onAdminError(queryClient),
  });
}

/** Staff reopen a match's reporting: its open report goes, the captains report again. */
export function useReopenReport(matchId: string) {
  return useQueueDecision(() => callApi(endpoints.reopenMatchReport, { params: { id: matchId } }));
}

/** Staff approve (the claimer wins by forfeit) or refuse a forfeit claim, with an optional note. */
export function useDecideForfeitClaim(matchId: string) {
  return useQueueDecision((input: ForfeitClaimDecisionInput) => callApi(endpoints.decideForfeitClaim, { params: { id: matchId }, body: input }));
}

/** The organizer sets a match's start time (null: back to the derived time). */
export function useSetMatchTime(matchId: string) {
  return useQueueDecision((startsAt: string | null) => callApi(endpoints.updateMatch, { params: { id: matchId }, body: { startsAt } }));
}

/** The organizer sets one start time for every match of a round still to play (null: the derived times). */
export function useSetRoundTime(tournamentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ round, startsAt }: { round: number; startsAt: string | null }) =>
      callApi(endpoints.setRoundStartsAt, { params: { id: tournamentId, round }, body: { startsAt } }),
    onSuccess: () => invalidateBracket(queryClient),
    onError: onAdminError(queryClient),
  });
}
