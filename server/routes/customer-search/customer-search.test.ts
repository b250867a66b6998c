import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CustomerSearchResponse, UserSearchResponse } from '../../../machines/lib/contract.js';
import { makeTestApp, type TestApp } from '../../test/helpers.js';
import { indexPerson } from './search-index.js';

let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp();
});
afterEach(async () => t.close());

describe('customer-search', () => {
  it('403 for mari (no EDIT_ANY_CUSTOMER / EDIT_ANY_USER), 401 without a session', async () => {
    const mari = await t.login('mari');
    for (const url of ['/api/customer-search/customer', '/api/customer-search/user']) {
      const res = await mari.post(url, { value: 'maasikas' });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    const anon = t.client();
    await anon.get('/sim/');
    expect((await anon.post('/api/customer-search/customer', { value: 'maasikas' })).statusCode).toBe(401);
  });

  it('customers by name word prefix, any case and without diacritics, sorted by name', async () => {
    const kristi = await t.login('kristi');
    const byName = CustomerSearchResponse.parse(
      (await kristi.post('/api/customer-search/customer', { value: 'MAASIKAS' })).json(),
    );
    expect(byName.value).toEqual([
      { id: 'EPEE11000015', name: 'Maasikas OÜ', regCode: '11000015', axaCode: null, country: 'EE' },
    ]);
    expect(
      (await kristi.post('/api/customer-search/customer', { value: 'poldm' }))
        .json()
        .value.map((c: { name: string }) => c.name),
    ).toEqual(['Põldmari AS']);
    expect(
      (await kristi.post('/api/customer-search/customer', { value: 'berz' }))
        .json()
        .value.map((c: { id: string }) => c.id),
    ).toEqual(['LVLV40003012345']);
    const sia = (await kristi.post('/api/customer-search/customer', { value: 'sia' }))
      .json()
      .value.map((c: { name: string }) => c.name);
    expect(sia).toEqual(['SIA Bērzi', 'SIA Daugavas Pasts', 'SIA Rīgas Grāmatas']);
    expect(
      (await kristi.post('/api/customer-search/customer', { value: 'kase trükk' }))
        .json()
        .value.map((c: { name: string }) => c.name),
    ).toEqual(['Kase Trükk OÜ']);
  });

  it('customers by registry code prefix or jgid', async () => {
    const kristi = await t.login('kristi');
    const byCode = (await kristi.post('/api/customer-search/customer', { value: '1100001' }))
      .json()
      .value.map((c: { id: string }) => c.id);
    expect(byCode).toEqual(['EPEE11000015']);
    expect(
      (await kristi.post('/api/customer-search/customer', { value: 'epee11000026' }))
        .json()
        .value.map((c: { id: string }) => c.id),
    ).toEqual(['EPEE11000026']);
    const all = (await kristi.post('/api/customer-search/customer', { value: '1100' })).json().value;
    expect(all.length).toBeGreaterThan(5);
    expect(all.map((c: { name: string }) => c.name)).toEqual(
      [...all.map((c: { name: string }) => c.name)].sort((a: string, b: string) => a.localeCompare(b, 'et')),
    );
  });

  it('users by first or last name, personal code or fgid; sorted by last name', async () => {
    const kristi = await t.login('kristi');
    const r = UserSearchResponse.parse((await kristi.post('/api/customer-search/user', { value: 'maasi' })).json());
    expect(r.value).toEqual([
      {
        id: 'EE48709050218',
        firstName: 'Mari',
        lastName: 'Maasikas',
        personalCode: '48709050218',
        personalCodeCountry: 'EE',
        notActive: false,
      },
    ]);
    expect(
      (await kristi.post('/api/customer-search/user', { value: 'LĪGA' })).json().value.map((u: { id: string }) => u.id),
    ).toEqual(['LV15058912347']);
    expect(
      (await kristi.post('/api/customer-search/user', { value: '3040303' }))
        .json()
        .value.map((u: { lastName: string }) => u.lastName),
    ).toEqual(['Rebane', 'Tuisk']);
    expect(
      (await kristi.post('/api/customer-search/user', { value: 'EE38001085718' }))
        .json()
        .value.map((u: { firstName: string }) => u.firstName),
    ).toEqual(['Jaak-Kristjan']);
    expect((await kristi.post('/api/customer-search/user', { value: 'oconnez' })).json().value).toEqual([]); // word prefixes: "o'connež" is "o" + "connez"
    expect(
      (await kristi.post('/api/customer-search/user', { value: 'connež' }))
        .json()
        .value.map((u: { id: string }) => u.id),
    ).toEqual(['EE60001019906']);
  });

  it('a person renamed and reindexed is found by the new name only', async () => {
    const kristi = await t.login('kristi');
    await kristi.post('/api/customer-search/user', { value: 'tamm' });
    await t.db.updateTable('persons').set({ last_name: 'Kuusk' }).where('fgid', '=', 'EE37503124229').execute();
    expect((await kristi.post('/api/customer-search/user', { value: 'tamm' })).json().value).toEqual([]);
    await indexPerson(t.db, 'EE37503124229');
    expect(
      (await kristi.post('/api/customer-search/user', { value: 'kuusk' }))
        .json()
        .value.map((u: { id: string }) => u.id),
    ).toEqual(['EE37503124229']);
  });

  it('400 under 3 characters or without a value', async () => {
    const kristi = await t.login('kristi');
    for (const body of [{ value: 'ab' }, { value: '   ab  ' }, {}, { value: 42 }]) {
      const res = await kristi.post('/api/customer-search/customer', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fields).toHaveProperty('value');
      expect((await kristi.post('/api/customer-search/user', body)).statusCode).toBe(400);
    }
    expect(
      (await kristi.post('/api/customer-search/customer', { value: 'maasikas' }, { xsrf: false })).statusCode,
    ).toBe(403);
  });
});
