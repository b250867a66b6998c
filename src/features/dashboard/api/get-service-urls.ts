import { queryOptions, useQuery } from '@tanstack/react-query';
import { ServiceUrlsResponse } from '../../../../machines/lib/contract';
import { usePortal } from '../../../app/PortalContext';

/** GET user-settings/service-urls: the package-private LOGISTICS address per domain (spec 1 §2, §7). */
export function useServiceUrls(enabled: boolean) {
  const { api } = usePortal();
  return useQuery(
    queryOptions({
      queryKey: ['user-settings', 'service-urls'],
      queryFn: async ({ signal }) =>
        (await api.get('user-settings/service-urls', ServiceUrlsResponse, { signal })).value,
      enabled,
      staleTime: 10 * 60_000,
    }),
  );
}
