/**
 * A person's data (the edit tab) and their preferences are conditional writes (RFC 9110 §13.1.1,
 * server/lib/versions.ts): the person and staff with EDIT_ANY_USER may edit them at the same time. GET answers the
 * version as the ETag; a save with a stale If-Match answers 412 CHANGED_MEANWHILE and changes nothing; a fresh one
 * saves and answers the new ETag; a save without If-Match behaves as before.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTestApp, type Client, type TestApp } from '../../test/helpers.js';

const MARI = 'EE48709050218';
const JAAN = 'EE37503124229';
const KASE_TRUKK = 'EPEE11000055';
const MAASIKAS = 'EPEE11000015';

let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp();
});
afterEach(() => t.close());

const editBody = (over: object = {}) => ({
  firstName: 'Mari',
  lastName: 'Maasikas',
  email: 'mari.maasikas@example.ee',
  mobile: '+37255500001',
  phone: '',
  preferredLanguage: 'EST',
  address: null,
  ...over,
});
const headers = (ifMatch?: string) => (ifMatch === undefined ? {} : { headers: { 'if-match': ifMatch } });
const person = (fgid: string) =>
  t.db.selectFrom('persons').selectAll().where('fgid', '=', fgid).executeTakeFirstOrThrow();

describe("the person's data (user-settings/edit): ETag, If-Match, 412", () => {
  const read = async (c: Client) => {
    const res = await c.get(`/api/user-settings/edit/${MARI}`);
    expect(res.statusCode).toBe(200);
    return String(res.headers.etag);
  };
  const save = (c: Client, over: object, ifMatch?: string) =>
    c.post(`/api/user-settings/edit/${MARI}`, editBody(over), headers(ifMatch));

  it('a stale version (staff saved meanwhile) answers 412 changedMeanwhile and changes nothing', async () => {
    const mari = await t.login('mari');
    const kristi = await t.login('kristi');
    const marisTag = await read(mari);
    expect(marisTag).toMatch(/^"\d+"$/);
    const kristisTag = await read(kristi);
    expect(kristisTag).toBe(marisTag);
    expect((await save(kristi, { phone: '+3726000001' }, kristisTag)).statusCode).toBe(200);
    const before = await person(MARI);

    const res = await save(mari, { mobile: '+37255500999' }, marisTag);
    expect(res.statusCode).toBe(412);
    expect(res.json()).toMatchObject({ code: 'CHANGED_MEANWHILE', messageKey: 'error.changedMeanwhile' });
    expect(await person(MARI)).toEqual(before);
    expect(before).toMatchObject({ phone: '+3726000001', mobile: '+37255500001' });
  });

  it('a fresh version saves and answers the new ETag; no If-Match saves as before', async () => {
    const mari = await t.login('mari');
    const tag = await read(mari);
    const res = await save(mari, { mobile: '+37255500999' }, tag);
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).not.toBe(tag);
    expect(await read(mari)).toBe(res.headers.etag);
    expect((await save(mari, { phone: '+3726000002' })).statusCode).toBe(200);
    expect(await person(MARI)).toMatchObject({ phone: '+3726000002', mobile: '+37255500001' });
    expect(await read(mari)).not.toBe(res.headers.etag);
  });
});

describe('preferences: ETag, If-Match, 412', () => {
  const read = async (c: Client) => {
    const res = await c.get(`/api/user-settings/preferences/${JAAN}`);
    expect(res.statusCode).toBe(200);
    return String(res.headers.etag);
  };
  const save = (c: Client, serviceUrl: string, ifMatch?: string, representedId = KASE_TRUKK) =>
    c.post(`/api/user-settings/preferences/${JAAN}`, { representedId, serviceUrl }, headers(ifMatch));

  it('a stale version answers 412 and changes nothing; a fresh one saves with a new ETag', async () => {
    const jaan = await t.login('jaan');
    const kristi = await t.login('kristi');
    const jaansTag = await read(jaan);
    const kristisTag = await read(kristi);
    const saved = await save(kristi, '/ui/business/ee/et/LOGISTICS', kristisTag);
    expect(saved.statusCode).toBe(200);
    expect(saved.headers.etag).not.toBe(kristisTag);
    const before = await person(JAAN);

    const res = await save(jaan, '/ui/business/ee/et/LOGISTICS', jaansTag, MAASIKAS);
    expect(res.statusCode).toBe(412);
    expect(res.json()).toMatchObject({ code: 'CHANGED_MEANWHILE', messageKey: 'error.changedMeanwhile' });
    expect(await person(JAAN)).toEqual(before);

    const fresh = await save(jaan, '/ui/business/ee/et/LOGISTICS', await read(jaan), MAASIKAS);
    expect(fresh.statusCode).toBe(200);
    expect((await person(JAAN)).pref_represented).toBe(MAASIKAS);
    expect(await read(jaan)).toBe(fresh.headers.etag);
  });

  it('a save without If-Match behaves as before', async () => {
    const jaan = await t.login('jaan');
    const tag = await read(jaan);
    expect((await save(jaan, '/ui/business/ee/et/LOGISTICS')).statusCode).toBe(200);
    expect((await save(jaan, '/ui/business/ee/et/LOGISTICS', undefined, MAASIKAS)).statusCode).toBe(200);
    expect((await person(JAAN)).pref_represented).toBe(MAASIKAS);
    expect(await read(jaan)).not.toBe(tag);
  });
});
