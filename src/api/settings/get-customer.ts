/** POST settings/get { value: customerId } (spec 2 §7): the represented customer, for its settings and rights pages. */
import { queryOptions } from '@tanstack/react-query';
import { RepresentedCustomer } from '../../../machines/lib/represented-settings';
import type { ApiClient } from '../client';

/** keyed by the customer id (its jgid) */
export function representedCustomerKey(customerId: string) {
  return ['represented-settings', 'customer', customerId] as const;
}

export function representedCustomerQuery(api: ApiClient, customerId: string) {
  return queryOptions({
    queryKey: representedCustomerKey(customerId),
    queryFn: ({ signal }) => api.post('settings/get', { value: customerId }, RepresentedCustomer, { signal }),
    staleTime: 0,
  });
}
