// The Teams tab: refunds, removals, erasure, team links, roster changes and the waitlist.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { RefundQuote, TeamRefundInput, TeamRemoveInput } from '../../../../shared/schemas/refund';
import { endpoints } from '../../../../shared/api/index';
import { apiRequest, callApi, endpointQuery, endpointUrl } from '../../../api';
import { queryKeys } from '../../../queries/public';
import { invalidateAfterRefund, onAdminError } from '../shared/queries';

export type { RefundQuote };

export const refundQuoteQuery = (teamId: string) => queryOptions({ ...endpointQuery(endpoints.getRefundQuote, { params: { id: teamId } }), staleTime: 0, gcTime: 0 });

/** Newest first, with each team's name. */
export const tournamentRefundsQuery = (tournamentId: string | undefined) =>
  queryOptions({ ...endpointQuery(endpoints.listRefunds, { params: { id: tournamentId ?? '' } }), enabled: !!tournamentId });

/** Newest first; changes by captains through their team links and by the organizer. */
export const tournamentRosterChangesQuery = (tournamentId: string | undefined) =>
  queryOptions({ ...endpointQuery(endpoints.listRosterChanges, { params: { id: tournamentId ?? '' } }), enabled: !!tournamentId, staleTime: 0 });

/** The waiting teams of a tournament, in order (organizer). */
export const waitlistQuery = (tournamentId: string | undefined) =>
  queryOptions({ ...endpointQuery(endpoints.listWaitlist, { params: { id: tournamentId ?? '' } }), enabled: !!tournamentId, staleTime: 0 });

/** The organizer offers a free spot to a waiting team of their choice. */
export function useOfferWaitlistSpot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (teamId: string) => callApi(endpoints.offerSpot, { params: { id: teamId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.tournaments }),
    onError: onAdminError(queryClient),
  });
}

/** A new team link replaces the captain's old one, which stops working; shown once to the organizer. */
export function useRotateTeamLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (teamId: string) => callApi(endpoints.rotateTeamLink, { params: { id: teamId } }),
    onError: onAdminError(queryClient),
  });
}

export function useRefundTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ teamId, input }: { teamId: string; input: TeamRefundInput }) => callApi(endpoints.refundTeam, { params: { id: teamId }, body: input }),
    onSettled: () => invalidateAfterRefund(queryClient),
    onError: onAdminError(queryClient),
  });
}

export function useRemoveTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ teamId, input }: { teamId: string; input: TeamRemoveInput }) =>
      callApi(endpoints.removeTeam, { params: { id: teamId }, body: input }),
    onSettled: () => invalidateAfterRefund(queryClient),
    onError: onAdminError(queryClient),
  });
}

/** POST /api/admin/teams/:id/erase: the team's personal data replaced; its figures stay. */
export function useEraseTeamData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (teamId: string) => apiRequest('POST', endpointUrl(endpoints.eraseTeamData, { params: { id: teamId } })),
    onSettled: () => Promise.all([invalidateAfterRefund(queryClient), queryClient.invalidateQueries({ queryKey: queryKeys.champions })]),
    onError: onAdminError(queryClient),
  });
}
