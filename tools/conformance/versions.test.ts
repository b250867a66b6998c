/**
 * The kit's versions check against small stand-in backends: one that keeps versions passes; an older one that sends
 * no ETag gets a SKIP saying why; one that sends an ETag but ignores If-Match fails, naming the difference.
 */
import { describe, expect, it } from 'vitest';
import type { Reply } from './http.js';
import { checkVersions, ETAG_CALL, IF_MATCH_CALL, type Send } from './versions.js';

const customer = {
  id: 'EPEE11000015',
  gid: 'EPEE11000015',
  name: 'Maasikas OÜ',
  regCode: '11000015',
  country: 'EE',
  permissionNoCheckPersonalCode: false,
  email: 'info@maasikas.example',
  phone: '+3726000015',
  homepage: null,
  eShop: null,
  vatNrExists: false,
  vatNr: null,
  addressLegal: null,
  addressContact: null,
  addressContactManaged: false,
  creditLimit: 0,
  custmanagerName: null,
  custmanagerPhone: null,
  custmanagerEmail: null,
  epCompanyId: 'EP',
  isPerson: false,
};

const reply = (status: number, body: unknown, etag: string | null): Reply => ({
  status,
  contentType: 'application/json',
  location: null,
  etag,
  body: JSON.stringify(body),
});

/** a backend with one customer: `versions` false sends no ETag, `honours` false ignores If-Match */
function backend(opts: { versions: boolean; honours: boolean }): Send {
  let version = 3;
  return (path, _json, headers) => {
    const etag = opts.versions ? `"${version}"` : null;
    if (path === '/settings/get') return Promise.resolve(reply(200, customer, etag));
    const ifMatch = headers?.['if-match'];
    if (opts.honours && ifMatch !== undefined && ifMatch !== `"${version}"`)
      return Promise.resolve(reply(412, { code: 'CHANGED_MEANWHILE' }, null));
    version++;
    return Promise.resolve(reply(200, customer, opts.versions ? `"${version}"` : null));
  };
}

describe("the conformance kit's versions check", () => {
  it('passes for a backend that answers an ETag and refuses a stale If-Match with 412', async () => {
    expect(await checkVersions(backend({ versions: true, honours: true }), customer.id, true)).toEqual([
      { outcome: 'PASS', call: ETAG_CALL, detail: '"3"' },
      { outcome: 'PASS', call: IF_MATCH_CALL, detail: '412 CHANGED_MEANWHILE, nothing changed' },
    ]);
  });

  it('without --writes checks the ETag only', async () => {
    expect(await checkVersions(backend({ versions: true, honours: true }), customer.id, false)).toEqual([
      { outcome: 'PASS', call: ETAG_CALL, detail: '"3"' },
      { outcome: 'SKIP', call: IF_MATCH_CALL, detail: 'changes data: only with --writes' },
    ]);
  });

  it('is a SKIP with the reason for an older backend that sends no ETag', async () => {
    const lines = await checkVersions(backend({ versions: false, honours: false }), customer.id, true);
    expect(lines.map((l) => [l.outcome, l.call])).toEqual([
      ['SKIP', ETAG_CALL],
      ['SKIP', IF_MATCH_CALL],
    ]);
    expect(lines[0].detail).toMatch(/sends no ETag: it keeps no versions .*older backend/);
  });

  it('fails for a backend that sends an ETag but saves over a stale If-Match', async () => {
    expect(await checkVersions(backend({ versions: true, honours: false }), customer.id, true)).toEqual([
      { outcome: 'PASS', call: ETAG_CALL, detail: '"3"' },
      { outcome: 'FAIL', call: IF_MATCH_CALL, detail: 'a save with a stale version answered 200, expected 412' },
    ]);
  });

  it('is a SKIP for a person who administers no customer', async () => {
    const lines = await checkVersions(backend({ versions: true, honours: true }), null, true);
    expect(lines.map((l) => l.outcome)).toEqual(['SKIP', 'SKIP']);
  });
});
