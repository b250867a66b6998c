/**
 * The phone rule (spec 1 §4 customer add "Mobile phone for Mobile-ID: required, phone format, max 20"; spec 2 §5
 * user settings "mobile and phone phone format, max 20", represented edit "phone required, max 20, phone format").
 *
 * The format is what Mobile-ID can be asked with: its REST API takes an E.164 number, `+` and the digits with the
 * country code, at most 15 digits (ITU-T E.164 §6), and refuses fewer than 8 ("phoneNumber must contain of + and
 * numbers(8-30)"). As typed, a number is an optional `+`, then digits with single spaces or none between groups; a
 * number without `+` is Estonian (+372 goes before it), and a national number has at least 7 digits (the shortest
 * Estonian numbers). So: with `+` 8 to 15 digits, without it 7 to 12 (12 + the three of 372 = 15).
 *
 * `phoneE164` is the one parser: the browser's rules accept exactly the values it reads, and the server reads the
 * number it sends to Mobile-ID with it.
 */
import { z } from 'zod/mini';
import { FIELD_MESSAGE } from './messages';

/** spec 1 §4, spec 2 §9: a phone field holds at most 20 characters. */
export const PHONE_MAX = 20;
/** E.164: at most 15 digits with the country code; Mobile-ID: at least 8. */
export const E164_DIGITS_MIN = 8;
export const E164_DIGITS_MAX = 15;
/** the country code put before a number typed without `+` */
export const DEFAULT_COUNTRY_CODE = '372';
/** the shortest national (Estonian) number */
export const NATIONAL_DIGITS_MIN = 7;

/** `+`, then digit groups separated by single spaces. */
const TYPED = /^(\+?)(\d+(?: \d+)*)$/;

/** A phone number as typed → E.164 ('+372 5555 1234' and '5555 1234' → '+37255551234'); null when not a number. */
export function phoneE164(raw: string): string | null {
  const m = TYPED.exec(raw.trim());
  if (!m) return null;
  const digits = m[2].replace(/ /g, '');
  const international = m[1] === '+';
  if (!international && digits.length < NATIONAL_DIGITS_MIN) return null;
  const e164 = international ? digits : DEFAULT_COUNTRY_CODE + digits;
  if (e164.length < E164_DIGITS_MIN || e164.length > E164_DIGITS_MAX) return null;
  return `+${e164}`;
}

const phoneChecks = [
  z.maxLength(PHONE_MAX, { message: FIELD_MESSAGE.maxLength }),
  z.refine<string>((v) => v === '' || phoneE164(v) !== null, { message: FIELD_MESSAGE.phone }),
] as const;

/** A phone that must be given (customer add's Mobile-ID number, a business customer's phone). */
export const PhoneRule = z
  .string()
  .check(z.trim(), z.minLength(1, { message: FIELD_MESSAGE.required }), ...phoneChecks);

/** A phone that may be left empty (user settings' mobile and phone: '' means none). */
export const OptionalPhoneRule = z.string().check(z.trim(), ...phoneChecks);
