// The Finance tab: the money of a tournament.
import { queryOptions } from '@tanstack/react-query';
import type { Finance } from '../../../../shared/schemas/finance';
import { apiJson } from '../../../api';

/** What came in, what the provider kept, what went back. */
export const financeQuery = (tournamentId: string | undefined) =>
  queryOptions<Finance>({
    queryKey: ['/api/tournaments', tournamentId, 'finance'],
    queryFn: () => apiJson<Finance>('GET', `/api/tournaments/${tournamentId!}/finance`),
    enabled: !!tournamentId,
    // Money moves while the tab is closed (refunds, webhooks): fresh figures each time it opens.
    staleTime: 0,
  });
