import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AddressSearchAnswer } from '../../../domain/address.js';
import { RepresentedCustomer } from '../../../domain/represented-settings/contract.js';
import { makeTestApp, type TestApp } from '../../test/helpers.js';

/** a 400 answer's per-field messages */
type Fail = { fields: Record<string, string> };

const MAASIKAS = 'EPEE11000015';
const POLDMARI = 'EPEE11000026'; // mari has an ordinary OSS right there, no AXAPTA
const BERZI = 'LVLV40003012345'; // liga's

let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp();
});
afterEach(() => t.close());

async function load(c: Awaited<ReturnType<TestApp['login']>>, id = MAASIKAS) {
  const res = await c.post('/api/settings/get', { value: id });
  return { res, customer: res.statusCode === 200 ? RepresentedCustomer.parse(res.json()) : null };
}

/** The first address the register finds for `q`. */
async function pick(c: Awaited<ReturnType<TestApp['login']>>, q: string) {
  const [first] = AddressSearchAnswer.parse(
    (await c.get(`/api/address/search?q=${encodeURIComponent(q)}`)).json(),
  ).value;
  expect(first, `the register should find ${q}`).toBeDefined();
  return first;
}

function bodyOf(c: RepresentedCustomer) {
  return {
    id: c.id,
    name: c.name,
    permissionNoCheckPersonalCode: c.permissionNoCheckPersonalCode,
    email: c.email ?? '',
    phone: c.phone ?? '',
    homepage: c.homepage,
    eShop: c.eShop,
    ...(c.vatNrExists ? { vatNr: c.vatNr } : {}),
  };
}

describe('settings/get', () => {
  it('gives the main administrator her customer with the spec 2 §3 fields', async () => {
    const mari = await t.login('mari');
    const { res, customer } = await load(mari);
    expect(res.statusCode).toBe(200);
    expect(customer).toMatchObject({
      id: MAASIKAS,
      gid: MAASIKAS,
      name: 'Maasikas OÜ',
      country: 'EE',
      isPerson: false,
    });
    expect(customer?.regCode).toBeTruthy();
  });

  it('refuses a customer where the caller is not main administrator (403) and one without a session (401)', async () => {
    const mari = await t.login('mari');
    const res = await mari.post('/api/settings/get', { value: POLDMARI });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect((await mari.post('/api/settings/get', { value: 'EPEE99999999' })).statusCode).toBe(403);
    const anon = t.client();
    await anon.get('/api/context/getSimpleUserContext');
    expect((await anon.post('/api/settings/get', { value: MAASIKAS })).statusCode).toBe(401);
  });

  it('lets staff with EDIT_ANY_CUSTOMER read any customer; an unknown one is 404 for them', async () => {
    const kristi = await t.login('kristi');
    expect((await load(kristi, BERZI)).customer?.name).toBe('SIA Bērzi');
    expect((await kristi.post('/api/settings/get', { value: 'EPEE99999999' })).statusCode).toBe(404);
  });

  it('answers 503 AXAPTA_DEAD while the accounting system is dead', async () => {
    const mari = await t.login('mari');
    await t.db.updateTable('application_status').set({ dead: 1 }).where('application', '=', 'AXAPTA').execute();
    const res = await mari.post('/api/settings/get', { value: MAASIKAS });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'AXAPTA_DEAD' });
  });
});

