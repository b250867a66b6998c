/** user-settings/* (spec 1 §7) as TanStack Query options, for the views and the route loaders. */
import { queryOptions } from '@tanstack/react-query';
import { ServiceUrlsResponse } from '../../../machines/lib/contract';
import type { ApiClient } from '../client';

/** GET user-settings/service-urls: the package-private LOGISTICS address per domain (spec 1 §2). Rarely changes. */
export function serviceUrlsQuery(api: ApiClient) {
  return queryOptions({
    queryKey: ['user-settings', 'service-urls'] as const,
    queryFn: async ({ signal }) => (await api.get('user-settings/service-urls', ServiceUrlsResponse, { signal })).value,
    staleTime: 10 * 60_000,
  });
}
