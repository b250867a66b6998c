import { useQuery } from '@tanstack/react-query';
import { serviceUrlsQuery } from '../../../api/queries/service-urls';
import { usePortal } from '../../../app/PortalContext';

/** GET user-settings/service-urls: the package-private LOGISTICS address per domain (spec 1 §2, §7). */
export function useServiceUrls(enabled: boolean) {
  const { api } = usePortal();
  return useQuery({ ...serviceUrlsQuery(api), enabled });
}
