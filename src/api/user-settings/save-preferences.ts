/**
 * POST user-settings/preferences/{userId} (spec 2 §7): representedId and serviceUrl. One's own saved preference is the
 * portal's cached one: it is written into the preferences query rather than loaded again, and read from there (src/
 * features/user-settings/wire.ts), so the user context, which carries it for the sign-in's first page, need not be
 * reloaded. An internal user's save never updates the cached preference (spec 2 §4), and another user's is not one's
 * own: then the query is only marked stale, and the next read asks the server. With `ifMatch` a save over a version
 * someone else saved meanwhile is refused: ApiError 412, nothing changed.
 */
import { z } from 'zod/mini';
import { updatesCachedPreference, type PreferenceBody } from '../../../domain/user-settings';
import type { RequestOptions } from '../client';
import { invalidate, type WriteDeps } from '../invalidate';
import { preferencesKey } from './get-preferences';

export async function savePreferences(
  { api, queryClient, session }: WriteDeps,
  fgid: string,
  body: PreferenceBody,
  opts: Pick<RequestOptions, 'ifMatch' | 'onETag'> = {},
) {
  await api.post(`user-settings/preferences/${encodeURIComponent(fgid)}`, body, z.unknown(), opts);
  if (updatesCachedPreference(session.getSnapshot().context.userContext, fgid))
    queryClient.setQueryData(preferencesKey(fgid), body);
  else await invalidate(queryClient, [preferencesKey(fgid)]);
}
