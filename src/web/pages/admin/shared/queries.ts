// What the admin tabs' queries share: the team list with the organizer's fields, and what a write reads again.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Team } from '../../../../shared/schemas/team';
import { endpoints } from '../../../../shared/api/index';
import { queryKeyOf } from '../../../../shared/api/urls';
import { callApi, HttpError } from '../../../api';
import { queryKeys } from '../../../queries/public';

/** Tournament writes change the list, the live one, and the teams and capacity read through them. */
export function invalidateTournaments(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.tournaments }),
    queryClient.invalidateQueries({ queryKey: queryKeys.activeTournament }),
  ]);
}

/** A 401 on a write means the session ended: re-check it, and the admin page sends the user to sign in. */
export function onAdminError(queryClient: QueryClient) {
  return (error: Error) => {
    if (error instanceof HttpError && error.status === 401) void queryClient.invalidateQueries({ queryKey: queryKeys.authUser });
  };
}

/**
 * Money moving back changes a team's status, its amounts, the spots held and the refunds list:
 * everything under /api/tournaments is read again (a refused refund is listed too).
 */
export function invalidateAfterRefund(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: queryKeys.tournaments });
}

/**
 * Any tournament's teams with the organizer's private fields (GET /api/admin/teams). Keyed under
 * /api/tournaments so that every tournament, team and refund write reads it again.
 */
export const adminTeamsQuery = (tournamentId: string | undefined) =>
  queryOptions<Team[]>({
    queryKey: [...queryKeyOf(endpoints.listTournaments), tournamentId ?? '', 'admin-teams'],
    queryFn: () => callApi(endpoints.listAdminTeams, { query: { tournamentId: tournamentId! } }),
    enabled: !!tournamentId,
  });
