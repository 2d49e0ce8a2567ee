import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { WaitlistEntry } from '../../shared/schemas/waitlist';
import type { CheckInStatus } from '../../shared/check-in';
import type { AuthUser, LoginInput, LoginResult, SetupInput } from '../../shared/schemas/auth';
import type { Bracket, BracketGenerateInput, MatchResultInput, MatchResultOutcome } from '../../shared/schemas/bracket';
import type { Champion, ChampionInput } from '../../shared/schemas/champion';
import type { RosterChange } from '../../shared/schemas/team-page';
import type { Refund, RefundQuote, TeamRefundInput, TeamRemoveInput, TournamentCancelInput } from '../../shared/schemas/refund';
import type { Team, TeamStatus } from '../../shared/schemas/team';
import type { AdminSiteSettings, SiteSettingsInput } from '../../shared/schemas/site';
import type { Tournament, TournamentInput } from '../../shared/schemas/tournament';
import { apiJson, apiRequest, HttpError } from '../api';
import { queryKeys } from './public';

/** Tournament writes change the list, the live one, and the teams and capacity read through them. */
function invalidateTournaments(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.tournaments }),
    queryClient.invalidateQueries({ queryKey: queryKeys.activeTournament }),
  ]);
}

/** A 401 on a write means the session ended: re-check it, and the admin page sends the user to sign in. */
function onAdminError(queryClient: QueryClient) {
  return (error: Error) => {
    if (error instanceof HttpError && error.status === 401) void queryClient.invalidateQueries({ queryKey: queryKeys.authUser });
  };
}

const siteSettingsKey = ['/api/admin/settings'] as const;

/** The organizer's site settings and the checklist of what is still unset. */
export const siteSettingsQuery = () => queryOptions<AdminSiteSettings>({ queryKey: siteSettingsKey });

/** PUT /api/admin/settings: every page reads the new values (the site query too, at once here). */
export function useSaveSiteSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SiteSettingsInput) => apiJson<AdminSiteSettings>('PUT', '/api/admin/settings', input),
    onSuccess: (saved) => {
      queryClient.setQueryData(siteSettingsKey, saved);
      return queryClient.invalidateQueries({ queryKey: queryKeys.site });
    },
    onError: onAdminError(queryClient),
  });
}

/** POST /api/auth/setup: the first owner account, signed in on success. */
export function useCompleteSetup() {
  return useMutation({
    mutationFn: (input: SetupInput) => apiJson<AuthUser>('POST', '/api/auth/setup', input),
  });
}

export function useLogin() {
  return useMutation({
    mutationFn: (input: LoginInput) => apiJson<LoginResult>('POST', '/api/auth/login', input),
  });
}

/**
 * Signing in or out changes what the server answers (teams carry captain and payment details only
 * for an admin), so everything read through /api/tournaments is read again.
 */
export function refreshAfterAuthChange(queryClient: QueryClient, user: AuthUser | null) {
  queryClient.setQueryData(queryKeys.authUser, user);
  void queryClient.invalidateQueries({ queryKey: queryKeys.tournaments });
}

export function useLogout() {
  return useMutation({
    mutationFn: () => apiRequest('POST', '/api/auth/logout'),
  });
}

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

export function useCreateChampion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChampionInput) => apiJson<Champion>('POST', '/api/champions', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.champions }),
    onError: onAdminError(queryClient),
  });
}

export function useUpdateChampion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: ChampionInput }) => apiJson<Champion>('PUT', `/api/champions/${id}`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.champions }),
    onError: onAdminError(queryClient),
  });
}

/**
 * Any tournament's teams with the organizer's private fields (GET /api/admin/teams). Keyed under
 * /api/tournaments so that every tournament, team and refund write reads it again.
 */
export const adminTeamsQuery = (tournamentId: string | undefined) =>
  queryOptions<Team[]>({
    queryKey: ['/api/tournaments', tournamentId ?? '', 'admin-teams'],
    queryFn: () => apiJson<Team[]>('GET', `/api/admin/teams?tournamentId=${encodeURIComponent(tournamentId!)}`),
    enabled: !!tournamentId,
  });

export function useDeleteChampion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `/api/champions/${id}`),
    // Also on a failure: a 404 means someone else deleted it, and the list should say so.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.champions }),
    onError: onAdminError(queryClient),
  });
}

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

/**
 * Money moving back changes a team's status, its amounts, the spots held and the refunds list:
 * everything under /api/tournaments is read again (a refused refund is listed too).
 */
function invalidateAfterRefund(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: queryKeys.tournaments });
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

export function useCancelTournament() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: TournamentCancelInput }) => apiJson<{ refunds: Refund[] }>('POST', `/api/tournaments/${id}/cancel`, input),
    onSettled: () => Promise.all([invalidateTournaments(queryClient), invalidateAfterRefund(queryClient)]),
    onError: onAdminError(queryClient),
  });
}

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
