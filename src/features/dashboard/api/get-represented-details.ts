import { useQuery } from '@tanstack/react-query';
import { representedDetailsQuery } from '../../../api/queries/context';
import { usePortal } from '../../../app/PortalContext';

/**
 * GET context/representedDetails (spec 1 §4 Context changes): the details of a business represented party are
 * fetched unless AXAPTA is marked dead (the back office holds them).
 */
export function useRepresentedDetails(gid: string | null, enabled: boolean) {
  const { api } = usePortal();
  return useQuery({ ...representedDetailsQuery(api, gid), enabled: !!gid && enabled });
}
