/**
 * POST customer-add/create-customer (spec 1 §7): value (registry code) → value SUCCESS or an error code. As with
 * create-rights, the user context is what shows the result, and the customer-add flow hands a fresh one on as the
 * modal closes, so no query is invalidated here.
 */
import { type z } from 'zod/mini';
import { type CreateCustomerBody, StatusValue } from '../../../machines/lib/contract';
import type { ApiClient } from '../client';

export function createCustomer(api: ApiClient, body: z.input<typeof CreateCustomerBody>, signal?: AbortSignal) {
  return api.post('customer-add/create-customer', body, StatusValue, { signal });
}
