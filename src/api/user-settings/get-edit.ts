/** GET user-settings/edit/{userId} (spec 2 §7): the person's contact data (also the settings header: names, code). */
import { queryOptions } from '@tanstack/react-query';
import { UserEditAnswer } from '../../../machines/lib/user-settings';
import type { ApiClient } from '../client';

export function userEditKey(fgid: string) {
  return ['user-settings', 'edit', fgid] as const;
}

export function userEditQuery(api: ApiClient, fgid: string) {
  return queryOptions({
    queryKey: userEditKey(fgid),
    queryFn: ({ signal }) => api.get(`user-settings/edit/${encodeURIComponent(fgid)}`, UserEditAnswer, { signal }),
    staleTime: 0,
  });
}
