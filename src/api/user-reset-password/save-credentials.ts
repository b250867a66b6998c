/**
 * POST user-reset-password/saveCredentials/ (spec 2 §7): passwordUsed, username, password → errorType (UNIQUE, KEY).
 * The person is not signed in and nothing of theirs is cached, so it invalidates nothing.
 */
import type { z } from 'zod/mini';
import { CredentialsAnswer, type SaveCredentialsBody } from '../../../domain/account/schemas';
import type { ApiClient } from '../client';

export function saveCredentials(api: ApiClient, body: z.input<typeof SaveCredentialsBody>) {
  return api.post('user-reset-password/saveCredentials/', body, CredentialsAnswer);
}
