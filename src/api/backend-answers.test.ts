/**
 * The calls whose address or answer depends on how a real backend is laid out (spec 2 §7): sla/test at the backend's
 * root, and the enterprise users' packet taken from the first item when the answer carries none.
 */
import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from './client';
import { getApplicationUsers } from './enterprise/get-application-users';
import { backendRoot, runSlaTest } from './sla/run-sla-test';

function apiAnswering(body: unknown, apiUrl = '/api') {
  const urls: string[] = [];
  const fetch = vi.fn<typeof globalThis.fetch>((url) => {
    urls.push(url instanceof Request ? url.url : url.toString());
    return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
  });
  return { api: createApiClient({ apiUrl, fetch, readCookie: () => null }), urls };
}

const item = (userId: string, packetId?: number) => ({
  userId,
  email: null,
  roleId: 1,
  application: 'OSS',
  begin: null,
  end: null,
  notActive: false,
  firstName: 'Mari',
  lastName: 'Maasikas',
  ...(packetId === undefined ? {} : { packetId }),
});

describe('sla/test (spec 2 §7 "sla/test (root)")', () => {
  it("is called at the backend's root, not under the API base", async () => {
    const { api, urls } = apiAnswering({ results: [{ name: 'database', status: 'OK', message: null }] });
    expect((await runSlaTest(api, '/api')).results).toHaveLength(1);
    expect(urls).toEqual(['/sla/test']);
    const other = apiAnswering({ results: [] }, 'https://backend.example/epit/api/');
    await runSlaTest(other.api, 'https://backend.example/epit/api/');
    expect(other.urls).toEqual(['https://backend.example/epit/sla/test']);
  });
  it('finds the root of any API base', () => {
    expect([backendRoot('/api'), backendRoot('/api/'), backendRoot('/x/api'), backendRoot('api')]).toEqual([
      '',
      '',
      '/x',
      '',
    ]);
  });
});

describe('enterprise/users/clientapp (spec 2 §7 "packetId (or first item\'s packetId)")', () => {
  const get = (body: unknown) => getApplicationUsers(apiAnswering(body).api, 'OSS', 'EPEE11000015', 1000);

  it("takes the first item's packet when the answer has none", async () => {
    const answer = await get({ list: [item('EE1', 7), item('EE2', 8)], result: null });
    expect(answer.packetId).toBe(7);
    expect((await get({ list: [item('EE1', 7)], packetId: null, result: null })).packetId).toBe(7);
  });
  it("keeps the answer's own packet, and has none when neither says one", async () => {
    expect((await get({ list: [item('EE1', 7)], packetId: 3, result: null })).packetId).toBe(3);
    expect((await get({ list: [item('EE1')], result: null })).packetId).toBeNull();
    expect((await get({ list: [], result: 'PACKET_NOT_FOUND' })).packetId).toBeNull();
  });
});
