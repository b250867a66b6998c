/** user-settings/* (spec 1 §7, spec 2 §7) as TanStack Query options, for the views and the route loaders. */
import { queryOptions } from '@tanstack/react-query';
import { Preference } from '../../../machines/lib/contract';
import {
  PasswordSettingsAnswer,
  RoleListAnswer,
  UserEditAnswer,
  UserRightsAnswer,
} from '../../../machines/lib/user-settings';
import type { ApiClient } from '../client';

// GET user-settings/service-urls lives in ./service-urls.ts (the dashboard reads it; issue 12)
export { serviceUrlsQuery } from './service-urls';

const user = (fgid: string) => encodeURIComponent(fgid);

/** GET user-settings/edit/{userId}: the person's contact data (also the settings header: names, personal code). */
export function userEditQuery(api: ApiClient, fgid: string) {
  return queryOptions({
    queryKey: ['user-settings', 'edit', fgid] as const,
    queryFn: ({ signal }) => api.get(`user-settings/edit/${user(fgid)}`, UserEditAnswer, { signal }),
    staleTime: 0,
  });
}

/** GET user-settings/roles/clientapp/OSS/{userId}, with the configured role-request timeout (spec 2 §7). */
export function ossRolesQuery(api: ApiClient, fgid: string, timeout: number) {
  return queryOptions({
    queryKey: ['user-settings', 'roles', 'OSS', fgid, timeout] as const,
    queryFn: ({ signal }) =>
      api.get(`user-settings/roles/clientapp/OSS/${user(fgid)}`, RoleListAnswer, { signal, timeout }),
    staleTime: 0,
  });
}

/** GET user-settings/password/{userId} */
export function passwordSettingsQuery(api: ApiClient, fgid: string) {
  return queryOptions({
    queryKey: ['user-settings', 'password', fgid] as const,
    queryFn: ({ signal }) => api.get(`user-settings/password/${user(fgid)}`, PasswordSettingsAnswer, { signal }),
    staleTime: 0,
  });
}

/** GET user-settings/preferences/{userId} (another user's: EDIT_ANY_USER only, spec 2 §6) */
export function preferencesQuery(api: ApiClient, fgid: string) {
  return queryOptions({
    queryKey: ['user-settings', 'preferences', fgid] as const,
    queryFn: ({ signal }) => api.get(`user-settings/preferences/${user(fgid)}`, Preference, { signal }),
    staleTime: 0,
  });
}

/** GET user-settings/rights/{userId} (another user's: EDIT_ANY_USER only): representation rights by gid */
export function userRightsQuery(api: ApiClient, fgid: string) {
  return queryOptions({
    queryKey: ['user-settings', 'rights', fgid] as const,
    queryFn: async ({ signal }) =>
      (await api.get(`user-settings/rights/${user(fgid)}`, UserRightsAnswer, { signal })).value,
    staleTime: 0,
  });
}
