/**
 * POST user-settings/preferences/{userId} (spec 2 §7): representedId and serviceUrl. The saved body is the preference
 * the server now holds, so it is written into the preferences query rather than loaded again; one's own preference is
 * read from there too (src/features/user-settings/wire.ts), so the user context, which carries it for the sign-in's
 * first page, need not be reloaded.
 */
import { z } from 'zod/mini';
import type { PreferenceBody } from '../../../machines/lib/user-settings';
import type { QueryDeps } from '../invalidate';
import { preferencesKey } from './get-preferences';

export async function savePreferences({ api, queryClient }: QueryDeps, fgid: string, body: PreferenceBody) {
  await api.post(`user-settings/preferences/${encodeURIComponent(fgid)}`, body, z.unknown());
  queryClient.setQueryData(preferencesKey(fgid), body);
}
