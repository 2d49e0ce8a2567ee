// The Settings tab: the organizer's site settings.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminSiteSettings, SiteSettingsInput } from '../../../../shared/schemas/site';
import { apiJson } from '../../../api';
import { queryKeys } from '../../../queries/public';
import { onAdminError } from '../shared/queries';

const siteSettingsKey = ['/api/admin/settings'] as const;

/** The organizer's site settings and the checklist of what is still unset. */
export const siteSettingsQuery = () => queryOptions<AdminSiteSettings>({ queryKey: siteSettingsKey });

/** PUT /api/admin/settings: every page reads the new values (the site query too, at once here). */
export function useSaveSiteSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SiteSettingsInput) => apiJson<AdminSiteSettings>('PUT', '/api/admin/settings', input),
    onSuccess: (saved) => {
      queryClient.setQueryData(siteSettingsKey, saved);
      return queryClient.invalidateQueries({ queryKey: queryKeys.site });
    },
    onError: onAdminError(queryClient),
  });
}
