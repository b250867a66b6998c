/** GET user/{gid} (spec 2 §7): the person as the system knows them (the rights edit's lookup). */
import { UserLookup } from '../../../domain/represented-settings';
import { ApiError, type ApiClient } from '../client';

/** null when the person is unknown (404) */
export async function getUser(api: ApiClient, userId: string, signal?: AbortSignal): Promise<UserLookup | null> {
  try {
    return await api.get(`user/${encodeURIComponent(userId)}`, UserLookup, { signal });
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return null;
    throw e;
  }
}
