/** GET deployment/listBundles (spec 2 §7): the installed bundles (the deployment admin page). */
import { queryOptions } from '@tanstack/react-query';
import { BundlesAnswer } from '../../../domain/dev-pages/contract';
import type { ApiClient } from '../client';

export const bundlesKey = ['deployment', 'listBundles'] as const;

export function bundlesQuery(api: ApiClient) {
  return queryOptions({
    queryKey: bundlesKey,
    queryFn: ({ signal }) => api.get('deployment/listBundles', BundlesAnswer, { signal }),
  });
}
