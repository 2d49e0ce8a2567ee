// The Settings tab: the organizer's site settings.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SiteSettingsInput } from '../../../../shared/schemas/site';
import { endpoints } from '../../../../shared/api/index';
import { queryKeyOf } from '../../../../shared/api/urls';
import { callApi, endpointQuery } from '../../../api';
import { queryKeys } from '../../../queries/public';
import { onAdminError } from '../shared/queries';

const siteSettingsKey = queryKeyOf(endpoints.getAdminSettings);

/** The organizer's site settings and the checklist of what is still unset. */
export const siteSettingsQuery = () => queryOptions(endpointQuery(endpoints.getAdminSettings));

/** PUT /api/admin/settings: every page reads the new values (the site query too, at once here). */
export function useSaveSiteSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SiteSettingsInput) => callApi(endpoints.updateAdminSettings, { body: input }),
    onSuccess: (saved) => {
      queryClient.setQueryData(siteSettingsKey, saved);
      return queryClient.invalidateQueries({ queryKey: queryKeys.site });
    },
    onError: onAdminError(queryClient),
  });
}
