import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import * as privacy from '../../shared/api/privacy';
import * as teamPage from '../../shared/api/team-page';
import { queryKeyOf } from '../../shared/api/urls';
import type { TeamPageData } from '../../shared/schemas/team-page';
import type { RosterFormInput } from '../../shared/schemas/team';
import type { RegisterAgainInput, RegisterAgainResult } from '../../shared/schemas/register-again';
import { apiRequest, callApi, endpointUrl } from '../api';

// The areas called here, not every endpoint (shared/api/index.ts `endpoints`).
const endpoints = { ...privacy, ...teamPage };

/**
 * The team link's key travels in a header, never in the API's URLs (they may be logged on the way).
 * No key (''): a captain signed in with Discord opens their team page without one, by the session cookie alone.
 */
export const teamLinkHeaders = (key: string): Record<string, string> => (key ? { Authorization: `Bearer ${key}` } : {});

export const managedTeamKey = (teamId: string) => queryKeyOf(endpoints.getTeamPage, { id: teamId });

export const managedTeamQuery = (teamId: string, key: string | null) =>
  queryOptions({
    queryKey: managedTeamKey(teamId),
    queryFn: () => callApi(endpoints.getTeamPage, { params: { id: teamId }, headers: teamLinkHeaders(key ?? '') }),
    // '' asks with the Discord sign-in alone (the team page); null does not ask (the confirmation page needs the key).
    enabled: key !== null,
  });

/** Every change answers with the team as it now is, which replaces the page's copy. */
function useTeamChange<Input>(teamId: string, key: string, send: (input: Input) => Promise<TeamPageData>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (team) => queryClient.setQueryData(managedTeamKey(teamId), team),
  });
}

export function useChangeRoster(teamId: string, key: string) {
  return useTeamChange(teamId, key, (roster: RosterFormInput) => callApi(endpoints.changeRoster, { params: { id: teamId }, body: roster, headers: teamLinkHeaders(key) }));
}

export function useWithdrawTeam(teamId: string, key: string) {
  return useTeamChange(teamId, key, () => callApi(endpoints.withdrawTeam, { params: { id: teamId }, headers: teamLinkHeaders(key) }));
}

/** Claims the spot offered from the waitlist: the team then pays like any registration (resumePayment). */
export function claimOffer(teamId: string, key: string): Promise<TeamPageData> {
  return callApi(endpoints.claimWaitlistOffer, { params: { id: teamId }, headers: teamLinkHeaders(key) });
}

export function resumePayment(teamId: string, key: string): Promise<{ clientSecret: string }> {
  return callApi(endpoints.resumePayment, { params: { id: teamId }, headers: teamLinkHeaders(key) });
}

export async function exportTeamData(teamId: string, key: string): Promise<Blob> {
  const response = await apiRequest('GET', endpointUrl(endpoints.exportOwnTeamData, { params: { id: teamId } }), undefined, teamLinkHeaders(key));
  return new Blob([await response.text()], { type: 'application/json' });
}

export function useEraseOurData(teamId: string, key: string) {
  return useMutation({ mutationFn: () => callApi(endpoints.eraseOwnTeamData, { params: { id: teamId }, headers: teamLinkHeaders(key) }) });
}

/** The cups open now that this team can register for again (GET /api/manage/{id}/register-again). */
export const cupsToRegisterAgainQuery = (teamId: string, key: string) =>
  queryOptions({
    queryKey: queryKeyOf(endpoints.listCupsToRegisterAgain, { id: teamId }),
    queryFn: () => callApi(endpoints.listCupsToRegisterAgain, { params: { id: teamId }, headers: teamLinkHeaders(key) }),
  });

/** The same team for another cup: a new registration with its own team link. */
export function registerAgain(teamId: string, key: string, body: RegisterAgainInput): Promise<RegisterAgainResult> {
  return callApi(endpoints.registerAgain, { params: { id: teamId }, body, headers: teamLinkHeaders(key) });
}
