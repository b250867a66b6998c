import { describe, expect, it } from 'vitest';
import {
  buildRows,
  customerFormErrors,
  customerFormValues,
  settingsSaveBody,
  type CustomerForm,
  type RepresentedCustomer,
  defaultLanguage,
  DOMAIN_LANGUAGES,
  domainOfCountry,
  filterRows,
  hasEditTab,
  identityIssues,
  offeredCategories,
  offeredCountries,
  rightsPageCount,
  rightsPageOf,
  pickCategory,
  roleCell,
  roleCommandOf,
  roleIssues,
  SaveCommand,
  type EnterpriseUserRole,
  type RoleTree,
} from './index';
import { globalPersonId, isValidPersonalCode, type AddressValue } from '../fields';

describe('personal codes', () => {
  it('accepts real EE codes and refuses a wrong check digit, date or length', () => {
    for (const c of ['48709050218', '37503124229', '49004170227', '39912310010', '50203040122'])
      expect(isValidPersonalCode('EE', c)).toBe(true);
    expect(isValidPersonalCode('EE', '48709050219')).toBe(false); // check digit
    expect(isValidPersonalCode('EE', '48713050218')).toBe(false); // month 13
    expect(isValidPersonalCode('EE', '4870905021')).toBe(false); // 10 digits
    expect(isValidPersonalCode('EE', '78709050218')).toBe(false); // century digit 7
  });
  it('uses the second weights when the first sum leaves 10', () => {
    // 3760101007?: the first sum mod 11 is 10 for this base; the second pass decides
    const base = '3760101007';
    const w1 = [1, 2, 3, 4, 5, 6, 7, 8, 9, 1];
    const w2 = [3, 4, 5, 6, 7, 8, 9, 1, 2, 3];
    const d = [...base].map(Number);
    expect(w1.reduce((s, w, i) => s + w * d[i], 0) % 11).toBe(10);
    const second = w2.reduce((s, w, i) => s + w * d[i], 0) % 11;
    const check = second === 10 ? 0 : second;
    expect(isValidPersonalCode('EE', base + String(check))).toBe(true);
    expect(isValidPersonalCode('EE', base + String((check + 1) % 10))).toBe(false);
  });
  it('checks LT codes like EE ones', () => {
    expect(isValidPersonalCode('LT', '38507160454')).toBe(true);
    expect(isValidPersonalCode('LT', '38507160455')).toBe(false);
  });
  it('checks LV dated codes by checksum, with or without the hyphen, and takes new 32… codes by format', () => {
    expect(isValidPersonalCode('LV', '15058912347')).toBe(true);
    expect(isValidPersonalCode('LV', '150589-12347')).toBe(true);
    expect(isValidPersonalCode('LV', '15058912348')).toBe(false); // check digit
    expect(isValidPersonalCode('LV', '32058912345')).toBe(true); // new format, no checksum
    expect(isValidPersonalCode('LV', '3205891234')).toBe(false); // too short
    expect(isValidPersonalCode('LV', '31028912347')).toBe(false); // 31 February
    expect(globalPersonId('LV', '150589-12347')).toBe('LV15058912347');
  });
  it('takes any ZZ code up to 23 characters and nothing for an unknown country', () => {
    expect(isValidPersonalCode('ZZ', 'AB-123 x')).toBe(true);
    expect(isValidPersonalCode('ZZ', 'x'.repeat(24))).toBe(false);
    expect(isValidPersonalCode('FI', '48709050218')).toBe(false);
  });
});

describe('rights modal identity', () => {
  const ok = {
    country: 'EE',
    personalCode: '50203040122',
    firstName: 'Uus',
    lastName: 'Kasutaja',
    email: 'uus@example.ee',
  };
  it('is valid for a correct person', () => expect(identityIssues(ok, false)).toEqual({}));
  it('names the national-id message for a bad checksum and for ZZ without the permission', () => {
    expect(identityIssues({ ...ok, personalCode: '50203040123' }, false).personalCode).toBe('validation.personalCode');
    expect(identityIssues({ ...ok, country: 'ZZ', personalCode: 'X1' }, false).personalCode).toBe(
      'validation.personalCode',
    );
    expect(identityIssues({ ...ok, country: 'ZZ', personalCode: 'X1' }, true)).toEqual({});
  });
  it('requires names (max 25) and an e-mail (max 80, format)', () => {
    const r = identityIssues({ ...ok, firstName: ' ', lastName: 'x'.repeat(26), email: 'nope' }, false);
    expect(r).toEqual({
      firstName: 'validation.required',
      lastName: 'validation.maxLength',
      email: 'validation.email',
    });
    expect(identityIssues({ ...ok, email: `${'a'.repeat(76)}@b.ee` }, false).email).toBe('validation.maxLength');
  });
});

