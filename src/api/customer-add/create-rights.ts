/**
 * POST customer-add/create-rights (spec 1 §7): customerId, customerName, email → value SUCCESS or an error code. A
 * success gives the person a right to the company: a new party in every answer about their rights, so every query
 * is invalidated then. The user context shows it too; the portal reloads that as the customer-add modal closes (the
 * represented choice needs it then: machines/pages.machine.ts).
 */
import { type z } from 'zod/mini';
import { type CreateRightsBody, StatusValue } from '../../../domain/contract';
import { isSuccessStatus } from '../../../domain/customer-add/rules';
import type { QueryDeps } from '../invalidate';

export async function createRights(
  { api, queryClient }: QueryDeps,
  body: z.input<typeof CreateRightsBody>,
  signal?: AbortSignal,
) {
  const answer = await api.post('customer-add/create-rights', body, StatusValue, { signal });
  if (isSuccessStatus(answer.value)) void queryClient.invalidateQueries();
  return answer;
}
