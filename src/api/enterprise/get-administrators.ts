/**
 * GET enterprise/users/administrators/{customerId} (spec 2 §7): the customer's main administrators. The rights list
 * machine holds the answer for its page (machines/rightsList.machine.ts), so this is a fetcher.
 */
import { AdminsAnswer } from '../../../domain/represented-settings';
import type { ApiClient } from '../client';

export function getAdministrators(api: ApiClient, customerId: string, signal?: AbortSignal) {
  return api.get(`enterprise/users/administrators/${encodeURIComponent(customerId)}`, AdminsAnswer, { signal });
}
