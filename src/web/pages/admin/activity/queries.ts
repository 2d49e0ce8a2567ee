// The Activity tab: the audit log, a page at a time.
import { infiniteQueryOptions } from '@tanstack/react-query';
import { endpoints } from '../../../../shared/api/index';
import { queryKeyOf } from '../../../../shared/api/urls';
import { callApi } from '../../../api';

const PAGE_SIZE = 50;

/** Newest first, of every tournament ('') or of one; each page reaches back before the previous page's oldest entry. */
export const activityQuery = (tournamentId: string) =>
  infiniteQueryOptions({
    queryKey: [...queryKeyOf(endpoints.listAuditLog), tournamentId],
    queryFn: ({ pageParam }) => {
      return callApi(endpoints.listAuditLog, { query: { limit: PAGE_SIZE, before: pageParam ?? undefined, tournamentId: tournamentId || undefined } });
    },
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.nextBefore,
  });
