/**
 * GET user-settings/preferences/{userId} (spec 2 §7; another user's: EDIT_ANY_USER only, spec 2 §6). The answer's
 * ETag is the preference's version (RFC 9110): the person and staff may change it at once, so the preferences form
 * sends it back as If-Match with its save.
 */
import type { QueryClient } from '@tanstack/react-query';
import { Preference } from '../../../domain/contract';
import type { ApiClient } from '../client';

export function preferencesKey(fgid: string) {
  return ['user-settings', 'preferences', fgid] as const;
}

/** The preference as stored now with its version (null from a backend that keeps none), for the preferences form. */
export async function getVersionedPreferences(
  deps: { api: ApiClient; queryClient: QueryClient },
  fgid: string,
  signal?: AbortSignal,
): Promise<{ answer: Preference; etag: string | null }> {
  let etag: string | null = null;
  const answer = await deps.api.get(`user-settings/preferences/${encodeURIComponent(fgid)}`, Preference, {
    signal,
    onETag: (e) => (etag = e),
  });
  deps.queryClient.setQueryData(preferencesKey(fgid), answer);
  return { answer, etag };
}
