/** GET user-settings/roles/clientapp/OSS/{userId} (spec 2 §7), with the configured role-request timeout. */
import { queryOptions } from '@tanstack/react-query';
import { RoleListAnswer } from '../../../domain/user-settings';
import type { ApiClient } from '../client';

/** the person's OSS roles (a prefix of the query's key, which adds the timeout) */
export function ossRolesKey(fgid: string) {
  return ['user-settings', 'roles', 'OSS', fgid] as const;
}

export function ossRolesQuery(api: ApiClient, fgid: string, timeout: number) {
  return queryOptions({
    queryKey: [...ossRolesKey(fgid), timeout] as const,
    queryFn: ({ signal }) =>
      api.get(`user-settings/roles/clientapp/OSS/${encodeURIComponent(fgid)}`, RoleListAnswer, { signal, timeout }),
    staleTime: 0,
  });
}
