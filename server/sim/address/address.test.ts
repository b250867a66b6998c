import { afterEach, describe, expect, it } from 'vitest';
import { AddressSearchAnswer, AddressSuggestion } from '../../../domain/address.js';
import { makeTestApp, type TestApp } from '../../test/helpers.js';
import { insertPlaces, searchAddresses } from './register.js';
import { demoAddresses, ensureAddressRegister } from './seed.js';

let t: TestApp;
afterEach(() => t?.close());

const search = async (c: Awaited<ReturnType<TestApp['login']>>, q: string, limit?: number) => {
  const res = await c.get(`/api/address/search?q=${encodeURIComponent(q)}${limit ? `&limit=${limit}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  return AddressSearchAnswer.parse(res.json()).value;
};

describe('address register simulator', () => {
  it('holds a few hundred Estonian addresses, the same on every build', () => {
    const a = demoAddresses();
    const n = a.reduce((s, p) => s + p.addresses.length, 0);
    expect(n).toBeGreaterThanOrEqual(300);
    expect(n).toBeLessThan(1000);
    expect(JSON.stringify(demoAddresses())).toBe(JSON.stringify(a));
    const ids = a.flatMap((p) => p.addresses.map((x) => x.padreId));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('finds addresses by word prefixes through the portal, case- and accent-insensitively, in address order', async () => {
    t = await makeTestApp();
    const mari = await t.login('mari');
    const narva = await search(mari, 'narva mnt 7');
    expect(narva.map((a) => a.padreFullName)).toContain(
      'Narva mnt 7, Kesklinna linnaosa, Tallinn, Harju maakond, 10117',
    );
    const hit = narva.find((a) => a.street === 'Narva mnt 7')!;
    expect(hit).toMatchObject({
      zipCode: '10117',
      settlement: 'Kesklinna linnaosa',
      county: '0037',
      countyName: 'Harju maakond',
      municipality: '0784',
      municipalityName: 'Tallinn',
    });
    // accents and case: 'PÕHJA' = 'pohja', 'ülikooli' = 'ULIKOOLI'
    const pohja = await search(mari, 'POHJA-tallinna');
    expect(pohja.length).toBeGreaterThan(0);
    expect(pohja.every((a) => a.settlement === 'Põhja-Tallinna linnaosa')).toBe(true);
    const ulikooli = await search(mari, 'ULIKOOLI tartu');
    expect(ulikooli.length).toBeGreaterThan(0);
    expect(ulikooli.every((a) => a.street.startsWith('Ülikooli tn') && a.settlement === 'Tartu linn')).toBe(true);
    // prefix of a word, not an inner substring
    expect(await search(mari, 'arva mnt')).toEqual([]);
    // address order: street name, then house number as a number
    const riia = (await search(mari, 'riia tn tartu', 20)).map((a) => a.street);
    const numbers = riia.map((s) => parseInt(s.replace('Riia tn ', ''), 10));
    expect(numbers).toEqual([...numbers].sort((x, y) => x - y));
    // a zip code
    expect((await search(mari, '101')).every((a) => a.zipCode.startsWith('101'))).toBe(true);
    // farms in villages: the name and the village
    const farm = await search(mari, 'kuusalu');
    expect(farm.length).toBeGreaterThan(0);
    expect(farm[0].padreFullName).toMatch(
      /, (Kuusalu küla|Kolga küla|Kiiu alevik), Kuusalu vald, Harju maakond, 7460\d$/,
    );
  }, 20_000); // a sign-on and a dozen searches: slow on a busy machine

  it('answers [] under 2 characters and for generic words alone, and honours the limit', async () => {
    t = await makeTestApp();
    const mari = await t.login('mari');
    expect(await search(mari, 't')).toEqual([]);
    expect(await search(mari, 'tn')).toEqual([]);
    expect(await search(mari, 'ta', 3)).toHaveLength(3);
    expect(await search(mari, 'ta')).toHaveLength(10);
    expect((await mari.get('/api/address/search?q=tartu&limit=21')).statusCode).toBe(400);
  });

  it('looks up one address by id; 404 for an unknown one; signed-in users only', async () => {
    t = await makeTestApp();
    const mari = await t.login('mari');
    const [first] = await search(mari, 'tamme tn tartu');
    const res = await mari.get(`/api/address/${first.padreId}`);
    expect(res.statusCode).toBe(200);
    expect(AddressSuggestion.parse(res.json())).toEqual(first);
    expect((await mari.get('/api/address/999999999')).statusCode).toBe(404);
    expect((await mari.get('/api/address/abc')).statusCode).toBe(400);
    const anon = t.client();
    expect((await anon.get('/api/address/search?q=tartu')).json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect((await anon.get(`/api/address/${first.padreId}`)).statusCode).toBe(401);
  });

  it('reaches the register over HTTP at ADDRESS_REGISTER_URL: a register that cannot be reached answers 502', async () => {
    t = await makeTestApp({ env: { addressRegisterUrl: 'http://register.invalid/api' } });
    const mari = await t.login('mari');
    const res = await mari.get('/api/address/search?q=tartu');
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ code: 'ADDRESS_REGISTER_UNREACHABLE' });
  });

  it('narrows a street word with a house number and a settlement, whichever word drives', async () => {
    t = await makeTestApp();
    await ensureAddressRegister(t.db);
    // an extra place in another town with the same street name: the settlement word tells them apart
    await insertPlaces(t.db, [
      {
        place: {
          placeId: 'x1',
          streetName: 'Narva mnt',
          settlement: 'Tartu linn',
          county: '0078',
          countyName: 'Tartu maakond',
          municipality: '0793',
          municipalityName: 'Tartu linn',
        },
        addresses: [{ padreId: '1', house: '77', zipCode: '51009' }],
      },
    ]);
    const tartu = await searchAddresses(t.db, 'narva 77 tartu', 10);
    expect(tartu.map((a) => a.padreFullName)).toEqual(['Narva mnt 77, Tartu linn, Tartu maakond, 51009']);
    expect((await searchAddresses(t.db, 'tartu narva 51009', 10)).map((a) => a.padreId)).toEqual(['1']);
    expect(await searchAddresses(t.db, 'narva mnt 77 tallinn', 10)).toEqual([]);
  });
});
