/** roles-and-packets/* (spec 1 §7) as TanStack Query options. */
import { queryOptions } from '@tanstack/react-query';
import { RolesAndPackets } from '../../../machines/lib/contract';
import type { ApiClient } from '../client';

/**
 * GET roles-and-packets/clientapp/{app}, with the configured role-request timeout (ms). Keyed by the application's
 * dead flag too: when the application comes back, its roles load again.
 */
export function rolesAndPacketsQuery(api: ApiClient, app: string, dead: boolean, timeout: number) {
  return queryOptions({
    queryKey: ['roles-and-packets', app, dead, timeout] as const,
    queryFn: ({ signal }) => api.get(`roles-and-packets/clientapp/${app}`, RolesAndPackets, { signal, timeout }),
    staleTime: 5 * 60_000,
  });
}
