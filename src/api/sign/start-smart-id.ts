/** POST sign/smart_id/start (spec 1 §7): customer → status and the challenge id shown to the person. */
import { type z } from 'zod/mini';
import { SignStartResponse, type SmartIdStartBody } from '../../../domain/contract';
import type { ApiClient } from '../client';

export function startSmartId(api: ApiClient, body: z.input<typeof SmartIdStartBody>, signal?: AbortSignal) {
  return api.post('sign/smart_id/start', { customer: body.customer }, SignStartResponse, { signal });
}
