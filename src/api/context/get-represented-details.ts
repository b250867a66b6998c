/**
 * GET context/representedDetails (spec 1 §7): the back office's details of the business party being represented.
 * The server answers for the session's represented party; the key names it (gid), so a switch loads the new party's
 * details, and a save of that customer's settings invalidates them.
 */
import { queryOptions } from '@tanstack/react-query';
import { RepresentedDetailsResponse } from '../../../machines/lib/contract';
import type { ApiClient } from '../client';

export function representedDetailsQuery(api: ApiClient, gid: string | null) {
  return queryOptions({
    queryKey: ['context', 'representedDetails', gid] as const,
    queryFn: async ({ signal }) =>
      (await api.get('context/representedDetails', RepresentedDetailsResponse, { signal })).value,
  });
}
