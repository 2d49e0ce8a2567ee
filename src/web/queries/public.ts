import { queryOptions } from '@tanstack/react-query';
import * as auth from '../../shared/api/auth';
import * as bracket from '../../shared/api/bracket';
import * as site from '../../shared/api/site';
import * as tournamentPages from '../../shared/api/tournament-pages';
import * as tournaments from '../../shared/api/tournaments';
import { queryKeyOf } from '../../shared/api/urls';
import { callApi, endpointQuery, HttpError } from '../api';
import { ISLAND_POLL_MS } from '../islands/use-polled';

// The areas called here, not every endpoint (shared/api/index.ts `endpoints`).
const endpoints = { ...auth, ...bracket, ...site, ...tournamentPages, ...tournaments };

/** How often the app's polled reads are read again: as the content pages' islands poll (/bracket's active tournament, a cup's page, the embeds, match day). */
export const ACTIVE_POLL_MS = ISLAND_POLL_MS;

export const queryKeys = {
  tournaments: queryKeyOf(endpoints.listTournaments),
  activeTournament: queryKeyOf(endpoints.getActiveTournament),
  openTournaments: queryKeyOf(endpoints.listOpenTournaments),
  teams: (tournamentId: string) => queryKeyOf(endpoints.listTournamentTeams, { id: tournamentId }),
  capacity: (tournamentId: string) => queryKeyOf(endpoints.getCapacity, { id: tournamentId }),
  bracket: (tournamentId: string) => queryKeyOf(endpoints.getBracket, { id: tournamentId }),
  champions: queryKeyOf(endpoints.listChampions),
  site: queryKeyOf(endpoints.getSite),
  authUser: queryKeyOf(endpoints.getCurrentUser),
  setupStatus: queryKeyOf(endpoints.getSetupStatus),
};

export const tournamentsQuery = () => queryOptions(endpointQuery(endpoints.listTournaments));

export const activeTournamentQuery = ({ poll = false } = {}) => queryOptions({ ...endpointQuery(endpoints.getActiveTournament), refetchInterval: poll ? ACTIVE_POLL_MS : false });

/** Every cup taking registrations now, featured included (several run at once); the home page's island polls it. */
export const openTournamentsQuery = () => queryOptions(endpointQuery(endpoints.listOpenTournaments));

/** A tournament's teams; the pages' islands poll them, so new registrations show up. */
export const teamsQuery = (tournamentId: string | undefined) =>
  queryOptions({ ...endpointQuery(endpoints.listTournamentTeams, { params: { id: tournamentId ?? '' } }), enabled: !!tournamentId });

export const capacityQuery = (tournamentId: string | undefined) =>
  queryOptions({ ...endpointQuery(endpoints.getCapacity, { params: { id: tournamentId ?? '' } }), enabled: !!tournamentId });

/** The tournament's bracket (null until generated); `poll`: live on match day and in the embeds (the pages' bracket island polls itself). */
export const bracketQuery = (tournamentId: string | undefined, { poll = false } = {}) =>
  queryOptions({ ...endpointQuery(endpoints.getBracket, { params: { id: tournamentId ?? '' } }), enabled: !!tournamentId, refetchInterval: poll ? ACTIVE_POLL_MS : false });

export const championsQuery = () => queryOptions(endpointQuery(endpoints.listChampions));

/** Polled like the active tournament: a change in the admin's site settings shows within one poll. */
export const siteQuery = () => queryOptions({ ...endpointQuery(endpoints.getSite), refetchInterval: ACTIVE_POLL_MS });

/** The signed-in admin, or null: a 401 here means "not signed in", not an error. */
export const authUserQuery = () =>
  queryOptions({
    queryKey: queryKeys.authUser,
    queryFn: async () => {
      try {
        return await callApi(endpoints.getCurrentUser);
      } catch (error) {
        if (error instanceof HttpError && error.status === 401) return null;
        throw error;
      }
    },
  });

/** Whether the site still needs its first organizer account (then /admin leads to the setup page). */
export const setupStatusQuery = ({ enabled = true } = {}) => queryOptions({ ...endpointQuery(endpoints.getSetupStatus), enabled, staleTime: 0 });

/** One cup's public read, by the slug (or id) in its page's address; `poll`: live on its page and embeds. */
export const tournamentPageQuery = (idOrSlug: string, { poll = false } = {}) =>
  queryOptions({ ...endpointQuery(endpoints.getTournamentPage, { params: { id: idOrSlug } }), refetchInterval: poll ? ACTIVE_POLL_MS : false, retry: (count, error) => !(error instanceof HttpError && error.status === 404) && count < 2 });

/** One page of /tournaments (the server inlines page 1). */
export const tournamentListingQuery = (page: number) => queryOptions(endpointQuery(endpoints.listTournamentPages, { query: { page } }));
