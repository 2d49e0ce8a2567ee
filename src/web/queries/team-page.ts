import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TeamPageData } from '../../shared/schemas/team-page';
import type { RosterFormInput } from '../../shared/schemas/team';
import { apiJson, apiRequest } from '../api';

/** The team link's key travels in a header, never in the API's URLs (they may be logged on the way). */
export const teamLinkHeaders = (key: string) => ({ Authorization: `Bearer ${key}` });

export const managedTeamKey = (teamId: string) => ['manage', teamId] as const;

export const managedTeamQuery = (teamId: string, key: string | null) =>
  queryOptions<TeamPageData>({
    queryKey: managedTeamKey(teamId),
    queryFn: () => apiJson<TeamPageData>('GET', `/api/manage/${teamId}`, undefined, teamLinkHeaders(key ?? '')),
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
  return useTeamChange(teamId, key, (roster: RosterFormInput) => apiJson<TeamPageData>('PUT', `/api/manage/${teamId}/roster`, roster, teamLinkHeaders(key)));
}

export function useWithdrawTeam(teamId: string, key: string) {
  return useTeamChange(teamId, key, () => apiJson<TeamPageData>('POST', `/api/manage/${teamId}/withdraw`, undefined, teamLinkHeaders(key)));
}

/** Claims the spot offered from the waitlist: the team then pays like any registration (resumePayment). */
export function claimOffer(teamId: string, key: string): Promise<TeamPageData> {
  return apiJson<TeamPageData>('POST', `/api/manage/${teamId}/claim-offer`, undefined, teamLinkHeaders(key));
}

export function resumePayment(teamId: string, key: string): Promise<{ clientSecret: string }> {
  return apiJson<{ clientSecret: string }>('POST', `/api/manage/${teamId}/resume-payment`, undefined, teamLinkHeaders(key));
}

export async function exportTeamData(teamId: string, key: string): Promise<Blob> {
  const response = await apiRequest('GET', `/api/manage/${teamId}/export`, undefined, teamLinkHeaders(key));
  return new Blob([await response.text()], { type: 'application/json' });
}

export function useEraseOurData(teamId: string, key: string) {
  return useMutation({ mutationFn: () => apiRequest('POST', `/api/manage/${teamId}/erase`, undefined, teamLinkHeaders(key)) });
}
