import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import * as bracket from '../../shared/api/bracket';
import * as matches from '../../shared/api/matches';
import * as uploads from '../../shared/api/uploads';
import { queryKeyOf } from '../../shared/api/urls';
import type { CaptainDisputeInput, CaptainReportInput, CaptainVetoInput, MatchDetail } from '../../shared/schemas/match';
import { callApi, endpointQuery, endpointUrl, HttpError } from '../api';
import { matchPollInterval } from '../components/match/match-polling';
import { teamLinkHeaders } from './team-page';

// The areas called here, not every endpoint (shared/api/index.ts `endpoints`).
const endpoints = { ...bracket, ...matches, ...uploads };

export const matchKey = (matchId: string) => queryKeyOf(endpoints.getMatch, { id: matchId });
/** Every match's key starts with this: a result invalidates them all. */
export const matchesKey = queryKeyOf(endpoints.getMatch);

/** GET /api/matches/{id}, polled while the match is not finished. */
export const matchQuery = (matchId: string | undefined, { poll = true } = {}) =>
  queryOptions({
    ...endpointQuery(endpoints.getMatch, { params: { id: matchId ?? '' } }),
    enabled: !!matchId,
    refetchInterval: poll ? (query) => matchPollInterval(query.state.data) : false,
  });

/** The captain's read of a match the team plays (the team link's key): the public one plus a dispute's reason and screenshots. */
export const captainMatchKey = (teamId: string, matchId: string) => queryKeyOf(endpoints.getMatchAsCaptain, { id: teamId, matchId });

/** GET /api/manage/{id}/matches/{matchId}, polled like the public read. */
export const captainMatchQuery = (teamId: string, teamKey: string, matchId: string | undefined) =>
  queryOptions({
    queryKey: captainMatchKey(teamId, matchId ?? ''),
    queryFn: () => callApi(endpoints.getMatchAsCaptain, { params: { id: teamId, matchId: matchId ?? '' }, headers: teamLinkHeaders(teamKey) }),
    enabled: !!matchId,
    refetchInterval: (query) => matchPollInterval(query.state.data),
  });

/** The captain's turn in the veto, with the team link's key; the answer replaces the captain's copy of the match. */
export function useCaptainVeto(teamId: string, teamKey: string, matchId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (choice: CaptainVetoInput) => callApi(endpoints.vetoAsCaptain, { params: { id: teamId, matchId }, body: choice, headers: teamLinkHeaders(teamKey) }),
    onSuccess: (match) => queryClient.setQueryData(captainMatchKey(teamId, matchId), match),
  });
}

/** The captain says the team is ready (from 15 minutes before the match); the veto opens when both are. */
export function useReadyForMatch(teamId: string, teamKey: string, matchId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(endpoints.readyForMatch, { params: { id: teamId, matchId }, headers: teamLinkHeaders(teamKey) }),
    onSuccess: (match) => queryClient.setQueryData(captainMatchKey(teamId, matchId), match),
  });
}

/**
 * A captain's action on the match with the team link's key (claim a forfeit, report, confirm,
 * dispute): the answer replaces the match's copy, and the bracket (a confirmed result advances it)
 * is read again.
 */
function useCaptainAction<V>(teamId: string, matchId: string, call: (values: V) => Promise<MatchDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (match) => {
      queryClient.setQueryData(captainMatchKey(teamId, matchId), match);
      if (match.status === 'finished') void queryClient.invalidateQueries({ queryKey: queryKeyOf(endpoints.getBracket) });
    },
  });
}

/** The ready team claims the win when the other never got ready after the no-show allowance; the organizer decides. */
export function useClaimForfeit(teamId: string, teamKey: string, matchId: string) {
  return useCaptainAction<void>(teamId, matchId, () => callApi(endpoints.claimForfeit, { params: { id: teamId, matchId }, headers: teamLinkHeaders(teamKey) }));
}

/** The captain reports the maps and rounds; the opponent confirms or disputes before the deadline. */
export function useReportMatch(teamId: string, teamKey: string, matchId: string) {
  return useCaptainAction<CaptainReportInput>(teamId, matchId, (body) => callApi(endpoints.reportMatchAsCaptain, { params: { id: teamId, matchId }, body, headers: teamLinkHeaders(teamKey) }));
}

export function useConfirmReport(teamId: string, teamKey: string, matchId: string) {
  return useCaptainAction<void>(teamId, matchId, () => callApi(endpoints.confirmMatchReport, { params: { id: teamId, matchId }, headers: teamLinkHeaders(teamKey) }));
}

export function useDisputeReport(teamId: string, teamKey: string, matchId: string) {
  return useCaptainAction<CaptainDisputeInput>(teamId, matchId, (body) => callApi(endpoints.disputeMatchReport, { params: { id: teamId, matchId }, body, headers: teamLinkHeaders(teamKey) }));
}

/** The match's time as a calendar file (public, like the match page). */
export const matchCalendarUrl = (matchId: string) => endpointUrl(endpoints.getMatchCalendar, { params: { id: matchId } });

/**
 * A dispute's screenshot, uploaded like a logo (POST /api/upload-logo, field `logo`: sniffed and
 * re-encoded); answers its /objects/logos/... address, or throws with the server's reason.
 */
export async function uploadEvidence(file: File): Promise<string> {
  const body = new FormData();
  body.append('logo', file);
  const response = await fetch(endpointUrl(endpoints.uploadTeamLogo), { method: 'POST', body, credentials: 'include' });
  const answer = (await response.json().catch(() => ({}))) as { logoUrl?: unknown; error?: unknown };
  if (!response.ok || typeof answer.logoUrl !== 'string') throw new HttpError(response.status, JSON.stringify(answer), response.statusText);
  return answer.logoUrl;
}
