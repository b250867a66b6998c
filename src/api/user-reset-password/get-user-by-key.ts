/** GET user-reset-password/getUserByResetPasswordKey/{key} (spec 2 §7): the person the reset link was made for. */
import { ResetPasswordUserAnswer } from '../../../domain/account/schemas';
import type { ApiClient } from '../client';

export async function getUserByResetKey(api: ApiClient, key: string, signal?: AbortSignal) {
  const path = `user-reset-password/getUserByResetPasswordKey/${encodeURIComponent(key)}`;
  return (await api.get(path, ResetPasswordUserAnswer, { signal })).value;
}
