/**
 * The writes' invalidations (src/api/README.md): after a write, every cached answer that shows what it changed is
 * stale (and loads again when shown), the others are not, and a write that changes the user context hands the
 * session a fresh one. A fake server answers; the query cache is TanStack's own.
 */
import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { UserContext } from '../../domain/contract';
import { MARI_ID, userContext } from '../../tests/support/fixtures/shell';
import { maasikas } from '../../tests/support/fixtures/represented-settings';
import { createApiClient } from './client';
import { changeLanguage } from './context/change-language';
import { changeRepresented } from './context/change-represented';
import { checkDeadApplications } from './context/check-dead-applications';
import { representedDetailsQuery } from './context/get-represented-details';
import { userDetailsQuery } from './context/get-user-details';
import { saveCustomer } from './settings/save-customer';
import { representedCustomerQuery } from './settings/get-customer';
import { singleSignout } from './single-signout/single-signout';
import { saveRights } from './user/save-rights';
import { userEditQuery } from './user-settings/get-edit';
import { ossRolesQuery } from './user-settings/get-oss-roles';
import { passwordSettingsQuery } from './user-settings/get-password';
import { userRightsQuery } from './user-settings/get-rights';
import { serviceUrlsQuery } from './user-settings/get-service-urls';
import { saveEdit } from './user-settings/save-edit';
import { savePassword } from './user-settings/save-password';

const JAAN_ID = 'EE37503124229';
const reloaded: UserContext = userContext({}, { representative: { id: MARI_ID, firstName: 'Mari', lastName: 'Uus' } });

