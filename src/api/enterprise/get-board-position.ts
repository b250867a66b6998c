/**
 * GET enterprise/users/position/{customerId}/{userId}: the position the person holds in the customer's company in the
 * business register (the rights modal's job title, spec 2 §2), null when none. Register data: it is read while the
 * modal shows the person and not kept longer.
 */
import { queryOptions } from '@tanstack/react-query';
import { BoardPositionAnswer } from '../../../domain/represented-settings';
import type { ApiClient } from '../client';

export function boardPositionQuery(api: ApiClient, customerId: string, userId: string | null) {
  return queryOptions({
    queryKey: ['enterprise', 'position', customerId, userId] as const,
    queryFn: ({ signal }) =>
      api.get(
        `enterprise/users/position/${encodeURIComponent(customerId)}/${encodeURIComponent(userId ?? '')}`,
        BoardPositionAnswer,
        { signal },
      ),
    enabled: userId !== null,
    staleTime: 0,
    retry: false,
  });
}
