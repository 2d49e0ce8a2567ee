import { queryOptions, useMutation } from '@tanstack/react-query';
import type { Capacity } from '../../shared/capacity';
import type { AuthUser, SetupStatus } from '../../shared/schemas/auth';
import type { Bracket } from '../../shared/schemas/bracket';
import type { Champion } from '../../shared/schemas/champion';
import type { ContactInput } from '../../shared/schemas/contact';
import type { SiteSettings } from '../../shared/schemas/site';
import type { Team } from '../../shared/schemas/team';
import type { Tournament } from '../../shared/schemas/tournament';
import { apiJson, getQueryFn } from '../api';

/** The active tournament is re-fetched every 5 s on the home and rules pages. */
export const ACTIVE_POLL_MS = 5000;

export const queryKeys = {
  tournaments: ['/api/tournaments'] as const,
  activeTournament: ['/api/tournaments/active'] as const,
  teams: (tournamentId: string) => ['/api/tournaments', tournamentId, 'teams'] as const,
  capacity: (tournamentId: string) => ['/api/tournaments', tournamentId, 'capacity'] as const,
  bracket: (tournamentId: string) => ['/api/tournaments', tournamentId, 'bracket'] as const,
  champions: ['/api/champions'] as const,
  site: ['/api/site'] as const,
  authUser: ['/api/auth/user'] as const,
  setupStatus: ['/api/auth/setup'] as const,
};

export const tournamentsQuery = () => queryOptions<Tournament[]>({ queryKey: queryKeys.tournaments });

export const activeTournamentQuery = ({ poll = false } = {}) =>
  queryOptions<Tournament | null>({ queryKey: queryKeys.activeTournament, refetchInterval: poll ? ACTIVE_POLL_MS : false });

/** `poll`: re-fetch with the active tournament (home page), so new registrations show up. */
export const teamsQuery = (tournamentId: string | undefined, { poll = false } = {}) =>
  queryOptions<Team[]>({ queryKey: queryKeys.teams(tournamentId ?? ''), enabled: !!tournamentId, refetchInterval: poll ? ACTIVE_POLL_MS : false });

export const capacityQuery = (tournamentId: string | undefined, { poll = false } = {}) =>
  queryOptions<Capacity>({ queryKey: queryKeys.capacity(tournamentId ?? ''), enabled: !!tournamentId, refetchInterval: poll ? ACTIVE_POLL_MS : false });

/** The tournament's bracket (null until generated); `poll`: live on the /bracket page. */
export const bracketQuery = (tournamentId: string | undefined, { poll = false } = {}) =>
  queryOptions<Bracket | null>({ queryKey: queryKeys.bracket(tournamentId ?? ''), enabled: !!tournamentId, refetchInterval: poll ? ACTIVE_POLL_MS : false });

export const championsQuery = () => queryOptions<Champion[]>({ queryKey: queryKeys.champions });

/** Polled like the active tournament: a change in the admin's site settings shows within one poll. */
export const siteQuery = () => queryOptions<SiteSettings>({ queryKey: queryKeys.site, refetchInterval: ACTIVE_POLL_MS });

/** The signed-in admin, or null: a 401 here means "not signed in", not an error. */
export const authUserQuery = () => queryOptions<AuthUser | null>({ queryKey: queryKeys.authUser, queryFn: getQueryFn({ on401: 'returnNull' }) });

/** POST /api/contact; the caller shows the toasts. */
export function useSendContactMessage() {
  return useMutation({ mutationFn: (input: ContactInput) => apiJson<{ ok: true }>('POST', '/api/contact', input) });
}

/** Whether the site still needs its first organizer account (then /admin leads to the setup page). */
export const setupStatusQuery = ({ enabled = true } = {}) => queryOptions<SetupStatus>({ queryKey: queryKeys.setupStatus, enabled, staleTime: 0 });
