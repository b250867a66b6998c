/** POST sign/digest (spec 1 §7): cert and customer → the digest the ID-card signs, and a status. */
import { type z } from 'zod/mini';
import { type DigestBody, DigestResponse } from '../../../domain/contract';
import type { ApiClient } from '../client';

export function prepareDigest(api: ApiClient, body: z.input<typeof DigestBody>, signal?: AbortSignal) {
  return api.post('sign/digest', body, DigestResponse, { signal });
}
