/** GET sign/mobile/check (spec 1 §7, timeout 60000 ms): the Mobile-ID signature's status (long polling). */
import { StatusResponse } from '../../../domain/contract';
import type { ApiClient } from '../client';

export function checkMobileId(api: ApiClient, timeout: number, signal?: AbortSignal) {
  return api.get('sign/mobile/check', StatusResponse, { signal, timeout });
}
