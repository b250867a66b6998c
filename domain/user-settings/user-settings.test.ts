import { describe, expect, it } from 'vitest';
import {
  allowedRights,
  EditUserBody,
  editBody,
  editFormOf,
  mayOpenUserSettings,
  PasswordBody,
  passwordBody,
  passwordFormOf,
  preferencesFormOf,
  PREFERENCE_SERVICES,
  preferenceServiceUrl,
  serviceOfUrl,
  updatesCachedPreference,
  validateEdit,
  validatePassword,
  validatePreferences,
  type EditForm,
  type PasswordForm,
  type UserEditAnswer,
} from './index';
import type { RepresentationRight, UserContext } from '../contract';
import { signedInContext } from '../../tests/support/fixtures/contexts';
import { draftOf } from '../drafts';

const form: EditForm = {
  firstName: 'Mari',
  lastName: 'Maasikas',
  email: 'mari@example.ee',
  mobile: '+372 5550 0001',
  phone: '',
  preferredLanguage: 'EST',
  address: {
    padreId: null,
    padreFullName: 'Typed by hand 5',
    street: null,
    zipCode: null,
    settlement: null,
    county: null,
    countyName: null,
    municipality: null,
    municipalityName: null,
  },
};

describe('edit rules (spec 2 §5)', () => {
  it('accepts a valid form and blanks the full name without a padreId', () => {
    expect(validateEdit(form)).toEqual({});
    expect(editBody(form).address?.padreFullName).toBe('');
    expect(editBody({ ...form, address: { ...form.address!, padreId: 'P1' } }).address?.padreFullName).toBe(
      'Typed by hand 5',
    );
  });
  it('names each field with its message key', () => {
    const errors = validateEdit({ ...form, firstName: 'A'.repeat(26), lastName: ' ', email: 'x@', mobile: 'abc' });
    expect(errors.firstName).toEqual({
      key: 'validation.maxLength',
      values: { field: 'user-settings.edit.first-name', max: 25 },
    });
    expect(errors.lastName?.key).toBe('validation.required');
    expect(errors.email?.key).toBe('validation.email');
    expect(errors.mobile?.key).toBe('validation.phone');
    expect(validateEdit({ ...form, preferredLanguage: '' }).preferredLanguage?.key).toBe('validation.required');
    expect(validateEdit({ ...form, phone: '1'.repeat(21) }).phone?.key).toBe('validation.maxLength');
  });
  it('the server schema refuses what the form refuses', () => {
    expect(EditUserBody.safeParse(editBody({ ...form, firstName: 'A'.repeat(26) })).success).toBe(false);
    expect(EditUserBody.safeParse(editBody(form)).success).toBe(true);
  });
});

describe('the address block (spec 2 §2 "shown only when the personal-code country is empty or EE")', () => {
  const user = (personalCodeCountry: string | null): UserEditAnswer => ({
    id: 'XX1',
    firstName: 'Test',
    lastName: 'Person',
    email: 'test@example.ee',
    phone: null,
    mobile: null,
    preferredLanguage: 'EST',
    personalCode: '1',
    personalCodeCountry,
    address: {
      settlement: 'Tallinn',
      padreId: 'P9',
      padreFullName: 'Pärnu mnt 10, Tallinn',
      county: null,
      countyName: null,
      municipality: null,
      municipalityName: null,
      street: 'Pärnu mnt 10',
      zipCode: '10148',
      disabled: false,
      showGazetter: true,
    },
  });

  it('is part of the form, with the stored address, for an EE or empty personal-code country', () => {
    for (const country of ['EE', 'ee', '', null])
      expect(editFormOf(user(country)).address, String(country)).toMatchObject({
        padreId: 'P9',
        padreFullName: 'Pärnu mnt 10, Tallinn',
      });
  });

  it('is left out (not shown, not sent) for any other personal-code country', () => {
    for (const country of ['LV', 'LT', 'FI']) {
      const shown = editFormOf(user(country));
      expect(shown.address, country).toBeNull();
      expect(editBody(shown).address, country).toBeNull();
    }
  });
});

