/**
 * GET user-settings/service-urls (spec 1 §2, §7), apart from the other user-settings queries: the dashboard (the
 * first screen) reads it, and the user-settings answers' schemas need not load with it (issue 12).
 */
import { queryOptions } from '@tanstack/react-query';
import { ServiceUrlsResponse } from '../../../machines/lib/contract';
import type { ApiClient } from '../client';

/**
 * The package-private LOGISTICS address per domain (spec 1 §2). The addresses carry the session's language, which
 * can change at any time, so every use asks again (the cached answer shows meanwhile).
 */
export function serviceUrlsQuery(api: ApiClient) {
  return queryOptions({
    queryKey: ['user-settings', 'service-urls'] as const,
    queryFn: async ({ signal }) => (await api.get('user-settings/service-urls', ServiceUrlsResponse, { signal })).value,
    staleTime: 0,
  });
}
