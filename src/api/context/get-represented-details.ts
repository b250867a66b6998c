/**
 * GET context/representedDetails (spec 1 §7): the back office's details of the business party being represented.
 * The server answers for the session's represented party; the key names it (gid), so a switch loads the new party's
 * details, and a save of that customer's settings invalidates them.
 */
import { queryOptions } from '@tanstack/react-query';
import { RepresentedDetailsResponse } from '../../../domain/contract';
import type { ApiClient } from '../client';
import type { QueryDeps } from '../invalidate';

export function representedDetailsQuery(api: ApiClient, gid: string | null) {
  return queryOptions({
    queryKey: ['context', 'representedDetails', gid] as const,
    queryFn: async ({ signal }) =>
      (await api.get('context/representedDetails', RepresentedDetailsResponse, { signal })).value,
  });
}

/**
 * The details for the represented-details machine (spec 1 §4 "Context changes"), through the same cache entry the
 * dashboard reads: a party's details are asked once for both.
 */
export function fetchRepresentedDetails({ api, queryClient }: QueryDeps, gid: string) {
  return queryClient.fetchQuery(representedDetailsQuery(api, gid));
}