describe('password rules (spec 2 §4, §5)', () => {
  const pw: PasswordForm = {
    passwordUsed: 'yes',
    username: 'mari.m',
    password: 'Maasikas22',
    repeat: 'Maasikas22',
    passwordRequired: false,
    currentPassword: 'Maasikas1',
  };
  it('accepts dots, pipes and letters above code 160, refuses others', () => {
    expect(validatePassword(pw)).toEqual({});
    expect(validatePassword({ ...pw, username: 'mõõk|ž.1' })).toEqual({});
    expect(validatePassword({ ...pw, username: 'mari m' }).username?.key).toBe('error.username');
    expect(validatePassword({ ...pw, username: 'ma' }).username?.key).toBe('validation.minLength');
    expect(validatePassword({ ...pw, username: 'm'.repeat(21) }).username).toEqual({
      key: 'validation.maxLength',
      values: { field: 'user-settings.password.username', max: 20 },
    });
  });
  it('needs 8 characters with upper, lower and a digit, and a matching repeat', () => {
    expect(validatePassword({ ...pw, password: 'Maasikas', repeat: 'Maasikas' }).password?.key).toBe(
      'validation.password',
    );
    expect(validatePassword({ ...pw, password: 'maasikas1', repeat: 'maasikas1' }).password?.key).toBe(
      'validation.password',
    );
    expect(validatePassword({ ...pw, repeat: 'Maasikas23' }).repeat?.key).toBe('validation.passwords');
    expect(validatePassword({ ...pw, password: '', repeat: 'x' }).password?.key).toBe('validation.required');
    expect(validatePassword({ ...pw, password: '', repeat: '' })).toEqual({});
    expect(validatePassword({ ...pw, password: '', repeat: '', passwordRequired: true }).password?.key).toBe(
      'validation.required',
    );
  });
  it('asks the current password of a person who has one, for "yes" and "no" alike, and never of one who has none', () => {
    expect(validatePassword({ ...pw, currentPassword: '' }).currentPassword?.key).toBe('validation.required');
    expect(validatePassword({ ...pw, passwordUsed: 'no', currentPassword: '' }).currentPassword?.key).toBe(
      'validation.required',
    );
    expect(validatePassword({ ...pw, passwordRequired: true, currentPassword: '' })).toEqual({});
    expect(passwordBody({ ...pw, passwordRequired: true, currentPassword: '' })).toEqual({
      passwordUsed: true,
      username: 'mari.m',
      password: 'Maasikas22',
    });
    expect(draftOf({ ...pw })).not.toHaveProperty('currentPassword');
  });
  it('"no" is valid with the current password and sends it with passwordUsed false', () => {
    const no = { ...pw, passwordUsed: 'no' as const, username: '' };
    expect(validatePassword(no)).toEqual({});
    expect(passwordBody(no)).toEqual({ passwordUsed: false, currentPassword: 'Maasikas1' });
    expect(passwordBody({ ...pw, password: '', repeat: '' })).toEqual({
      passwordUsed: true,
      username: 'mari.m',
      currentPassword: 'Maasikas1',
    });
    expect(PasswordBody.safeParse({ passwordUsed: true, username: 'mari.m', password: 'weak' }).success).toBe(false);
  });
  it('a person who cannot switch the password off and has none is given "yes": a username and a new password to set', () => {
    const none = passwordFormOf({ username: null, passwordUsed: false, canDisablePassword: false });
    expect(none).toMatchObject({ passwordUsed: 'yes', passwordRequired: true });
    const filled = { ...none, username: 'aino.v', password: 'Virtanen12', repeat: 'Virtanen12' };
    expect(validatePassword(filled)).toEqual({});
    expect(passwordBody(filled)).toEqual({ passwordUsed: true, username: 'aino.v', password: 'Virtanen12' });
    // with the choice, a person without a password starts on "no", as the server has it (spec 2 §4)
    expect(passwordFormOf({ username: null, passwordUsed: false, canDisablePassword: true }).passwordUsed).toBe('no');
  });
});

