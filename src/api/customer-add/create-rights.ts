/**
 * POST customer-add/create-rights (spec 1 §7): customerId, customerName, email → value SUCCESS or an error code. A
 * success gives the person a right to the company, which only the user context shows; the customer-add flow loads
 * that again as the modal closes and hands it on with the close (src/features/customer-add: the represented
 * choice needs it then), so no query is invalidated here.
 */
import { type z } from 'zod/mini';
import { type CreateRightsBody, StatusValue } from '../../../machines/lib/contract';
import type { ApiClient } from '../client';

export function createRights(api: ApiClient, body: z.input<typeof CreateRightsBody>, signal?: AbortSignal) {
  return api.post('customer-add/create-rights', body, StatusValue, { signal });
}
