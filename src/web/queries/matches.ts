import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '../../shared/api/index';
import { queryKeyOf } from '../../shared/api/urls';
import type { CaptainVetoInput, MatchDetail } from '../../shared/schemas/match';
import { callApi, endpointQuery } from '../api';
import { teamLinkHeaders } from './team-page';

/** A match in its veto is polled every 3 s (the captains see each other's turns); a live one every 5 s; a finished one not at all. */
export const VETO_POLL_MS = 3000;
export const LIVE_POLL_MS = 5000;

export const matchKey = (matchId: string) => queryKeyOf(endpoints.getMatch, { id: matchId });
/** Every match's key starts with this: a result invalidates them all. */
export const matchesKey = queryKeyOf(endpoints.getMatch);

export function matchPollInterval(match: MatchDetail | undefined): number | false {
  if (!match) return LIVE_POLL_MS;
  if (match.status === 'finished') return false;
  return match.status === 'veto' ? VETO_POLL_MS : LIVE_POLL_MS;
}

/** GET /api/matches/{id}, polled while the match is not finished. */
export const matchQuery = (matchId: string | undefined, { poll = true } = {}) =>
  queryOptions({
    ...endpointQuery(endpoints.getMatch, { params: { id: matchId ?? '' } }),
    enabled: !!matchId,
    refetchInterval: poll ? (query) => matchPollInterval(query.state.data) : false,
  });

/** The captain's turn in the veto, with the team link's key; the answer replaces the match's copy. */
export function useCaptainVeto(teamId: string, teamKey: string, matchId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (choice: CaptainVetoInput) => callApi(endpoints.vetoAsCaptain, { params: { id: teamId, matchId }, body: choice, headers: teamLinkHeaders(teamKey) }),
    onSuccess: (match) => queryClient.setQueryData(matchKey(matchId), match),
  });
}

/** The captain says the team is ready (from 15 minutes before the match); the veto opens when both are. */
export function useReadyForMatch(teamId: string, teamKey: string, matchId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(endpoints.readyForMatch, { params: { id: teamId, matchId }, headers: teamLinkHeaders(teamKey) }),
    onSuccess: (match) => queryClient.setQueryData(matchKey(matchId), match),
  });
}