describe('preferences (spec 2 §4)', () => {
  const today = new Date(2026, 10, 23);
  const rights: RepresentationRight[] = [
    { gid: 'EE1', name: 'Zeta', isPerson: true, userRoleList: [] },
    {
      gid: 'EPEE2',
      name: 'Kase Trükk OÜ',
      isPerson: false,
      userRoleList: [
        { application: 'OSS', roleId: 1, begin: null, end: null, notActive: false },
        { application: 'FINANCE', roleId: 121, begin: null, end: null, notActive: false },
      ],
    },
    {
      gid: 'EPEE3',
      name: 'Alfa',
      isPerson: false,
      userRoleList: [{ application: 'PERIODICALS', roleId: 1, begin: null, end: null, notActive: false }],
    },
  ];
  const urls = { EE: 'https://pakk.example/ee', LV: 'x', LT: 'y' };
  it('offers parties by name per service', () => {
    expect(allowedRights(rights, 'NOPREFERENCE', today).map((r) => r.gid)).toEqual(['EPEE3', 'EPEE2', 'EE1']);
    expect(allowedRights(rights, 'LOGISTICS', today).map((r) => r.gid)).toEqual(['EPEE2', 'EE1']);
    expect(allowedRights(rights, 'PACKAGE-PRIVATE', today).map((r) => r.gid)).toEqual(['EE1']);
    // invoicing management (spec 2 §9 "finance also FINANCE"): business parties whose right holds it today (a FINANCE
    // role, or main administrator), not a periodicals role (spec 2 §8: finance has permissions of its own)
    expect(allowedRights(rights, 'FINANCE', today).map((r) => r.gid)).toEqual(['EPEE2']);
    const admin: RepresentationRight = {
      gid: 'EPEE4',
      name: 'Beeta',
      isPerson: false,
      userRoleList: [{ application: 'AXAPTA', roleId: 900, begin: null, end: null, notActive: false }],
    };
    expect(allowedRights([...rights, admin], 'FINANCE', today).map((r) => r.gid)).toEqual(['EPEE4', 'EPEE2']);
  });
  it('recognises the invoicing management service URL (spec 2 §9)', () => {
    const ctx = { apiUrl: '/api', domain: 'LV', language: 'lv', packagePrivateUrls: urls };
    const url = preferenceServiceUrl('FINANCE', rights[1] ?? null, ctx);
    expect(url).toBe('/ui/business/lv/lv/FINANCE');
    expect(PREFERENCE_SERVICES).toContain('FINANCE');
    expect(serviceOfUrl('https://portal.example/ui/business/lt/en/FINANCE', urls)).toBe('FINANCE');
    expect(preferencesFormOf({ representedId: 'EPEE2', serviceUrl: url }, rights, urls, today)).toEqual({
      service: 'FINANCE',
      represented: 'EPEE2',
    });
  });
  it('builds and reads back service URLs, clearing a party not allowed', () => {
    const ctx = { apiUrl: '/api', domain: 'EE', language: 'et', packagePrivateUrls: urls };
    const url = preferenceServiceUrl('LOGISTICS', rights[1] ?? null, ctx);
    expect(url).toBe('/ui/business/ee/et/LOGISTICS');
    expect(preferenceServiceUrl('PACKAGE-PRIVATE', null, ctx)).toBe(urls.EE);
    expect(preferencesFormOf({ representedId: 'EPEE2', serviceUrl: url }, rights, urls, today)).toEqual({
      service: 'LOGISTICS',
      represented: 'EPEE2',
    });
    expect(preferencesFormOf({ representedId: 'EPEE3', serviceUrl: url }, rights, urls, today)).toEqual({
      service: 'LOGISTICS',
      represented: '',
    });
    expect(validatePreferences({ service: 'LOGISTICS', represented: '' }).represented?.key).toBe('validation.required');
  });
});

describe('the cached preference (spec 2 §4 "Internal users do not update the cached preference")', () => {
  const self = signedInContext.epitPrincipal!.representative.id;
  it("one's own save updates it, an internal user's or another user's does not", () => {
    expect(updatesCachedPreference(signedInContext, self)).toBe(true);
    const internal: UserContext = {
      ...signedInContext,
      epitPrincipal: { ...signedInContext.epitPrincipal!, authChannel: 'IN_AD' },
    };
    expect(updatesCachedPreference(internal, self)).toBe(false);
    expect(updatesCachedPreference(signedInContext, 'EE37503124229')).toBe(false);
    expect(updatesCachedPreference(null, self)).toBe(false);
  });
});

describe('who may open user settings (spec 2 §6)', () => {
  const self = signedInContext.epitPrincipal!.representative.id;
  const staff: UserContext = { ...signedInContext, privileges: [...signedInContext.privileges, 'EDIT_ANY_USER'] };
  it('the person themself and staff with EDIT_ANY_USER; no one else', () => {
    expect(mayOpenUserSettings(signedInContext, self)).toBe(true);
    expect(mayOpenUserSettings(signedInContext, undefined)).toBe(true); // one's own, by the route without fgid
    expect(mayOpenUserSettings(signedInContext, 'EE49004170227')).toBe(false);
    expect(mayOpenUserSettings(staff, 'EE49004170227')).toBe(true);
    expect(mayOpenUserSettings(null, self)).toBe(false);
  });
});
