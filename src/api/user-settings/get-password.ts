/** GET user-settings/password/{userId} (spec 2 §7): username, passwordUsed, canDisablePassword. */
import { queryOptions } from '@tanstack/react-query';
import { PasswordSettingsAnswer } from '../../../domain/user-settings';
import type { ApiClient } from '../client';

export function passwordSettingsKey(fgid: string) {
  return ['user-settings', 'password', fgid] as const;
}

export function passwordSettingsQuery(api: ApiClient, fgid: string) {
  return queryOptions({
    queryKey: passwordSettingsKey(fgid),
    queryFn: ({ signal }) =>
      api.get(`user-settings/password/${encodeURIComponent(fgid)}`, PasswordSettingsAnswer, { signal }),
    staleTime: 0,
  });
}
