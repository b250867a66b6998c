/** GET context/getSimpleUserContext (spec 1 §7): only the UI languages (the terms-of-use page of a new account). */
import { SimpleUserContext } from '../../../domain/contract';
import type { ApiClient } from '../client';

export function getSimpleUserContext(api: ApiClient, signal?: AbortSignal): Promise<SimpleUserContext> {
  return api.get('context/getSimpleUserContext', SimpleUserContext, { signal });
}
