/**
 * GET roles-and-packets/clientapp/{clientapp} (spec 1 §7), with the configured role-request timeout (ms): the
 * application and its packets with categories and roles.
 */
import { queryOptions } from '@tanstack/react-query';
import { RolesAndPackets } from '../../../domain/contract';
import type { ApiClient } from '../client';

/** The external application flow asks afresh on every page (its machine holds the answer): no cache. */
export function getRolesAndPackets(
  api: ApiClient,
  app: string,
  timeout: number,
  signal?: AbortSignal,
): Promise<RolesAndPackets> {
  return api.get(`roles-and-packets/clientapp/${encodeURIComponent(app)}`, RolesAndPackets, { signal, timeout });
}

/**
 * For the views and the rights pages. Keyed by the application's dead flag too: when the application comes back,
 * its roles load again.
 */
export function rolesAndPacketsQuery(api: ApiClient, app: string, dead: boolean, timeout: number) {
  // the client is the portal's one and the same for every answer: not part of the key
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return queryOptions({
    queryKey: ['roles-and-packets', app, dead, timeout] as const,
    queryFn: ({ signal }) => getRolesAndPackets(api, app, timeout, signal),
    staleTime: 5 * 60_000,
  });
}
