// The Finance tab: the money of a tournament.
import { queryOptions } from '@tanstack/react-query';
import { endpoints } from '../../../../shared/api/index';
import { endpointQuery } from '../../../api';

/** What came in, what the provider kept, what went back. */
export const financeQuery = (tournamentId: string | undefined) =>
  queryOptions({
    ...endpointQuery(endpoints.getFinance, { params: { id: tournamentId ?? '' } }),
    enabled: !!tournamentId,
    // Money moves while the tab is closed (refunds, webhooks): fresh figures each time it opens.
    staleTime: 0,
  });
