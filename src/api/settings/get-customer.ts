/**
 * POST settings/get { value: customerId } (spec 2 §7): the represented customer, for its settings and rights pages.
 * The answer's ETag is the customer data's version (RFC 9110): the data form sends it back as If-Match with its save.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { RepresentedCustomer } from '../../../domain/represented-settings';
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

/**
 * The customer as stored now with its version (the ETag; null from a backend that keeps none), for the data form; it
 * is also written into the query, which the settings page shows.
 */
export async function getVersionedCustomer(
  deps: { api: ApiClient; queryClient: QueryClient },
  customerId: string,
  signal?: AbortSignal,
): Promise<{ customer: RepresentedCustomer; etag: string | null }> {
  let etag: string | null = null;
  const customer = await deps.api.post('settings/get', { value: customerId }, RepresentedCustomer, {
    signal,
    onETag: (e) => (etag = e),
  });
  deps.queryClient.setQueryData(representedCustomerKey(customerId), customer);
  return { customer, etag };
}
