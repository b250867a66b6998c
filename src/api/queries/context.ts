/**
 * context/* (spec 1 §7) as TanStack Query options: the key and the fetcher of each call live here, once, for the
 * views (useQuery) and the route loaders (ensureQueryData). The user context itself is not here: the session
 * machine loads and replaces it (machines/session.machine.ts).
 */
import { queryOptions } from '@tanstack/react-query';
import { RepresentedDetailsResponse, UserDetails } from '../../../machines/lib/contract';
import type { ApiClient } from '../client';

/** GET context/getUserDetails: the signed-in user's mobile and address, keyed by the user (fgid). */
export function userDetailsQuery(api: ApiClient, fgid: string | null) {
  return queryOptions({
    queryKey: ['context', 'userDetails', fgid] as const,
    queryFn: ({ signal }) => api.get('context/getUserDetails', UserDetails, { signal }),
  });
}

/**
 * GET context/representedDetails: the back office's details of the business party being represented. The server
 * answers for the session's represented party; the key names it (gid), so a switch loads the new party's details.
 */
export function representedDetailsQuery(api: ApiClient, gid: string | null) {
  return queryOptions({
    queryKey: ['context', 'representedDetails', gid] as const,
    queryFn: async ({ signal }) =>
      (await api.get('context/representedDetails', RepresentedDetailsResponse, { signal })).value,
  });
}
