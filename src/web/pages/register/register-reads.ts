import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { activeTournamentQuery, capacityQuery, openTournamentsQuery, siteQuery } from '../../queries/public';
import { pendingRegistrationQuery } from '../../queries/registration';

/** What /register's island hydrates with: the reads the server rendered it from, and when. */
export interface RegisterIslandProps {
  reads: [QueryKey, unknown][];
  renderedAt: number | null;
}

/** The reads /register renders from (the server inlines them: server/site/page-data.ts), as `client` holds them. */
export function readsOfRegisterPage(client: QueryClient): [QueryKey, unknown][] {
  const active = client.getQueryData(activeTournamentQuery().queryKey);
  const keys: QueryKey[] = [siteQuery().queryKey, activeTournamentQuery().queryKey, openTournamentsQuery().queryKey];
  if (active) keys.push(capacityQuery(active.id).queryKey, pendingRegistrationQuery(active.id).queryKey);
  return keys.flatMap((key) => {
    const data = client.getQueryData(key);
    return data === undefined ? [] : [[key, data] as [QueryKey, unknown]];
  });
}
