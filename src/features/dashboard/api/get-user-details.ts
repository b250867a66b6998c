import { queryOptions, useQuery } from '@tanstack/react-query';
import { UserDetails } from '../../../../machines/lib/contract';
import { usePortal } from '../../../app/PortalContext';

/** GET context/getUserDetails: the signed-in user's mobile and address (spec 1 §7). */
export function useUserDetails(fgid: string | null) {
  const { api } = usePortal();
  return useQuery(
    queryOptions({
      queryKey: ['context', 'userDetails', fgid],
      queryFn: ({ signal }) => api.get('context/getUserDetails', UserDetails, { signal }),
      enabled: !!fgid,
    }),
  );
}
