/**
 * The customer search reads only the rows it answers with (bench "search at scale"): a one-word search
 * takes 200 rows of its token, and a prefix range of several words is sorted by the database and read a page at a
 * time. Both must still answer the first 200 names in order, each customer once, when one name holds two words of
 * the range (its rows come twice from the range).
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { CustomerSearchResponse } from '../../../domain/contract.js';
import { makeTestApp, type TestApp } from '../../test/helpers.js';
import { customerSearchRows, fold, words } from './search-index.js';
import { SEARCH_LIMIT } from './search.js';

let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp();
});
afterEach(async () => t.close());

/** Customers named `names`, indexed as indexCustomer() would, in a few statements (PostgreSQL round trips are slow). */
async function addCustomers(names: string[]) {
  const rows = names.map((name, i) => ({ name, regCode: String(70_000_000 + i), jgid: `EPEE${70_000_000 + i}` }));
  const now = new Date().toISOString();
  for (let i = 0; i < rows.length; i += 100)
    await t.db
      .insertInto('customers')
      .values(
        rows.slice(i, i + 100).map((c) => ({
          jgid: c.jgid,
          reg_code: c.regCode,
          name: c.name,
          country: 'EE',
          ep_company_id: 'EP',
          is_person: 0,
          has_contract: 1,
          contract_stopped: 0,
          active: 1,
          credit_rating: 'A',
          user_profile_code: 'NEW',
          credit_limit: 0,
          permission_no_check_personal_code: 0,
          has_finance: 0,
          created_at: now,
        })),
      )
      .execute();
  const tokens = rows.flatMap((c) =>
    customerSearchRows({ jgid: c.jgid, name: c.name, reg_code: c.regCode, country: 'EE' }),
  );
  for (let i = 0; i < tokens.length; i += 500)
    await t.db
      .insertInto('customer_search_tokens')
      .values(tokens.slice(i, i + 500))
      .execute();
}

const pad = (i: number) => String(i).padStart(3, '0');

it('a prefix range of several words answers the first 200 names in order, each customer once', async () => {
  // 300 names with both words of the range 'aiandus…' (each found twice in it), 300 with one of them
  const names = [
    ...Array.from({ length: 300 }, (_, i) => `Aiandus ${pad(i)} Aiandusselts`),
    ...Array.from({ length: 150 }, (_, i) => `Aiandusmaja ${pad(i)}`),
    ...Array.from({ length: 150 }, (_, i) => `Aiandus ${pad(i)} Grupp`),
  ];
  await addCustomers(names);
  const kristi = await t.login('kristi');
  const res = await kristi.post('/api/customer-search/customer', { value: 'aiandus' });
  const found = CustomerSearchResponse.parse(res.json()).value.map((c) => c.name);
  expect(found).toHaveLength(SEARCH_LIMIT);
  expect(new Set(found).size).toBe(SEARCH_LIMIT);
  // every matching name, demo data included: the first 200 in the index's order (folded name byte by byte), and
  // answered in that order
  const all = (await t.db.selectFrom('customers').select(['name']).execute()).map((c) => c.name);
  const matching = all.filter((n) => words(n).some((w) => w.startsWith('aiandus')));
  const expected = matching.sort((a, b) => (fold(a) < fold(b) ? -1 : fold(a) > fold(b) ? 1 : 0)).slice(0, SEARCH_LIMIT);
  expect(found).toEqual(expected);
}, 30_000);

it('a one-word search of an exact token answers its first 200 names in order', async () => {
  await addCustomers(Array.from({ length: 450 }, (_, i) => `Kuusik ${pad(449 - i)} OÜ`));
  const kristi = await t.login('kristi');
  const found = CustomerSearchResponse.parse(
    (await kristi.post('/api/customer-search/customer', { value: 'kuusi' })).json(),
  ).value.map((c) => c.name);
  expect(found).toEqual(Array.from({ length: SEARCH_LIMIT }, (_, i) => `Kuusik ${pad(i)} OÜ`));
}, 30_000);

it('answer rows are made by the database as JSON text: quotes, backslashes, control and non-Latin characters', async () => {
  // each row's JSON comes from json_object (SQLite) or json_build_object (PostgreSQL): the same objects on both
  const odd = ['Jutumärk "Kala" OÜ', 'Kaldkriips \\ Tee OÜ', 'Tabel\tReavahe\nOÜ', 'Жемчужина Ωmega 😀 OÜ'];
  await addCustomers(odd);
  const kristi = await t.login('kristi');
  for (const [i, name] of odd.entries()) {
    const res = await kristi.post('/api/customer-search/customer', { value: words(name)[0] });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(CustomerSearchResponse.parse(res.json()).value).toEqual([
      { id: `EPEE${70_000_000 + i}`, name, regCode: String(70_000_000 + i), axaCode: null, country: 'EE' },
    ]);
  }
  // a code search and a whole-gid search answer the same objects
  const byCode = await kristi.post('/api/customer-search/customer', { value: '70000003' });
  expect(CustomerSearchResponse.parse(byCode.json()).value.map((c) => c.name)).toEqual([odd[3]]);
  const byGid = await kristi.post('/api/customer-search/customer', { value: 'epee70000000' });
  expect(CustomerSearchResponse.parse(byGid.json()).value.map((c) => c.name)).toEqual([odd[0]]);
});

it('a prefix range of more than 8 distinct words is sorted as a range: every name once, in name order', async () => {
  // 12 whole words start with 'kalamees' (more than the 8 that are read word by word and merged), 25 names each
  const letters = 'abcdefghijkl';
  await addCustomers(
    [...letters].flatMap((l) => Array.from({ length: 25 }, (_, i) => `Kalamees${l}x ${pad(i)} OÜ`)).reverse(),
  );
  const kristi = await t.login('kristi');
  const res = await kristi.post('/api/customer-search/customer', { value: 'kalamees' });
  const found = CustomerSearchResponse.parse(res.json()).value.map((c) => c.name);
  const expected = [...letters].flatMap((l) => Array.from({ length: 25 }, (_, i) => `Kalamees${l}x ${pad(i)} OÜ`));
  expect(found).toEqual(expected.slice(0, SEARCH_LIMIT));
}, 30_000);