describe('role validity in the modal', () => {
  const role = {
    categoryId: 'OPERATIONS',
    roleId: 102,
    validity: 'LIMITED' as const,
    begin: '2026-11-23',
    end: '2026-12-23',
  };
  it('needs both dates and from ≤ to when limited', () => {
    expect(roleIssues(role)).toEqual({});
    expect(roleIssues({ ...role, end: '' })).toEqual({ end: 'validation.required' });
    expect(roleIssues({ ...role, begin: '2026-12-24' })).toEqual({ end: 'validation.dateRange' });
    expect(roleIssues({ ...role, begin: '2026-02-30' })).toEqual({ begin: 'validation.date' });
    expect(roleIssues({ ...role, validity: 'UNLIMITED', end: '' })).toEqual({});
  });
  it('sends DD.MM.YYYY, and no role ends the right yesterday', () => {
    const today = new Date(2026, 10, 23);
    expect(roleCommandOf(role, today)).toEqual({
      validity: 'LIMITED',
      categoryId: 'OPERATIONS',
      roleId: 102,
      begin: '23.11.2026',
      end: '23.12.2026',
    });
    expect(roleCommandOf({ ...role, categoryId: null, roleId: null }, today)).toEqual({
      validity: 'LIMITED',
      categoryId: null,
      roleId: null,
      begin: null,
      end: '22.11.2026',
    });
    expect(roleCommandOf({ ...role, validity: 'UNLIMITED' }, today).end).toBeNull();
  });
  it('accepts a save command only with real dates', () => {
    const cmd = {
      userId: 'EE50203040122',
      userCode: '50203040122',
      country: 'EE',
      domain: 'EE',
      language: 'ET',
      firstName: 'Uus',
      lastName: 'Kasutaja',
      customerId: 'EPEE11000015',
      admin: false,
      email: 'uus@example.ee',
      roles: { OSS: roleCommandOf(role, new Date(2026, 10, 23)) },
    };
    expect(SaveCommand.safeParse(cmd).success).toBe(true);
    const bad = { ...cmd, roles: { OSS: { ...cmd.roles.OSS, end: '31.02.2026' } } };
    expect(SaveCommand.safeParse(bad).success).toBe(false);
  });
});

