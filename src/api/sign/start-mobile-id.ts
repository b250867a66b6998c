/** POST sign/mobile/start (spec 1 §7): mobileNr and customer → status and the challenge id shown to the person. */
import { type z } from 'zod/mini';
import { type MobileStartBody, SignStartResponse } from '../../../domain/contract';
import type { ApiClient } from '../client';

export function startMobileId(api: ApiClient, body: z.input<typeof MobileStartBody>, signal?: AbortSignal) {
  // only the two fields the call takes, whatever else the caller's object holds
  return api.post('sign/mobile/start', { mobileNr: body.mobileNr, customer: body.customer }, SignStartResponse, {
    signal,
  });
}
