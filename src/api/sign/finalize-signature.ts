/**
 * POST sign/finalize (spec 1 §7): the ID-card's signature → status. Its SUCCESS ends the signing flow, which then
 * loads the user context again itself (accountServiceRedirect in src/features/customer-add).
 */
import { type z } from 'zod/mini';
import { type FinalizeBody, StatusResponse } from '../../../domain/contract';
import type { ApiClient } from '../client';

export function finalizeSignature(api: ApiClient, body: z.input<typeof FinalizeBody>, signal?: AbortSignal) {
  return api.post('sign/finalize', body, StatusResponse, { signal });
}