describe('POST settings', () => {
  it('saves phone and homepage, and they persist', async () => {
    const mari = await t.login('mari');
    const { customer } = await load(mari);
    const res = await mari.post('/api/settings', {
      ...bodyOf(customer!),
      phone: '+372 5555 1234',
      homepage: 'https://maasikas.example.ee',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ phone: '+372 5555 1234', homepage: 'https://maasikas.example.ee' });
    expect((await load(mari)).customer).toMatchObject({
      phone: '+372 5555 1234',
      homepage: 'https://maasikas.example.ee',
    });
  });

  it('a new name is what the customer search finds at once; the old name no longer', async () => {
    const mari = await t.login('mari');
    const kristi = await t.login('kristi');
    const search = async (value: string) =>
      (await kristi.post('/api/customer-search/customer', { value }))
        .json<{ value: { name: string }[] }>()
        .value.map((c) => c.name);
    const { customer } = await load(mari);
    expect(await search('kuusemetsa')).toEqual([]);
    expect((await mari.post('/api/settings', { ...bodyOf(customer!), name: 'Kuusemetsa OÜ' })).statusCode).toBe(200);
    expect(await search('kuusemetsa')).toEqual(['Kuusemetsa OÜ']);
    expect(await search(customer!.name.split(' ')[0])).not.toContain(customer!.name);
  });

  it('refuses a bad homepage, an empty name and a bad phone with the spec messages, and changes nothing', async () => {
    const mari = await t.login('mari');
    const { customer } = await load(mari);
    const res = await mari.post('/api/settings', {
      ...bodyOf(customer!),
      name: ' ',
      phone: 'call me',
      homepage: 'not a web address',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'BAD_INPUT',
      fields: {
        homepage: 'Invalid format of webpage address',
        name: 'Name is mandatory',
        phone: 'Invalid format of phone number',
      },
    });
    expect((await load(mari)).customer).toEqual(customer);
  });

  it('enforces the maxima of spec 2 §9 (name 140, VAT number 20)', async () => {
    const mari = await t.login('mari');
    const { customer } = await load(mari);
    const res = await mari.post('/api/settings', {
      ...bodyOf(customer!),
      name: 'x'.repeat(141),
      vatNr: '1'.repeat(21),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<Fail>().fields).toEqual({
      name: 'The maximum length of "Name" is 140 characters',
      vatNr: 'The maximum length of "VAT number" is 20 characters',
    });
  });

  it('stores the VAT number only while its flag is set (absent: removed)', async () => {
    const mari = await t.login('mari');
    const { customer } = await load(mari);
    const withVat = await mari.post('/api/settings', { ...bodyOf(customer!), vatNr: 'EE100200300' });
    expect(withVat.json()).toMatchObject({ vatNrExists: true, vatNr: 'EE100200300' });
    const { vatNr: _drop, ...noVat } = bodyOf(RepresentedCustomer.parse(withVat.json()));
    const cleared = await mari.post('/api/settings', noVat);
    expect(cleared.json()).toMatchObject({ vatNrExists: false, vatNr: null });
  });

  it('blanks the full name of an EE address without a padreId, keeps it with one; absent leaves it alone', async () => {
    const mari = await t.login('mari');
    const { customer } = await load(mari);
    const base = bodyOf(customer!);
    const typed = await mari.post('/api/settings', {
      ...base,
      addressLegal: {
        padreFullName: 'Typed by hand 1, Tartu',
        street: 'Typed by hand 1',
        zipCode: '50101',
        city: 'Tartu',
      },
    });
    expect(typed.json<RepresentedCustomer>().addressLegal).toMatchObject({
      padreId: null,
      padreFullName: null,
      street: 'Typed by hand 1',
    });
    // picked from the register: stored as the register has it, whatever else the body says
    const tamme = await pick(mari, 'tamme 5 tartu');
    const kase = await pick(mari, 'narva');
    const picked = await mari.post('/api/settings', {
      ...base,
      addressLegal: {
        padreId: tamme.padreId,
        padreFullName: 'Made up 1',
        street: 'Made up 1',
        zipCode: '1',
        city: 'X',
      },
      addressContact: {
        padreId: kase.padreId,
        padreFullName: kase.padreFullName,
        street: kase.street,
        zipCode: kase.zipCode,
        city: kase.settlement,
      },
    });
    expect(picked.json()).toMatchObject({
      addressLegal: {
        padreId: tamme.padreId,
        padreFullName: tamme.padreFullName,
        street: tamme.street,
        zipCode: tamme.zipCode,
        city: tamme.settlement,
      },
      addressContact: { padreId: kase.padreId, padreFullName: kase.padreFullName },
    });
    const untouched = await mari.post('/api/settings', base);
    expect(untouched.json<RepresentedCustomer>().addressLegal).toMatchObject({
      padreId: tamme.padreId,
      street: tamme.street,
    });
    const noContact = await mari.post('/api/settings', { ...base, addressContact: null });
    expect(noContact.json<RepresentedCustomer>().addressContact).toBeNull();
    const empty = await mari.post('/api/settings', {
      ...base,
      addressLegal: { padreFullName: null, street: '', zipCode: null, city: null },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<Fail>().fields).toEqual({ addressLegal: 'Legal address is mandatory' });
  });

  it('refuses an address id the register does not know, and a phone Mobile-ID could not be asked with', async () => {
    const mari = await t.login('mari');
    const { customer } = await load(mari);
    const base = bodyOf(customer!);
    for (const padreId of ['999999999', 'ADR-1']) {
      const res = await mari.post('/api/settings', {
        ...base,
        addressLegal: {
          padreId,
          padreFullName: 'Tamme tn 5, Tartu',
          street: 'Tamme tn 5',
          zipCode: '1',
          city: 'Tartu',
        },
      });
      expect(res.statusCode, padreId).toBe(400);
      expect(res.json<Fail>().fields).toEqual({ 'addressLegal.padreId': 'Address incorrect' });
    }
    const short = await mari.post('/api/settings', { ...base, phone: '12345' });
    expect(short.statusCode).toBe(400);
    expect(short.json<Fail>().fields).toEqual({ phone: 'Invalid format of phone number' });
    expect((await load(mari)).customer).toEqual(customer);
  });

  it('keeps a contact address the customer manager manages', async () => {
    await t.db
      .updateTable('customers')
      .set({ contact_managed: 1, contact_street: 'Managed 1' })
      .where('jgid', '=', MAASIKAS)
      .execute();
    const mari = await t.login('mari');
    const { customer } = await load(mari);
    expect(customer?.addressContactManaged).toBe(true);
    const res = await mari.post('/api/settings', { ...bodyOf(customer!), addressContact: null });
    expect(res.json<RepresentedCustomer>().addressContact).toMatchObject({ street: 'Managed 1' });
  });

  it('lets only EDIT_ANY_CUSTOMER change permissionNoCheckPersonalCode', async () => {
    const mari = await t.login('mari');
    const { customer } = await load(mari);
    const denied = await mari.post('/api/settings', { ...bodyOf(customer!), permissionNoCheckPersonalCode: true });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ code: 'FORBIDDEN' });
    const kristi = await t.login('kristi');
    const allowed = await kristi.post('/api/settings', { ...bodyOf(customer!), permissionNoCheckPersonalCode: true });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json()).toMatchObject({ permissionNoCheckPersonalCode: true });
    // mari may save again as long as she sends the flag as it is
    expect(
      (await mari.post('/api/settings', { ...bodyOf(customer!), permissionNoCheckPersonalCode: true })).statusCode,
    ).toBe(200);
  });

  it('refuses a save for a customer the caller does not administer, and needs the XSRF header', async () => {
    const mari = await t.login('mari');
    const kristi = await t.login('kristi');
    const { customer } = await load(kristi, POLDMARI);
    expect((await mari.post('/api/settings', bodyOf(customer!))).statusCode).toBe(403);
    const noXsrf = await mari.post('/api/settings', bodyOf((await load(mari)).customer!), { xsrf: false });
    expect(noXsrf.statusCode).toBe(403);
    expect(noXsrf.json()).toMatchObject({ code: 'XSRF' });
  });
});

describe('settings/userProfileCode', () => {
  it('answers the customer’s profile code to anyone with a right there, 403 to others', async () => {
    const mari = await t.login('mari');
    const res = await mari.get(`/api/settings/userProfileCode/${POLDMARI}`);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ userProfileCode: string }>().userProfileCode).toMatch(/^(OLD|NEW)$/);
    expect((await mari.get(`/api/settings/userProfileCode/${BERZI}`)).statusCode).toBe(403);
    const kristi = await t.login('kristi');
    expect((await kristi.get(`/api/settings/userProfileCode/${BERZI}`)).statusCode).toBe(200);
  });
});
