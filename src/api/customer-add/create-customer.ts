/**
 * POST customer-add/create-customer (spec 1 §7): value (registry code) → value SUCCESS or an error code. A success
 * adds the customer or updates it from the register: the searches and the customer's pages show it, so every query
 * is invalidated then.
 */
import { type z } from 'zod/mini';
import { type CreateCustomerBody, StatusValue } from '../../../domain/contract';
import { isSuccessStatus } from '../../../domain/customer-add/rules';
import type { QueryDeps } from '../invalidate';

export async function createCustomer(
  { api, queryClient }: QueryDeps,
  body: z.input<typeof CreateCustomerBody>,
  signal?: AbortSignal,
) {
  const answer = await api.post('customer-add/create-customer', body, StatusValue, { signal });
  if (isSuccessStatus(answer.value)) void queryClient.invalidateQueries();
  return answer;
}
