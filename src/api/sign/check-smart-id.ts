/** GET sign/smart_id/check (spec 1 §7, timeout 60000 ms): the Smart-ID signature's status (long polling). */
import { StatusResponse } from '../../../domain/contract';
import type { ApiClient } from '../client';

export function checkSmartId(api: ApiClient, timeout: number, signal?: AbortSignal) {
  return api.get('sign/smart_id/check', StatusResponse, { signal, timeout });
}
