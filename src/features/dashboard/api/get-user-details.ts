import { useQuery } from '@tanstack/react-query';
import { userDetailsQuery } from '../../../api/queries/context';
import { usePortal } from '../../../app/PortalContext';

/** GET context/getUserDetails: the signed-in user's mobile and address (spec 1 §7). */
export function useUserDetails(fgid: string | null) {
  const { api } = usePortal();
  return useQuery({ ...userDetailsQuery(api, fgid), enabled: !!fgid });
}
