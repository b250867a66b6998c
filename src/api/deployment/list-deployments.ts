/** GET deployment/listDeployments (spec 2 §7): the deployment packages (the deployment admin page). */
import { queryOptions } from '@tanstack/react-query';
import { DeploymentsAnswer } from '../../../domain/dev-pages/contract';
import type { ApiClient } from '../client';

export const deploymentsKey = ['deployment', 'listDeployments'] as const;

export function deploymentsQuery(api: ApiClient) {
  return queryOptions({
    queryKey: deploymentsKey,
    queryFn: ({ signal }) => api.get('deployment/listDeployments', DeploymentsAnswer, { signal }),
  });
}
