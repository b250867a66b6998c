/** GET address/search?q=&limit= (domain/address.ts): the address register's suggestions for a text. */
import { queryOptions } from '@tanstack/react-query';
import { AddressSearchAnswer, ADDRESS_SUGGESTIONS_DEFAULT } from '../../../domain/address';
import type { ApiClient } from '../client';

export function addressSearchQuery(api: ApiClient, q: string) {
  return queryOptions({
    queryKey: ['address', 'search', q] as const,
    queryFn: async ({ signal }) =>
      (
        await api.get('address/search', AddressSearchAnswer, {
          signal,
          query: { q, limit: ADDRESS_SUGGESTIONS_DEFAULT },
        })
      ).value,
    staleTime: 5 * 60_000,
  });
}
