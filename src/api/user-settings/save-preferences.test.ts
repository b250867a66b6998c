/**
 * Saving a preference (spec 2 §4 "Internal users do not update the cached preference"): one's own save becomes the
 * portal's cached preference at once; an internal user's does not (and neither does a save for another user): the
 * cached answer only goes stale, and the next read asks the server. A fake server answers.
 */
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { UserContext } from '../../../domain/contract';
import { MARI_ID, userContext } from '../../../tests/support/fixtures/shell';
import { createApiClient } from '../client';
import { preferencesKey } from './get-preferences';
import { savePreferences } from './save-preferences';

const before = { representedId: 'EPEE11000015', serviceUrl: '/ui/business/ee/et/LOGISTICS' };
const saved = { representedId: 'EPEE11000026', serviceUrl: '/ui/business/ee/et/FINANCE' };

function portal(ctx: UserContext) {
  const posted: string[] = [];
  const fetch = vi.fn<typeof globalThis.fetch>((url) => {
    posted.push(url instanceof Request ? url.url : url.toString());
    return Promise.resolve(new Response(JSON.stringify(saved), { status: 200 }));
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const session = { getSnapshot: () => ({ context: { userContext: ctx } }), send: vi.fn() };
  return { deps: { api: createApiClient({ apiUrl: '/api', fetch }), queryClient, session }, posted, queryClient };
}

describe('savePreferences', () => {
  it("mari's own save is the cached preference at once", async () => {
    const { deps, queryClient, posted } = portal(userContext());
    queryClient.setQueryData(preferencesKey(MARI_ID), before);
    await savePreferences(deps, MARI_ID, saved);
    expect(posted).toEqual([`/api/user-settings/preferences/${MARI_ID}`]);
    expect(queryClient.getQueryData(preferencesKey(MARI_ID))).toEqual(saved);
    expect(queryClient.getQueryState(preferencesKey(MARI_ID))?.isInvalidated).toBe(false);
  });

  it("an internal user's save leaves the cached preference as it was, only stale", async () => {
    const { deps, queryClient, posted } = portal(userContext({}, { authChannel: 'IN_AD' }));
    queryClient.setQueryData(preferencesKey(MARI_ID), before);
    await savePreferences(deps, MARI_ID, saved);
    expect(posted, 'the server has it').toHaveLength(1);
    expect(queryClient.getQueryData(preferencesKey(MARI_ID))).toEqual(before);
    expect(queryClient.getQueryState(preferencesKey(MARI_ID))?.isInvalidated).toBe(true);
  });

  it("a save for another user is not one's own cached preference", async () => {
    const { deps, queryClient } = portal(userContext());
    const JAAN = 'EE37503124229';
    queryClient.setQueryData(preferencesKey(JAAN), before);
    await savePreferences(deps, JAAN, saved);
    expect(queryClient.getQueryData(preferencesKey(JAAN))).toEqual(before);
    expect(queryClient.getQueryState(preferencesKey(JAAN))?.isInvalidated).toBe(true);
  });
});
