/** Business customer settings and rights (spec 2 §7 settings/*, enterprise/users/*, user/*) as fetchers and queries. */
import { queryOptions } from '@tanstack/react-query';
import {
  AdminsAnswer,
  EnterpriseUsersAnswer,
  RepresentedCustomer,
  SaveAnswer,
  UserLookup,
  type SaveCommand,
  type SettingsSaveBody,
} from '../../../machines/lib/represented-settings';
import { ApiError, type ApiClient } from '../client';

const enc = encodeURIComponent;

/** POST settings/get { value: customerId } → the represented customer (spec 2 §7). */
export function representedCustomerQuery(api: ApiClient, customerId: string) {
  return queryOptions({
    queryKey: ['represented-settings', 'customer', customerId] as const,
    queryFn: ({ signal }) => api.post('settings/get', { value: customerId }, RepresentedCustomer, { signal }),
    staleTime: 0,
  });
}

/** POST settings → the customer as saved. */
export function saveRepresentedCustomer(api: ApiClient, body: SettingsSaveBody, signal?: AbortSignal) {
  return api.post('settings', body, RepresentedCustomer, { signal });
}

/** GET enterprise/users/administrators/{customerId}. */
export function loadAdmins(api: ApiClient, customerId: string, signal?: AbortSignal) {
  return api.get(`enterprise/users/administrators/${enc(customerId)}`, AdminsAnswer, { signal });
}

/** GET enterprise/users/clientapp/{app}/{customerId}, with the role-request timeout of the configuration. */
export function loadEnterpriseUsers(
  api: ApiClient,
  application: string,
  customerId: string,
  timeout: number,
  signal?: AbortSignal,
) {
  return api.get(`enterprise/users/clientapp/${enc(application)}/${enc(customerId)}`, EnterpriseUsersAnswer, {
    signal,
    timeout,
  });
}

/** GET user/{gid}: the person as the system knows them, null when unknown (404). */
export async function lookupUser(api: ApiClient, userId: string, signal?: AbortSignal): Promise<UserLookup | null> {
  try {
    return await api.get(`user/${enc(userId)}`, UserLookup, { signal });
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return null;
    throw e;
  }
}

/** POST user/role/add (a new user) or user/role/edit → the applications whose save failed. */
export async function saveRights(
  api: ApiClient,
  mode: 'new' | 'edit',
  command: SaveCommand,
  signal?: AbortSignal,
): Promise<string[]> {
  const answer = await api.post(`user/role/${mode === 'new' ? 'add' : 'edit'}`, command, SaveAnswer, { signal });
  return answer.value;
}
