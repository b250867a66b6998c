import { afterEach, describe, expect, it } from 'vitest';
import type { ServiceError } from '../../../domain/contract.js';
import { AddressSearchAnswer } from '../../../domain/address.js';
import { UserEditAnswer, type EditUserInput } from '../../../domain/user-settings/index.js';
import { resolveResetKey } from '../../lib/reset-keys.js';
import { makeTestApp, type Client, type TestApp } from '../../test/helpers.js';

const MARI = 'EE48709050218';
const LIGA = 'LV15058912347';
const KRISTI = 'EE49004170227';

let t: TestApp;
afterEach(() => t?.close());

const body = (over: Partial<EditUserInput> = {}): EditUserInput => ({
  firstName: 'Mari',
  lastName: 'Maasikas',
  email: 'mari.maasikas@example.ee',
  mobile: '+37255500001',
  phone: '',
  preferredLanguage: 'EST',
  address: null,
  ...over,
});
const row = (fgid: string) => t.db.selectFrom('persons').selectAll().where('fgid', '=', fgid).executeTakeFirstOrThrow();
const pick = async (c: Client, q: string) =>
  AddressSearchAnswer.parse((await c.get(`/api/address/search?q=${encodeURIComponent(q)}`)).json()).value[0];

describe('user-settings/edit', () => {
  it('shows mari her own contact data with the address block (EE)', async () => {
    t = await makeTestApp();
    const mari = await t.login('mari');
    const res = await mari.get(`/api/user-settings/edit/${MARI}`);
    expect(res.statusCode).toBe(200);
    const user = UserEditAnswer.parse(res.json());
    expect(user).toMatchObject({
      id: MARI,
      firstName: 'Mari',
      lastName: 'Maasikas',
      email: 'mari.maasikas@example.ee',
      mobile: '+37255500001',
      preferredLanguage: 'EST',
      personalCode: '48709050218',
      personalCodeCountry: 'EE',
    });
    expect(user.address).toMatchObject({
      street: 'Narva mnt 7',
      settlement: 'Tallinn',
      padreId: null,
      disabled: false,
      showGazetter: true,
    });
  });

  it('saves a new mobile and an address picked from the register; a reload shows them', async () => {
    t = await makeTestApp();
    const mari = await t.login('mari');
    const a = await pick(mari, 'tamme tn tartu');
    const res = await mari.post(`/api/user-settings/edit/${MARI}`, {
      ...body({ mobile: '+372 5555 1234' }),
      // the register's values win over whatever the body says beside the padreId
      address: { ...a, padreFullName: 'forged', street: 'forged' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const again = UserEditAnswer.parse((await mari.get(`/api/user-settings/edit/${MARI}`)).json());
    expect(again.mobile).toBe('+372 5555 1234');
    expect(again.address).toMatchObject({
      padreId: a.padreId,
      padreFullName: a.padreFullName,
      street: a.street,
      zipCode: a.zipCode,
      settlement: 'Tartu linn',
      county: '0078',
      countyName: 'Tartu maakond',
      municipality: '0793',
      municipalityName: 'Tartu linn',
    });
    // the summary the dashboard shows (context/getUserDetails) follows
    expect((await mari.get('/api/context/getUserDetails')).json()).toMatchObject({
      address: { padreFullName: a.padreFullName, street: a.street, city: 'Tartu linn' },
      mobile: '+372 5555 1234',
    });
  });

  it('blanks the full name of an address typed without a register id, and clears an empty one', async () => {
    t = await makeTestApp();
    const mari = await t.login('mari');
    const typed = {
      padreId: null,
      padreFullName: 'Kuu 1, Tartu',
      street: 'Kuu 1',
      zipCode: '50101',
      settlement: 'Tartu',
    };
    const empty = { county: null, countyName: null, municipality: null, municipalityName: null };
    let res = await mari.post(`/api/user-settings/edit/${MARI}`, body({ address: { ...typed, ...empty } }));
    expect(res.statusCode, res.body).toBe(200);
    expect(UserEditAnswer.parse(res.json()).address).toMatchObject({
      padreFullName: '',
      street: 'Kuu 1',
      padreId: null,
    });
    const none = { padreId: null, padreFullName: null, street: '', zipCode: null, settlement: ' ', ...empty };
    res = await mari.post(`/api/user-settings/edit/${MARI}`, body({ address: none }));
    expect(UserEditAnswer.parse(res.json()).address).toMatchObject({
      padreFullName: null,
      street: null,
      settlement: null,
    });
  });

  it('answers 400 naming the field for a 26-character first name, a bad e-mail or phone, and changes nothing', async () => {
    t = await makeTestApp();
    const mari = await t.login('mari');
    const before = await row(MARI);
    for (const [over, field] of [
      [{ firstName: 'A'.repeat(26), mobile: '+37255599999' }, 'firstName'],
      [{ email: 'not-an-address' }, 'email'],
      [{ phone: '12-34' }, 'phone'],
      [{ mobile: '12345' }, 'mobile'],
      [{ lastName: '' }, 'lastName'],
      [{ preferredLanguage: 'XXX' }, 'preferredLanguage'],
    ] as const) {
      const res = await mari.post(`/api/user-settings/edit/${MARI}`, body(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json<ServiceError>().code).toBe('BAD_INPUT');
      expect(Object.keys(res.json<ServiceError>().fields ?? {})).toContain(field);
      expect(res.json<ServiceError>().serviceErrorMessage).toMatch(new RegExp(`^${field}: `));
    }
    expect(
      (await mari.post(`/api/user-settings/edit/${MARI}`, body({ firstName: 'A'.repeat(26) }))).json<ServiceError>()
        .fields,
    ).toEqual({ firstName: 'The maximum length of "First name" is 25 characters' });
    const unknown = await mari.post(
      `/api/user-settings/edit/${MARI}`,
      body({ address: { ...(await pick(mari, 'narva')), padreId: '999999999' } }),
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<ServiceError>().fields).toHaveProperty(['address.padreId']);
    expect(await row(MARI)).toEqual(before);
  });

  it('keeps the address of a person outside EE: the block is not theirs to send', async () => {
    t = await makeTestApp();
    const liga = await t.login('liga');
    const user = UserEditAnswer.parse((await liga.get(`/api/user-settings/edit/${LIGA}`)).json());
    expect(user.address).toMatchObject({ disabled: true, showGazetter: false });
    const res = await liga.post(`/api/user-settings/edit/${LIGA}`, {
      firstName: 'Līga',
      lastName: 'Bērziņa',
      email: 'liga@example.lv',
      mobile: '',
      phone: '',
      preferredLanguage: 'lav',
      address: { ...(await pick(liga, 'narva')) },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await row(LIGA)).toMatchObject({
      email: 'liga@example.lv',
      preferred_language: 'LAV',
      mobile: null,
      address_padre_id: null,
    });
  });

  it('lets kristi (EDIT_ANY_USER) read and change mari, the user search finds the new name; mari may not read kristi', async () => {
    t = await makeTestApp();
    const kristi = await t.login('kristi');
    expect((await kristi.get(`/api/user-settings/edit/${MARI}`)).statusCode).toBe(200);
    const res = await kristi.post(
      `/api/user-settings/edit/${MARI}`,
      body({ lastName: 'Mustikas', email: 'mari@uus.example.ee' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await row(MARI)).toMatchObject({ last_name: 'Mustikas', email: 'mari@uus.example.ee' });
    const found = await kristi.post('/api/customer-search/user', { value: 'mustikas' });
    expect(found.json<{ value: { id: string }[] }>().value.map((u) => u.id)).toEqual([MARI]);
    expect((await kristi.get('/api/user-settings/edit/EE00000000000')).statusCode).toBe(404);

    const mari = await t.login('mari');
    for (const res of [
      await mari.get(`/api/user-settings/edit/${KRISTI}`),
      await mari.post(`/api/user-settings/edit/${KRISTI}`, body()),
      await mari.get('/api/user-settings/edit/EE00000000000'), // unknown and forbidden look the same
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
    }
    expect((await t.client().get(`/api/user-settings/edit/${MARI}`)).statusCode).toBe(401);
    expect((await mari.get('/api/user-settings/edit/mari')).statusCode).toBe(400);
  });
});

describe('user-settings/password/sendPasswordReset', () => {
  it('puts a link valid 24 hours into the outbox, in the person’s own language, to the address on file', async () => {
    t = await makeTestApp();
    const kristi = await t.login('kristi');
    await kristi.post('/api/context/changeLanguage', { value: 'ENG' }); // the sender's language does not matter
    const payload = {
      fgid: MARI,
      firstName: 'Mari',
      lastName: 'Maasikas',
      personalCode: '48709050218',
      personalCodeCountry: 'EE',
      email: 'someone.else@example.com',
      language: 'ENG',
    };
    const res = await kristi.post('/api/user-settings/password/sendPasswordReset/', payload);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ value: true });
    const mail = await t.db.selectFrom('outbox').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(mail).toMatchObject({
      kind: 'password-reset',
      to_address: 'mari.maasikas@example.ee',
      subject: 'Parooli lähtestamise link',
    });
    expect(mail.body).toContain('Tere, Mari Maasikas!');
    expect(mail.body).toContain('Link kehtib 24 tundi.');
    const key = /\/ui\/user-add\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail.body)![1];
    expect(mail.body).toMatch(new RegExp(`^http://localhost(:\\d+)?/ui/user-add/reset-password/${key}$`, 'm'));
    // Līga reads Latvian; without the trailing slash too
    await kristi.post('/api/user-settings/password/sendPasswordReset', { ...payload, fgid: LIGA });
    const lv = await t.db.selectFrom('outbox').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(lv).toMatchObject({ to_address: 'liga.berzina@example.lv', subject: 'Paroles atiestatīšanas saite' });
    expect(lv.body).toContain('24 stundas');
    expect(await resolveResetKey(t.db, t.clock, key)).toMatchObject({ fgid: MARI, invitedBy: KRISTI });
    t.clock.advance(23 * 3_600_000);
    expect(await resolveResetKey(t.db, t.clock, key)).not.toBeNull();
    t.clock.advance(3_600_000);
    expect(await resolveResetKey(t.db, t.clock, key)).toBeNull();
  });

  it('is for staff with EDIT_ANY_USER only, and needs an e-mail address on file', async () => {
    t = await makeTestApp();
    const payload = {
      fgid: MARI,
      firstName: 'Mari',
      lastName: 'M',
      personalCode: '1',
      personalCodeCountry: 'EE',
      email: 'x@example.ee',
      language: 'EST',
    };
    const count = async () => (await t.db.selectFrom('outbox').select('id').execute()).length;
    const before = await count();
    for (const who of ['mari', 'peeter']) {
      const c = await t.login(who);
      const res = await c.post('/api/user-settings/password/sendPasswordReset/', payload);
      expect(res.statusCode).toBe(403);
    }
    const kristi = await t.login('kristi');
    expect(
      (await kristi.post('/api/user-settings/password/sendPasswordReset/', { ...payload, fgid: 'EE00000000000' }))
        .statusCode,
    ).toBe(404);
    await t.db.updateTable('persons').set({ email: null }).where('fgid', '=', MARI).execute();
    const none = await kristi.post('/api/user-settings/password/sendPasswordReset/', payload);
    expect(none.statusCode).toBe(400);
    expect(none.json<ServiceError>().fields).toHaveProperty('email');
    expect(await count()).toBe(before);
    expect(
      await t.db.selectFrom('password_reset_keys').select('person_fgid').where('person_fgid', '=', MARI).execute(),
    ).toEqual([]);
  });
});
