/** GET user-add/getUserInfo[?key=] (spec 2 §7): the invited person's details for the terms-of-use page. */
import { EulaInfoAnswer } from '../../../domain/account/schemas';
import type { ApiClient } from '../client';

export async function getUserInfo(api: ApiClient, key: string | null, signal?: AbortSignal) {
  return (await api.get('user-add/getUserInfo', EulaInfoAnswer, { signal, query: key ? { key } : undefined })).value;
}
