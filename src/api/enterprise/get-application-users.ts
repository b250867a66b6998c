/**
 * GET enterprise/users/clientapp/{clientapp}/{customerId} (spec 2 §7), with the role-request timeout of the
 * configuration: the customer's users with their roles in one application. A fetcher: the rights list machine holds
 * the answer, and loads it again after a save.
 */
import { EnterpriseUsersAnswer } from '../../../machines/lib/represented-settings';
import type { ApiClient } from '../client';

export function getApplicationUsers(
  api: ApiClient,
  application: string,
  customerId: string,
  timeout: number,
  signal?: AbortSignal,
) {
  const path = `enterprise/users/clientapp/${encodeURIComponent(application)}/${encodeURIComponent(customerId)}`;
  return api.get(path, EnterpriseUsersAnswer, { signal, timeout });
}