/** A portal on a fake server: `answers` by path (a function may look at the request), mari signed in. */
function portal(answers: Record<string, unknown> = {}) {
  const requests: string[] = [];
  const fetch = vi.fn<typeof globalThis.fetch>((url, init) => {
    const path = (url instanceof Request ? url.url : url.toString()).replace(/^\/api\//, '').replace(/\?.*$/, '');
    requests.push(`${init?.method ?? 'GET'} ${path}`);
    const body = path === 'context/getUserContext' ? reloaded : (answers[path] ?? {});
    return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
  });
  const api = createApiClient({ apiUrl: '/api', fetch });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  let current: UserContext = userContext();
  const session = {
    getSnapshot: () => ({ context: { userContext: current } }),
    send: vi.fn((e: { type: 'session.contextReplaced'; userContext: UserContext }) => void (current = e.userContext)),
  };
  return { deps: { api, queryClient, session }, requests, session };
}

/** fills the cache with an answer under each key, as views that showed them would have */
function cached(queryClient: QueryClient, keys: QueryKey[]) {
  for (const key of keys) queryClient.setQueryData(key, { shown: true });
}
const stale = (queryClient: QueryClient, key: QueryKey) => queryClient.getQueryState(key)?.isInvalidated ?? null;

const body = (firstName: string) => ({
  firstName,
  lastName: 'Uus',
  email: 'uus@example.ee',
  mobile: '+37255598765',
  phone: '',
  preferredLanguage: 'EST',
  address: null,
});

describe('a user-settings save (POST user-settings/edit)', () => {
  it("makes stale the person's edit form and the dashboard's user card, nobody else's", async () => {
    const { deps } = portal();
    const { api, queryClient } = deps;
    const mine = [userEditQuery(api, MARI_ID).queryKey, userDetailsQuery(api, MARI_ID).queryKey];
    const others = [userEditQuery(api, JAAN_ID).queryKey, userDetailsQuery(api, JAAN_ID).queryKey];
    cached(queryClient, [...mine, ...others]);
    await saveEdit(deps, MARI_ID, body('Mari'));
    expect(mine.map((k) => stale(queryClient, k))).toEqual([true, true]);
    expect(others.map((k) => stale(queryClient, k))).toEqual([false, false]);
  });

  it("hands the session a fresh user context when the person is oneself (the header's name), not for another", async () => {
    const own = portal();
    await saveEdit(own.deps, MARI_ID, body('Mari'));
    expect(own.session.send).toHaveBeenCalledWith({ type: 'session.contextReplaced', userContext: reloaded });

    const other = portal();
    await saveEdit(other.deps, JAAN_ID, body('Jaan'));
    expect(other.session.send).not.toHaveBeenCalled();
    expect(other.requests).not.toContain('GET context/getUserContext');
  });
});

describe('a business customer save (POST settings)', () => {
  it("shows the saved customer on its pages, makes the dashboard's business card stale and reloads the context", async () => {
    const { deps, session } = portal({ settings: { ...maasikas, phone: '+3726000000' } });
    const { api, queryClient } = deps;
    const card = representedDetailsQuery(api, maasikas.gid).queryKey;
    const another = representedDetailsQuery(api, 'EPEE11000026').queryKey;
    cached(queryClient, [card, another]);
    await saveCustomer(deps, { id: maasikas.id, name: maasikas.name } as Parameters<typeof saveCustomer>[1]);
    expect(queryClient.getQueryData(representedCustomerQuery(api, maasikas.id).queryKey)).toMatchObject({
      phone: '+3726000000',
    });
    expect([stale(queryClient, card), stale(queryClient, another)]).toEqual([true, false]);
    expect(session.send).toHaveBeenCalledWith({ type: 'session.contextReplaced', userContext: reloaded });
  });
});

describe('a rights save (POST user/role/edit)', () => {
  it("makes the person's rights and OSS roles stale, and reloads one's own context only for oneself", async () => {
    const { deps, session } = portal({ 'user/role/edit': { value: [] } });
    const { api, queryClient } = deps;
    const jaans = [userRightsQuery(api, JAAN_ID).queryKey, ossRolesQuery(api, JAAN_ID, 30_000).queryKey];
    const maris = [userRightsQuery(api, MARI_ID).queryKey];
    cached(queryClient, [...jaans, ...maris]);
    const command = { userId: JAAN_ID } as Parameters<typeof saveRights>[2];
    await saveRights(deps, 'edit', command);
    expect(jaans.map((k) => stale(queryClient, k))).toEqual([true, true]);
    expect(stale(queryClient, maris[0])).toBe(false);
    expect(session.send).not.toHaveBeenCalled();
    await saveRights(deps, 'edit', { ...command, userId: MARI_ID });
    expect(session.send).toHaveBeenCalledTimes(1);
  });
});

describe('a password save (POST user-settings/password)', () => {
  it('makes the password tab stale, unless the username was taken (nothing changed)', async () => {
    const taken = portal({ [`user-settings/password/${MARI_ID}`]: { errorType: 'UNIQUE' } });
    const key = passwordSettingsQuery(taken.deps.api, MARI_ID).queryKey;
    cached(taken.deps.queryClient, [key]);
    await savePassword(taken.deps, MARI_ID, { passwordUsed: false });
    expect(stale(taken.deps.queryClient, key)).toBe(false);

    const saved = portal({ [`user-settings/password/${MARI_ID}`]: { errorType: null } });
    cached(saved.deps.queryClient, [key]);
    await savePassword(saved.deps, MARI_ID, { passwordUsed: false });
    expect(stale(saved.deps.queryClient, key)).toBe(true);
  });
});

describe('the context calls', () => {
  it('a represented party change makes every query stale', async () => {
    const { deps } = portal({ [`context/changeRepresented/${maasikas.gid}`]: reloaded });
    const keys = [userDetailsQuery(deps.api, MARI_ID).queryKey, serviceUrlsQuery(deps.api).queryKey, ['any']];
    cached(deps.queryClient, keys);
    await changeRepresented(deps, maasikas.gid);
    await vi.waitFor(() => expect(keys.map((k) => stale(deps.queryClient, k))).toEqual([true, true, true]));
  });

  it('the dead-application check makes every query stale only when it answers a new context', async () => {
    const unchanged = portal({ 'context/checkDeadApplications': { value: null } });
    cached(unchanged.deps.queryClient, [['any']]);
    await checkDeadApplications(unchanged.deps);
    expect(stale(unchanged.deps.queryClient, ['any'])).toBe(false);

    const changed = portal({ 'context/checkDeadApplications': { value: reloaded } });
    cached(changed.deps.queryClient, [['any']]);
    await checkDeadApplications(changed.deps);
    await vi.waitFor(() => expect(stale(changed.deps.queryClient, ['any'])).toBe(true));
  });

  it('a language change makes the package-private addresses (which carry the language) stale', async () => {
    const { deps } = portal();
    const urls = serviceUrlsQuery(deps.api).queryKey;
    const card = userDetailsQuery(deps.api, MARI_ID).queryKey;
    cached(deps.queryClient, [urls, card]);
    await changeLanguage(deps, 'en');
    expect([stale(deps.queryClient, urls), stale(deps.queryClient, card)]).toEqual([true, false]);
  });

  it('the single sign-out goes to the security base, empties the cache and answers the sign-out page', async () => {
    const { deps, requests } = portal({ 'security/single-signout': { value: '/cas/logout' } });
    cached(deps.queryClient, [userDetailsQuery(deps.api, MARI_ID).queryKey]);
    expect(await singleSignout(deps, '/api/security/login', 'et_EE')).toBe('/cas/logout');
    // spec 1 §7: "to the security base", not to the API base
    expect(requests).toEqual(['POST security/single-signout']);
    expect(deps.queryClient.getQueryCache().getAll()).toEqual([]);
  });
});
