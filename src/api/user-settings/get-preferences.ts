/** GET user-settings/preferences/{userId} (spec 2 §7; another user's: EDIT_ANY_USER only, spec 2 §6). */
import { queryOptions } from '@tanstack/react-query';
import { Preference } from '../../../machines/lib/contract';
import type { ApiClient } from '../client';

export function preferencesKey(fgid: string) {
  return ['user-settings', 'preferences', fgid] as const;
}

export function preferencesQuery(api: ApiClient, fgid: string) {
  return queryOptions({
    queryKey: preferencesKey(fgid),
    queryFn: ({ signal }) => api.get(`user-settings/preferences/${encodeURIComponent(fgid)}`, Preference, { signal }),
    staleTime: 0,
  });
}
