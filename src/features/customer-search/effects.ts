import { fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client';
import { getUserContext } from '../../api/context/get-user-context';
import { searchCustomers } from '../../api/customer-search/search-customers';
import { searchUsers } from '../../api/customer-search/search-users';
import { customerSearchMachine } from '../../../machines/customerSearch.machine';

/**
 * Spec 1 §2: both searches and the add action first check that the accounting system (AXAPTA) is alive. A fresh
 * user context tells (the 30 s dead-application poll may not have run yet).
 */
async function isAccountingAlive(api: ApiClient, signal: AbortSignal): Promise<boolean> {
  const ctx = await getUserContext(api, signal);
  return !ctx.deadApplications.includes('AXAPTA');
}

/** The customer-search page's machine with its effects (the page creates one actor per visit). */
export function customerSearchWithEffects(api: ApiClient) {
  return customerSearchMachine.provide({
    actors: {
      checkAccountingAlive: fromPromise(({ signal }) => isAccountingAlive(api, signal)),
      searchCustomers: fromPromise(({ input, signal }) => searchCustomers(api, input, signal)),
      searchUsers: fromPromise(({ input, signal }) => searchUsers(api, input, signal)),
    },
  });
}
