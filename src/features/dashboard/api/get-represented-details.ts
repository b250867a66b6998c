import { queryOptions, useQuery } from '@tanstack/react-query';
import { RepresentedDetailsResponse } from '../../../../machines/lib/contract';
import { usePortal } from '../../../app/PortalContext';

/**
 * GET context/representedDetails (spec 1 §4 Context changes): the details of a business represented party are
 * fetched unless AXAPTA is marked dead (the back office holds them).
 */
export function useRepresentedDetails(gid: string | null, enabled: boolean) {
  const { api } = usePortal();
  return useQuery(
    queryOptions({
      queryKey: ['context', 'representedDetails', gid],
      queryFn: async ({ signal }) =>
        (await api.get('context/representedDetails', RepresentedDetailsResponse, { signal })).value,
      enabled: !!gid && enabled,
    }),
  );
}
