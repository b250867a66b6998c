/**
 * GET user-settings/edit/{userId} (spec 2 §7): the person's contact data (also the settings header: names, code). The
 * answer's ETag is the data's version (RFC 9110): the person and staff may edit it at once, so the edit form sends it
 * back as If-Match with its save.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { UserEditAnswer } from '../../../domain/user-settings';
import type { ApiClient } from '../client';

export function userEditKey(fgid: string) {
  return ['user-settings', 'edit', fgid] as const;
}

export function userEditQuery(api: ApiClient, fgid: string) {
  return queryOptions({
    queryKey: userEditKey(fgid),
    queryFn: ({ signal }) => api.get(`user-settings/edit/${encodeURIComponent(fgid)}`, UserEditAnswer, { signal }),
    staleTime: 0,
  });
}

/** The person's data as stored now with its version (null from a backend that keeps none), for the edit form. */
export async function getVersionedEdit(
  deps: { api: ApiClient; queryClient: QueryClient },
  fgid: string,
  signal?: AbortSignal,
): Promise<{ answer: UserEditAnswer; etag: string | null }> {
  let etag: string | null = null;
  const answer = await deps.api.get(`user-settings/edit/${encodeURIComponent(fgid)}`, UserEditAnswer, {
    signal,
    onETag: (e) => (etag = e),
  });
  deps.queryClient.setQueryData(userEditKey(fgid), answer);
  return { answer, etag };
}
