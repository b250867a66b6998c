/** GET context/getUserDetails (spec 1 §7): the signed-in user's mobile and address (the dashboard's user card). */
import { queryOptions } from '@tanstack/react-query';
import { UserDetails } from '../../../domain/contract';
import type { ApiClient } from '../client';

export function userDetailsQuery(api: ApiClient, fgid: string | null) {
  return queryOptions({
    queryKey: ['context', 'userDetails', fgid] as const,
    queryFn: ({ signal }) => api.get('context/getUserDetails', UserDetails, { signal }),
  });
}
