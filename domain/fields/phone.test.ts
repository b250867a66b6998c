/**
 * The phone rule and the server's reading of a phone, over one table: every form that asks for a phone (customer
 * add's Mobile-ID number, user settings' mobile, the business customer's phone) refuses in the browser exactly what
 * the server refuses for its format, and every number the server reads is one Mobile-ID can be asked with (E.164).
 *
 * "The server" here is what its routes run on a body: the body schemas it parses with parseOrThrow
 * (MobileStartRules for sign/mobile/start, EditUserBody for user-settings/edit, SettingsSaveRules for settings) and
 * phoneE164, which sign/mobile/start sends to Mobile-ID.
 */
import { describe, expect, it } from 'vitest';
import { MobileStartRules, validatePhone } from '../customer-add/rules';
import { maasikas } from '../../tests/support/fixtures/represented-settings';
import { customerFormErrors, customerFormValues, settingsSaveBody, SettingsSaveRules } from '../represented-settings';
import { EditUserBody, editBody, validateEdit, type EditForm } from '../user-settings';
import { phoneE164, PHONE_MAX } from './phone';

/** value as typed → the E.164 number the server reads, or null: refused for its format */
const TABLE: [string, string | null][] = [
  // what Mobile-ID's own test numbers and people type
  ['+37200000766', '+37200000766'],
  ['+372 5555 1234', '+37255551234'],
  ['55551234', '+37255551234'],
  ['5555 1234', '+37255551234'],
  [' 5555 1234 ', '+37255551234'],
  ['6001234', '+3726001234'], // a 7-digit Estonian number
  ['+37060000666', '+37060000666'], // Lithuanian
  ['+371 2000 0000', '+37120000000'], // Latvian
  ['+12025550123', '+12025550123'],
  // the shortest and the longest
  ['+1234567', null], // 7 digits with the country code: Mobile-ID asks for at least 8
  ['+12345678', '+12345678'],
  ['+123456789012345', '+123456789012345'], // 15: E.164's longest
  ['+1234567890123456', null], // 16
  ['123456', null], // a 6-digit national number
  ['12345', null], // the 5 digits a person may type and expect to pass
  ['1', null],
  ['123456789012', '+372123456789012'], // 12 national digits + 372 = 15
  ['1234567890123', null], // 13 + 3 = 16
  // format
  ['+372 5555-1234', null],
  ['(372) 5555 1234', null],
  ['+ 372 5555 1234', null],
  ['5555  1234', null], // two spaces
  ['++37255551234', null],
  ['37255551234+', null],
  ['+', null],
  ['call me', null],
  ['+372 5555 1234 ext 5', null],
  ['５５５５１２３４', null], // full-width digits
  ['+3725555\u00a01234', null], // no-break space
  ['1 2 3 4 5 6 7', '+3721234567'],
];

/** mari's contact data as the edit view holds it, with `mobile` typed */
const editForm = (mobile: string): EditForm => ({
  firstName: 'Mari',
  lastName: 'Maasikas',
  email: 'mari@example.ee',
  mobile,
  phone: '',
  preferredLanguage: 'EST',
  address: null,
});

/** Every field a customer-add, user-settings or represented-settings form would send for `typed`, browser and server. */
function verdicts(typed: string) {
  const customerAdd = {
    browser: Object.keys(validatePhone(typed)).length === 0,
    server:
      MobileStartRules.safeParse({
        mobileNr: typed.trim(), // the machine sends it trimmed (customerAdd.machine.ts)
        customer: { enterpriseCode: '11000109', enterpriseName: 'Testfirma OÜ', email: 'a@example.ee' },
      }).success && phoneE164(typed.trim()) !== null,
  };
  const form = editForm(typed);
  const userSettings = {
    browser: !('mobile' in validateEdit(form)),
    server: EditUserBody.safeParse(editBody(form)).success,
  };
  const values = { ...customerFormValues(maasikas), phone: typed };
  const represented = {
    browser: !('phone' in customerFormErrors(values, true)),
    server: SettingsSaveRules.safeParse(settingsSaveBody(maasikas, values, { canEditAnyCustomer: false })).success,
  };
  return { customerAdd, userSettings, represented };
}

describe('the phone rule', () => {
  it.each(TABLE)('%j: the browser and the server agree, and the server reads %j', (typed, e164) => {
    expect(phoneE164(typed)).toBe(e164);
    const accepted = e164 !== null;
    for (const [form, v] of Object.entries(verdicts(typed))) {
      expect({ form, ...v }).toEqual({ form, browser: accepted, server: accepted });
    }
  });

  it('refuses an empty phone where one is required and takes it as none in user settings', () => {
    const v = verdicts('');
    expect(v.customerAdd).toEqual({ browser: false, server: false });
    expect(v.represented).toEqual({ browser: false, server: false });
    expect(v.userSettings).toEqual({ browser: true, server: true });
    expect(validatePhone('').phone?.key).toBe('validation.required');
  });

  it('names the phone format as the problem of a 5-digit number in every form', () => {
    expect(validatePhone('12345').phone?.key).toBe('validation.phone');
    expect(validateEdit(editForm('12345')).mobile?.key).toBe('validation.phone');
    expect(customerFormErrors({ ...customerFormValues(maasikas), phone: '12345' }, true).phone?.key).toBe(
      'validation.phone',
    );
  });

  it('agrees on every number of 0 to 17 digits, with or without +, in groups of every size', () => {
    let checked = 0;
    for (let n = 0; n <= 17; n++) {
      const digits = '9876543210123456789'.slice(0, n);
      for (const plus of ['', '+'])
        for (const group of [0, 1, 3, 4])
          for (const spacer of [' ', '-', '  ']) {
            const grouped = group ? (digits.match(new RegExp(`.{1,${group}}`, 'g')) ?? []).join(spacer) : digits;
            const typed = plus + grouped;
            if (typed.length > PHONE_MAX + 2) continue;
            const e164 = phoneE164(typed);
            if (e164 !== null) expect(e164).toMatch(/^\+\d{8,15}$/);
            const expected = typed !== '' && typed.trim().length <= PHONE_MAX && e164 !== null;
            const v = verdicts(typed);
            expect([typed, v.customerAdd]).toEqual([typed, { browser: expected, server: expected }]);
            expect([typed, v.represented]).toEqual([typed, { browser: expected, server: expected }]);
            const optional = typed === '' || expected;
            expect([typed, v.userSettings]).toEqual([typed, { browser: optional, server: optional }]);
            checked++;
          }
    }
    expect(checked).toBeGreaterThan(300);
  });
});
