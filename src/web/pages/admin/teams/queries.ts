// The Teams tab: refunds, removals, erasure, team links, roster changes and the waitlist.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { RosterChange } from '../../../../shared/schemas/team-page';
import type { Refund, RefundQuote, TeamRefundInput, TeamRemoveInput } from '../../../../shared/schemas/refund';
import type { TeamStatus } from '../../../../shared/schemas/team';
import type { WaitlistEntry } from '../../../../shared/schemas/waitlist';
import { apiJson, apiRequest } from '../../../api';
import { queryKeys } from '../../../queries/public';
import { invalidateAfterRefund, onAdminError } from '../shared/queries';

export type { RefundQuote };

export const refundQuoteQuery = (teamId: string) => queryOptions<RefundQuote>({ queryKey: ['/api/teams', teamId, 'refund-quote'], staleTime: 0, gcTime: 0 });

/** Newest first, with each team's name. */
export const tournamentRefundsQuery = (tournamentId: string | undefined) =>
  queryOptions<Refund[]>({ queryKey: ['/api/tournaments', tournamentId ?? '', 'refunds'], enabled: !!tournamentId });

/** Newest first; changes by captains through their team links and by the organizer. */
export const tournamentRosterChangesQuery = (tournamentId: string | undefined) =>
  queryOptions<RosterChange[]>({ queryKey: ['/api/tournaments', tournamentId ?? '', 'roster-changes'], enabled: !!tournamentId, staleTime: 0 });

/** The waiting teams of a tournament, in order (organizer). */
export const waitlistQuery = (tournamentId: string | undefined) =>
  queryOptions<WaitlistEntry[]>({ queryKey: ['/api/tournaments', tournamentId ?? '', 'waitlist'], enabled: !!tournamentId, staleTime: 0 });

/** The organizer offers a free spot to a waiting team of their choice. */
export function useOfferWaitlistSpot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (teamId: string) => apiJson<WaitlistEntry>('POST', `/api/teams/${teamId}/waitlist-offer`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.tournaments }),
    onError: onAdminError(queryClient),
  });
}

/** A new team link replaces the captain's old one, which stops working; shown once to the organizer. */
export function useRotateTeamLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (teamId: string) => apiJson<{ manageUrl: string }>('POST', `/api/teams/${teamId}/team-link`),
    onError: onAdminError(queryClient),
  });
}

export function useRefundTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ teamId, input }: { teamId: string; input: TeamRefundInput }) => apiJson<Refund>('POST', `/api/teams/${teamId}/refund`, input),
    onSettled: () => invalidateAfterRefund(queryClient),
    onError: onAdminError(queryClient),
  });
}

export function useRemoveTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ teamId, input }: { teamId: string; input: TeamRemoveInput }) =>
      apiJson<{ status: TeamStatus; refund: Refund | null }>('POST', `/api/teams/${teamId}/remove`, input),
    onSettled: () => invalidateAfterRefund(queryClient),
    onError: onAdminError(queryClient),
  });
}

/** POST /api/admin/teams/:id/erase: the team's personal data replaced; its figures stay. */
export function useEraseTeamData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (teamId: string) => apiRequest('POST', `/api/admin/teams/${teamId}/erase`),
    onSettled: () => Promise.all([invalidateAfterRefund(queryClient), queryClient.invalidateQueries({ queryKey: queryKeys.champions })]),
    onError: onAdminError(queryClient),
  });
}
