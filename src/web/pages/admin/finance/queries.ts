// The Finance tab: the money of a tournament.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '../../../../shared/api/index';
import type { PrizeList, PrizePayoutInput, PrizeSplitInput } from '../../../../shared/schemas/prizes';
import { callApi, endpointQuery, HttpError } from '../../../api';

/** What came in, what the provider kept, what went back. */
export const financeQuery = (tournamentId: string | undefined) =>
  queryOptions({
    ...endpointQuery(endpoints.getFinance, { params: { id: tournamentId ?? '' } }),
    enabled: !!tournamentId,
    // Money moves while the tab is closed (refunds, webhooks): fresh figures each time it opens.
    staleTime: 0,
  });

/** The split and the payouts answer with the prizes as they now are; the finance view reads them too. */
export function usePrizeChange<Input>(tournamentId: string, send: (input: Input) => Promise<PrizeList>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: financeQuery(tournamentId).queryKey }),
  });
}

export const setPrizeSplit = (tournamentId: string) => (prizes: PrizeSplitInput['prizes']) => callApi(endpoints.setPrizeSplit, { params: { id: tournamentId }, body: { prizes } });

export const recordPrizePayout = (tournamentId: string) => ({ placement, payout }: { placement: number; payout: PrizePayoutInput }) =>
  callApi(endpoints.recordPrizePayout, { params: { id: tournamentId, placement }, body: payout });

/** The server's message in an error answer (`{ error }`), or a general one. */
export function problemOf(error: unknown, fallback: string): string {
  if (!(error instanceof HttpError)) return fallback;
  try {
    return (JSON.parse(error.body) as { error?: string }).error ?? fallback;
  } catch {
    return fallback;
  }
}
