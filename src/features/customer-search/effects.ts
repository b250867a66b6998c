import { fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client';
import { customerSearchMachine } from '../../../machines/customerSearch.machine';
import { isAccountingAlive, searchCustomers, searchUsers } from './api/customer-search';

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
