import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CustomerSearchResponse, ServiceError, UserSearchResponse } from '../../../domain/contract.js';
import { makeTestApp, type Client, type TestApp } from '../../test/helpers.js';
import { indexCustomer, indexPerson } from './search-index.js';

let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp();
});
afterEach(async () => t.close());

/** The answer of a customer or user search, checked against the contract. */
const customers = async (c: Client, value: string) =>
  CustomerSearchResponse.parse((await c.post('/api/customer-search/customer', { value })).json()).value;
const users = async (c: Client, value: string) =>
  UserSearchResponse.parse((await c.post('/api/customer-search/user', { value })).json()).value;

describe('customer-search', () => {
  it('403 for mari (no EDIT_ANY_CUSTOMER / EDIT_ANY_USER), 401 without a session', async () => {
    const mari = await t.login('mari');
    for (const url of ['/api/customer-search/customer', '/api/customer-search/user']) {
      const res = await mari.post(url, { value: 'maasikas' });
      expect(res.statusCode).toBe(403);
      expect(ServiceError.parse(res.json()).code).toBe('FORBIDDEN');
    }
    const anon = t.client();
    await anon.get('/sim/');
    expect((await anon.post('/api/customer-search/customer', { value: 'maasikas' })).statusCode).toBe(401);
  });

  it('customers by name word prefix, any case and without diacritics, sorted by name', async () => {
    const kristi = await t.login('kristi');
    expect(await customers(kristi, 'MAASIKAS')).toEqual([
      { id: 'EPEE11000015', name: 'Maasikas OÜ', regCode: '11000015', axaCode: null, country: 'EE' },
    ]);
    expect((await customers(kristi, 'poldm')).map((c) => c.name)).toEqual(['Põldmari AS']);
    expect((await customers(kristi, 'berz')).map((c) => c.id)).toEqual(['LVLV40003012345']);
    const sia = (await customers(kristi, 'sia')).map((c) => c.name);
    expect(sia).toEqual(['SIA Bērzi', 'SIA Daugavas Pasts', 'SIA Rīgas Grāmatas']);
    expect((await customers(kristi, 'kase trükk')).map((c) => c.name)).toEqual(['Kase Trükk OÜ']);
  });

  it('customers by registry code prefix or jgid, in code order', async () => {
    const kristi = await t.login('kristi');
    const byCode = (await customers(kristi, '1100001')).map((c) => c.id);
    expect(byCode).toEqual(['EPEE11000015']);
    expect((await customers(kristi, 'epee11000026')).map((c) => c.id)).toEqual(['EPEE11000026']);
    const all = await customers(kristi, '1100');
    expect(all.length).toBeGreaterThan(5);
    expect(all.map((c) => c.regCode)).toEqual(all.map((c) => c.regCode).sort());
    expect(all.every((c) => c.regCode.startsWith('1100'))).toBe(true);
  });

  it('users by first or last name, personal code or fgid; sorted by last name', async () => {
    const kristi = await t.login('kristi');
    expect(await users(kristi, 'maasi')).toEqual([
      {
        id: 'EE48709050218',
        firstName: 'Mari',
        lastName: 'Maasikas',
        personalCode: '48709050218',
        personalCodeCountry: 'EE',
        notActive: false,
      },
    ]);
    expect((await users(kristi, 'LĪGA')).map((u) => u.id)).toEqual(['LV15058912347']);
    expect((await users(kristi, '3040303')).map((u) => u.lastName)).toEqual(['Rebane', 'Tuisk']);
    expect((await users(kristi, 'EE38001085718')).map((u) => u.firstName)).toEqual(['Jaak-Kristjan']);
    expect(await users(kristi, 'oconnez')).toEqual([]); // word prefixes: "o'connež" is "o" + "connez"
    expect((await users(kristi, 'connež')).map((u) => u.id)).toEqual(['EE60001019906']);
  });

  it('a person renamed and reindexed is found by the new name only', async () => {
    const kristi = await t.login('kristi');
    await kristi.post('/api/customer-search/user', { value: 'tamm' });
    // a name no demo person has, so only the renamed person can match it
    await t.db.updateTable('persons').set({ last_name: 'Kuusemets' }).where('fgid', '=', 'EE37503124229').execute();
    expect(await users(kristi, 'tamm')).toEqual([]);
    await indexPerson(t.db, 'EE37503124229');
    expect((await users(kristi, 'kuusemets')).map((u) => u.id)).toEqual(['EE37503124229']);
  });

  it('a renamed customer is never shown under its old name, and is found by the new one once reindexed', async () => {
    const kristi = await t.login('kristi');
    expect((await customers(kristi, 'maasikas')).map((c) => c.id)).toEqual(['EPEE11000015']);
    // a rename straight in the database (another process, a tool): the search rows of the old name go with it
    await t.db.updateTable('customers').set({ name: 'Kuusemetsa OÜ' }).where('jgid', '=', 'EPEE11000015').execute();
    expect(await customers(kristi, 'maasikas')).toEqual([]);
    await indexCustomer(t.db, 'EPEE11000015');
    expect((await customers(kristi, 'kuusemetsa')).map((c) => [c.id, c.name])).toEqual([
      ['EPEE11000015', 'Kuusemetsa OÜ'],
    ]);
    // the same for a new registry code, and a deleted customer is gone at once
    await t.db.updateTable('customers').set({ reg_code: '99000015' }).where('jgid', '=', 'EPEE11000015').execute();
    expect(await customers(kristi, 'kuusemetsa')).toEqual([]);
    await indexCustomer(t.db, 'EPEE11000015');
    expect((await customers(kristi, 'kuusemetsa ou')).map((c) => c.regCode)).toEqual(['99000015']);
    await t.db.deleteFrom('rights').where('represented_gid', '=', 'EPEE11000015').execute();
    await t.db.deleteFrom('customers').where('jgid', '=', 'EPEE11000015').execute();
    expect(await customers(kristi, 'kuusemetsa')).toEqual([]);
  });

  it('other words of a term are word starts, also after punctuation', async () => {
    const kristi = await t.login('kristi');
    await t.db
      .updateTable('customers')
      .set({ name: 'Kase-Trükk "Põld" OÜ' })
      .where('jgid', '=', 'EPEE11000015')
      .execute();
    await indexCustomer(t.db, 'EPEE11000015');
    for (const term of ['kase trükk', 'trükk kase', 'kase pold', 'pold ou', 'kase-trükk'])
      expect(
        (await customers(kristi, term)).map((c) => c.id),
        term,
      ).toContain('EPEE11000015');
    for (const term of ['kase rükk', 'kase old', 'trükk ase'])
      expect(
        (await customers(kristi, term)).map((c) => c.id),
        term,
      ).not.toContain('EPEE11000015');
  });

  it('400 under 3 characters or without a value', async () => {
    const kristi = await t.login('kristi');
    for (const body of [{ value: 'ab' }, { value: '   ab  ' }, {}, { value: 42 }]) {
      const res = await kristi.post('/api/customer-search/customer', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(ServiceError.parse(res.json()).fields).toHaveProperty('value');
      expect((await kristi.post('/api/customer-search/user', body)).statusCode).toBe(400);
    }
    expect(
      (await kristi.post('/api/customer-search/customer', { value: 'maasikas' }, { xsrf: false })).statusCode,
    ).toBe(403);
  });
});
