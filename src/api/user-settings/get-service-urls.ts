/**
 * GET user-settings/service-urls (spec 1 §2, §7; spec 2 §7): the package-private LOGISTICS address per domain. The
 * addresses carry the session's language, which can change at any time, so every use asks again (the cached answer
 * shows meanwhile). The dashboard (the first screen) reads it: no other user-settings schema loads with it.
 */
import { queryOptions } from '@tanstack/react-query';
import { ServiceUrlsResponse } from '../../../domain/contract';
import type { ApiClient } from '../client';

export const serviceUrlsKey = ['user-settings', 'service-urls'] as const;

export function serviceUrlsQuery(api: ApiClient) {
  return queryOptions({
    queryKey: serviceUrlsKey,
    queryFn: async ({ signal }) => (await api.get('user-settings/service-urls', ServiceUrlsResponse, { signal })).value,
    staleTime: 0,
  });
}