describe('customer data form', () => {
  const address: AddressValue = {
    padreId: null,
    padreFullName: 'Narva mnt 7, Tallinn, 10117',
    street: 'Narva mnt 7',
    zipCode: '10117',
    city: 'Tallinn',
    country: 'EE',
    showGazetter: false,
  };
  const customer: RepresentedCustomer = {
    id: 'EPEE11000015',
    gid: 'EPEE11000015',
    name: 'Maasikas OÜ',
    regCode: '11000015',
    country: 'EE',
    permissionNoCheckPersonalCode: false,
    email: 'info@maasikas.example',
    phone: '+3726000015',
    homepage: 'https://maasikas.example',
    eShop: null,
    vatNrExists: true,
    vatNr: 'EE101234567',
    addressLegal: {
      street: 'Narva mnt 7',
      zipCode: '10117',
      city: 'Tallinn',
      country: 'EE',
      padreFullName: 'Narva mnt 7, Tallinn, 10117',
    },
    addressContact: null,
    creditLimit: 2500,
    custmanagerName: 'Kalle',
    custmanagerPhone: null,
    custmanagerEmail: null,
    epCompanyId: 'EP',
    isPerson: false,
  };
  const form = customerFormValues(customer);
  const issues = (f: CustomerForm, eeRegister = true) =>
    Object.fromEntries(Object.entries(customerFormErrors(f, eeRegister)).map(([k, v]) => [k, v.key]));
  it('starts from the loaded customer and accepts it untouched (its address needs no padreId)', () => {
    expect(form.addressLegal).toEqual(address);
    expect(form.contactEnabled).toBe(false);
    expect(issues(form)).toEqual({});
  });
  it('refuses a bad homepage with the webpage message, a bad phone and a long name', () => {
    expect(issues({ ...form, homepage: 'not a page' })).toEqual({ homepage: 'validation.url' });
    expect(issues({ ...form, eShop: 'shop.example/x y' })).toEqual({ eShop: 'validation.url' });
    expect(issues({ ...form, phone: '12a' })).toEqual({ phone: 'validation.phone' });
    expect(issues({ ...form, phone: '' })).toEqual({ phone: 'validation.required' });
    expect(issues({ ...form, email: 'x@' })).toEqual({ email: 'validation.email' });
    expect(issues({ ...form, name: 'x'.repeat(141) })).toEqual({ name: 'validation.maxLength' });
    expect(customerFormErrors({ ...form, name: 'x'.repeat(141) }, true).name.values).toEqual({
      field: 'represented-settings.field.name',
      max: 140,
    });
    expect(issues({ ...form, homepage: `https://${'a'.repeat(250)}.ee` })).toEqual({
      homepage: 'validation.maxLength',
    });
    expect(issues({ ...form, homepage: 'www.maasikas.ee/pood?x=1' })).toEqual({});
  });
  it('needs the VAT number only with the flag, and the contact address only when on', () => {
    expect(issues({ ...form, vatNr: '' })).toEqual({ vatNr: 'validation.required' });
    expect(issues({ ...form, vatNrExists: false, vatNr: '' })).toEqual({});
    expect(issues({ ...form, vatNr: 'EE1'.repeat(7) })).toEqual({ vatNr: 'validation.maxLength' });
    expect(issues({ ...form, contactEnabled: true })).toEqual({ addressContact: 'validation.required' });
  });
  it('needs a register address (padreId) once an EE address is being changed; a typed one elsewhere', () => {
    const typed = { ...address, padreFullName: 'Narva 9', showGazetter: true };
    expect(issues({ ...form, addressLegal: typed })).toEqual({ addressLegal: 'validation.address' });
    expect(issues({ ...form, addressLegal: { ...typed, padreId: 'ADS-1' } })).toEqual({});
    expect(issues({ ...form, addressLegal: typed }, false)).toEqual({});
    expect(issues({ ...form, addressLegal: { ...typed, padreFullName: '' } }, false)).toEqual({
      addressLegal: 'validation.required',
    });
  });
  it('sends the VAT number only with the flag, the legal address only when picked, null for a removed contact', () => {
    const plain = settingsSaveBody(customer, { ...form, phone: ' +372 5555 ' }, { canEditAnyCustomer: false });
    expect(plain).toEqual({
      id: 'EPEE11000015',
      name: 'Maasikas OÜ',
      permissionNoCheckPersonalCode: false,
      email: 'info@maasikas.example',
      phone: '+372 5555',
      homepage: 'https://maasikas.example',
      eShop: null,
      vatNr: 'EE101234567',
    });
    expect(
      settingsSaveBody(customer, { ...form, vatNrExists: false }, { canEditAnyCustomer: false }),
    ).not.toHaveProperty('vatNr');
    const picked = { ...address, padreId: 'ADS-9', padreFullName: 'Tamme tn 5, Tartu', showGazetter: true };
    expect(
      settingsSaveBody(customer, { ...form, addressLegal: picked }, { canEditAnyCustomer: false }).addressLegal,
    ).toMatchObject({
      padreId: 'ADS-9',
      padreFullName: 'Tamme tn 5, Tartu',
    });
    const withContact = { ...customer, addressContact: customer.addressLegal };
    const off = customerFormValues(withContact);
    expect(off.contactEnabled).toBe(true);
    expect(
      settingsSaveBody(withContact, { ...off, contactEnabled: false }, { canEditAnyCustomer: false }).addressContact,
    ).toBeNull();
    expect(
      settingsSaveBody(
        { ...withContact, addressContactManaged: true },
        { ...off, contactEnabled: false },
        { canEditAnyCustomer: false },
      ),
    ).not.toHaveProperty('addressContact');
  });
  it('changes the skip-check flag only for EDIT_ANY_CUSTOMER', () => {
    const f = { ...form, permissionNoCheckPersonalCode: true };
    expect(settingsSaveBody(customer, f, { canEditAnyCustomer: false }).permissionNoCheckPersonalCode).toBe(false);
    expect(settingsSaveBody(customer, f, { canEditAnyCustomer: true }).permissionNoCheckPersonalCode).toBe(true);
  });
});

