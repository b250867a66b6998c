/** POST customer-search/user { value: term } (spec 1 §7): a fetcher, as search-customers.ts. */
import type { z } from 'zod/mini';
import { UserSearchResponse, type SearchBody } from '../../../domain/contract';
import type { ApiClient } from '../client';

export function searchUsers(api: ApiClient, term: z.input<typeof SearchBody>, signal?: AbortSignal) {
  return api.post('customer-search/user', term, UserSearchResponse, { signal });
}
