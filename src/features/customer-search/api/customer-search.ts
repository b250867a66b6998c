/**
 * customer-search/* (spec 1 §7) and the accounting check before each search. The customerSearch machine runs these
 * as its actors and keeps the rows of one search (paging and sorting need no further request), so they are plain
 * fetchers, not query options; each passes on the signal, so leaving a state aborts its request.
 */
import type { z } from 'zod/mini';
import {
  CustomerSearchResponse,
  UserContext,
  UserSearchResponse,
  type SearchBody,
} from '../../../../machines/lib/contract';
import type { ApiClient } from '../../../api/client';

type Term = z.input<typeof SearchBody>;

/** POST customer-search/customer { value: term } */
export function searchCustomers(api: ApiClient, term: Term, signal: AbortSignal) {
  return api.post('customer-search/customer', term, CustomerSearchResponse, { signal });
}

/** POST customer-search/user { value: term } */
export function searchUsers(api: ApiClient, term: Term, signal: AbortSignal) {
  return api.post('customer-search/user', term, UserSearchResponse, { signal });
}

/**
 * Spec 1 §2: both searches and the add action first check that the accounting system (AXAPTA) is alive. A fresh
 * user context tells (the 30 s dead-application poll may not have run yet).
 */
export async function isAccountingAlive(api: ApiClient, signal: AbortSignal): Promise<boolean> {
  const ctx = await api.get('context/getUserContext', UserContext, { signal });
  return !ctx.deadApplications.includes('AXAPTA');
}
