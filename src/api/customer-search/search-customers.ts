/**
 * POST customer-search/customer { value: term } (spec 1 §7). The customerSearch machine keeps the rows of one search
 * (paging and sorting need no further request), so this is a fetcher, not a query.
 */
import type { z } from 'zod/mini';
import { CustomerSearchResponse, type SearchBody } from '../../../domain/contract';
import type { ApiClient } from '../client';

export function searchCustomers(api: ApiClient, term: z.input<typeof SearchBody>, signal?: AbortSignal) {
  return api.post('customer-search/customer', term, CustomerSearchResponse, { signal });
}
