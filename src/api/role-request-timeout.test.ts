/**
 * The role requests wait at most the configured role-request timeout (spec 1 §3 roleRequestTimeout, §7 "GET
 * roles-and-packets/clientapp/{clientapp} (role-request timeout from configuration)"; spec 2 §7 the OSS roles and
 * the enterprise users "role request timeout from config"): each call gives up after the milliseconds it is given,
 * even though the client itself has no default timeout, and a later answer never arrives.
 */
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getFinanceStatus } from './apps/get-finance-status';
import { createApiClient } from './client';
import { getApplicationUsers } from './enterprise/get-application-users';
import { getRolesAndPackets, rolesAndPacketsQuery } from './roles-and-packets/get-roles-and-packets';
import { ossRolesQuery } from './user-settings/get-oss-roles';

const TIMEOUT = 1_234;

/** A server that never answers: the request ends only when the portal aborts it. */
function silentServer() {
  const urls: string[] = [];
  const f = vi.fn<typeof fetch>(
    (url, init) =>
      new Promise<Response>((_, reject) => {
        urls.push(url instanceof Request ? url.url : url.toString());
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      }),
  );
  // no default timeout: only the role timeout the call passes can end the wait
  return { api: createApiClient({ apiUrl: '/api', fetch: f, readCookie: () => null }), urls };
}

/** What `call` has become 1 ms before and right at TIMEOUT ms. */
async function outcomeAtTimeout(call: Promise<unknown>) {
  let settled: unknown = 'pending';
  void call.then(
    (v) => (settled = v),
    (e: unknown) => (settled = e),
  );
  await vi.advanceTimersByTimeAsync(TIMEOUT - 1);
  const before = settled;
  await vi.advanceTimersByTimeAsync(1);
  return { before, after: settled };
}

describe('role requests time out after the configured role-request timeout', () => {
  afterEach(() => vi.useRealTimers());

  it('GET roles-and-packets/clientapp/{app}, directly and through the views’ query', async () => {
    vi.useFakeTimers();
    const { api, urls } = silentServer();
    const direct = await outcomeAtTimeout(getRolesAndPackets(api, 'OSS', TIMEOUT));
    expect(direct.before).toBe('pending');
    expect(direct.after).toMatchObject({ status: 0, code: 'TIMEOUT' });

    const query = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const viaQuery = await outcomeAtTimeout(query.fetchQuery(rolesAndPacketsQuery(api, 'PERIODICALS', false, TIMEOUT)));
    expect(viaQuery.before).toBe('pending');
    expect(viaQuery.after).toMatchObject({ status: 0, code: 'TIMEOUT' });
    expect(urls).toEqual(['/api/roles-and-packets/clientapp/OSS', '/api/roles-and-packets/clientapp/PERIODICALS']);
  });

  it('GET user-settings/roles/clientapp/OSS/{userId} (the roles view)', async () => {
    vi.useFakeTimers();
    const { api, urls } = silentServer();
    const query = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const out = await outcomeAtTimeout(query.fetchQuery(ossRolesQuery(api, 'EE48709050218', TIMEOUT)));
    expect(out.before).toBe('pending');
    expect(out.after).toMatchObject({ status: 0, code: 'TIMEOUT' });
    expect(urls).toEqual(['/api/user-settings/roles/clientapp/OSS/EE48709050218']);
  });

  it('GET enterprise/users/clientapp/{app}/{customerId} (the rights list) and the finance status', async () => {
    vi.useFakeTimers();
    const { api, urls } = silentServer();
    const users = await outcomeAtTimeout(getApplicationUsers(api, 'OSS', 'EPEE11000015', TIMEOUT));
    expect(users.before).toBe('pending');
    expect(users.after).toMatchObject({ status: 0, code: 'TIMEOUT' });
    const finance = await outcomeAtTimeout(getFinanceStatus(api, 'EPEE11000015', TIMEOUT));
    expect(finance.before).toBe('pending');
    expect(finance.after).toMatchObject({ status: 0, code: 'TIMEOUT' });
    expect(urls).toEqual([
      '/api/enterprise/users/clientapp/OSS/EPEE11000015',
      '/api/apps/finance/status?customerId=EPEE11000015',
    ]);
  });
});
