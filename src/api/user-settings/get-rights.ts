/** GET user-settings/rights/{userId} (spec 2 §7; another user's: EDIT_ANY_USER only): representation rights by gid. */
import { queryOptions } from '@tanstack/react-query';
import { UserRightsAnswer } from '../../../domain/user-settings';
import type { ApiClient } from '../client';

export function userRightsKey(fgid: string) {
  return ['user-settings', 'rights', fgid] as const;
}

export function userRightsQuery(api: ApiClient, fgid: string) {
  return queryOptions({
    queryKey: userRightsKey(fgid),
    queryFn: async ({ signal }) =>
      (await api.get(`user-settings/rights/${encodeURIComponent(fgid)}`, UserRightsAnswer, { signal })).value,
    staleTime: 0,
  });
}
