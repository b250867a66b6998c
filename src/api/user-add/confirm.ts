/**
 * POST user-add/confirm (spec 2 §7): the terms-of-use command → errorType. The person has only the simple context
 * (no user context, nothing cached), and the flow goes on to change the represented party and leave, so it
 * invalidates nothing itself.
 */
import { ConfirmAnswer, type ConfirmBody } from '../../../domain/account/schemas';
import type { ApiClient } from '../client';

export function confirmTerms(api: ApiClient, body: ConfirmBody) {
  return api.post('user-add/confirm', body, ConfirmAnswer);
}
