/** GET customer-add/find?term= (spec 1 §7): the company autocomplete's items (name, code), for the customer-add flow. */
import { CustomerFindResponse } from '../../../domain/contract';
import type { ApiClient } from '../client';

export function findCompanies(api: ApiClient, term: string, signal?: AbortSignal) {
  return api.get('customer-add/find', CustomerFindResponse, { signal, query: { term } });
}
