// The Activity tab: the audit log, a page at a time.
import { infiniteQueryOptions } from '@tanstack/react-query';
import type { AuditPage } from '../../../../shared/schemas/audit';
import { apiJson } from '../../../api';

const PAGE_SIZE = 50;

/** Newest first, of every tournament ('') or of one; each page reaches back before the previous page's oldest entry. */
export const activityQuery = (tournamentId: string) =>
  infiniteQueryOptions({
    queryKey: ['/api/admin/audit', tournamentId],
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({ limit: String(PAGE_SIZE) });
      if (pageParam) params.set('before', String(pageParam));
      if (tournamentId) params.set('tournamentId', tournamentId);
      return apiJson<AuditPage>('GET', `/api/admin/audit?${params}`);
    },
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.nextBefore,
  });
