import { useQuery } from '@tanstack/react-query';
import { siteQuery } from '../queries/public';

/** Public site settings (name, Discord invite, social links, payment mode); undefined while loading. */
export function useSite() {
  return useQuery(siteQuery()).data;
}