describe('domains, countries, offering, main admin', () => {
  it('maps domains to languages and ZZ to EE', () => {
    expect(DOMAIN_LANGUAGES).toEqual({ EE: ['ET', 'EN', 'RU'], LV: ['LV', 'EN', 'RU'], LT: ['LT', 'EN', 'RU'] });
    expect(defaultLanguage('LV')).toBe('LV');
    expect(defaultLanguage('EE')).toBe('ET');
    expect(domainOfCountry('ZZ')).toBe('EE');
    expect(offeredCountries(false)).not.toContain('ZZ');
    expect(offeredCountries(true)).toContain('ZZ');
    expect(hasEditTab('EE')).toBe(true);
    expect(hasEditTab(null)).toBe(true);
    expect(hasEditTab('LV')).toBe(false);
  });
  const role = (id: number, category: string, packetId: number | null, epCompanyId: string) => ({
    id,
    primary: false,
    names: { en: `r${id}` },
    category,
    packetId,
    epCompanyId,
  });
  const tree: RoleTree = {
    application: 'OSS',
    packets: [
      {
        packet: 1,
        categories: [
          { category: 'MANAGEMENT', roles: [role(101, 'MANAGEMENT', 1, 'EP')] },
          { category: 'OPERATIONS', roles: [role(102, 'OPERATIONS', 1, 'EP'), role(103, 'OPERATIONS', 1, 'EP')] },
        ],
      },
      { packet: 4, categories: [{ category: 'OPERATIONS', roles: [role(104, 'OPERATIONS', 4, 'EP')] }] },
      { packet: 2, categories: [{ category: 'MANAGEMENT', roles: [role(201, 'MANAGEMENT', 2, 'LV')] }] },
    ],
  };
  it('offers roles of the packet and the company only; a category picks its first role', () => {
    const cats = offeredCategories(tree, 1, 'EP');
    expect(cats.map((c) => [c.category, c.roles.map((r) => r.id)])).toEqual([
      ['MANAGEMENT', [101]],
      ['OPERATIONS', [102, 103]],
    ]);
    expect(offeredCategories(tree, null, 'LV').flatMap((c) => c.roles.map((r) => r.id))).toEqual([201]);
    expect(pickCategory(cats, 'OPERATIONS')).toEqual({ categoryId: 'OPERATIONS', roleId: 102 });
    expect(pickCategory(cats, null)).toEqual({ categoryId: null, roleId: null });
  });
});

describe('rights list in memory', () => {
  const today = new Date(2026, 10, 23);
  const item = (
    userId: string,
    firstName: string,
    lastName: string,
    app: string,
    extra: Partial<EnterpriseUserRole> = {},
  ): EnterpriseUserRole => ({
    userId,
    email: null,
    roleId: 102,
    application: app,
    begin: '01.01.2025',
    end: null,
    notActive: false,
    firstName,
    lastName,
    ...extra,
  });
  const apps = {
    OSS: {
      ok: true as const,
      answer: {
        packetId: 1,
        result: null,
        list: [
          item('EE48709050218', 'Mari', 'Maasikas', 'OSS'),
          item('EE37503124229', 'Jaan', 'Tamm', 'OSS'),
          item('EE1', 'Olev', 'Aas', 'OSS', { end: '01.11.2026' }),
        ],
      },
    },
    PERIODICALS: {
      ok: true as const,
      answer: {
        packetId: 11,
        result: null,
        list: [item('EE2', 'Pille', 'Tammik', 'PERIODICALS', { notActive: true })],
      },
    },
  };
  const rows = buildRows(apps, [{ userId: 'EE48709050218', firstName: 'Mari', lastName: 'Maasikas' }], today);
  it('leaves main admins out, sorts by last name and tells active from not active', () => {
    expect(rows.map((r) => [r.lastName, r.active])).toEqual([
      ['Aas', false],
      ['Tamm', true],
      ['Tammik', false],
    ]);
  });
  it('searches first, last name or user id case-insensitively within the filter', () => {
    expect(filterRows(rows, 'TAMM', 'active').map((r) => r.lastName)).toEqual(['Tamm']);
    expect(filterRows(rows, 'tamm', 'notActive').map((r) => r.lastName)).toEqual(['Tammik']);
    expect(filterRows(rows, 'ee375', 'active').map((r) => r.firstName)).toEqual(['Jaan']);
    expect(filterRows(rows, 'olev', 'notActive').map((r) => r.lastName)).toEqual(['Aas']);
  });
  it('pages 20 at a time and clamps the page', () => {
    const many = Array.from({ length: 45 }, (_, i) => i);
    expect(rightsPageCount(45)).toBe(3);
    expect(rightsPageOf(many, 3)).toEqual([40, 41, 42, 43, 44]);
    expect(rightsPageOf(many, 9)).toEqual([40, 41, 42, 43, 44]);
    expect(rightsPageCount(0)).toBe(1);
  });
  it('shows a dash for an ended role and "not active" for a not-yet-valid one', () => {
    expect(roleCell(item('x', 'a', 'b', 'OSS', { end: '22.11.2026' }), today).kind).toBe('none');
    expect(roleCell(item('x', 'a', 'b', 'OSS', { end: '23.11.2026' }), today).kind).toBe('role');
    expect(roleCell(item('x', 'a', 'b', 'OSS', { begin: '24.11.2026' }), today).kind).toBe('notActive');
    expect(roleCell(undefined, today).kind).toBe('none');
  });
});
