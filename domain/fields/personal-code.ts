/**
 * Personal codes per country (spec 2 §5 "checked against the country"). Pure.
 *
 * - EE isikukood and LT asmens kodas: 11 digits GYYMMDDSSSC, G 1–6 (sex and century), a real birth date, and the
 *   mod-11 check digit (weights 1…9,1, then 3…9,1,2,3 when the first sum leaves 10; 10 again gives 0).
 * - LV personas kods: 11 digits, optionally written DDMMYY-CNNNN. Codes issued before 1 July 2017 carry a birth date
 *   (C 0–2 is the century) and a check digit: (1101 − Σ dᵢ·wᵢ) mod 11 with weights 1,6,3,7,9,10,5,8,4,2.
 *   Codes issued since then start with 32 and have no date and no check digit (only the format applies).
 * - ZZ (other): any code, up to the maximum length (offered only with permissionNoCheckPersonalCode).
 */

import { FIELD_MESSAGE } from './messages';

export const PERSONAL_CODE_MAX = 23;

function isRealDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

/** EE and LT: same structure and the same check digit. */
export function isValidBalticIsikukood(code: string): boolean {
  if (!/^[1-6]\d{10}$/.test(code)) return false;
  const d = [...code].map(Number);
  const g = d[0];
  const century = 1800 + Math.floor((g - 1) / 2) * 100;
  if (!isRealDate(century + d[1] * 10 + d[2], d[3] * 10 + d[4], d[5] * 10 + d[6])) return false;
  const w1 = [1, 2, 3, 4, 5, 6, 7, 8, 9, 1];
  const w2 = [3, 4, 5, 6, 7, 8, 9, 1, 2, 3];
  let check = w1.reduce((s, w, i) => s + w * d[i], 0) % 11;
  if (check === 10) {
    check = w2.reduce((s, w, i) => s + w * d[i], 0) % 11;
    if (check === 10) check = 0;
  }
  return check === d[10];
}

/** LV: the old dated code with its check digit, or the new 32… code (format only). A hyphen after 6 digits is allowed. */
export function isValidLvPersonasKods(input: string): boolean {
  const m = /^(\d{6})-?(\d{5})$/.exec(input);
  if (!m) return false;
  const code = m[1] + m[2];
  if (code.startsWith('32')) return true;
  const d = [...code].map(Number);
  const centuryDigit = d[6];
  if (centuryDigit > 2) return false;
  const year = 1800 + centuryDigit * 100 + d[4] * 10 + d[5];
  if (!isRealDate(year, d[2] * 10 + d[3], d[0] * 10 + d[1])) return false;
  const w = [1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const check = (1101 - w.reduce((s, wi, i) => s + wi * d[i], 0)) % 11;
  return check < 10 && ((check % 11) + 11) % 11 === d[10];
}

/** Is `code` a valid personal code of `country`? ZZ accepts any non-empty code up to the maximum length. */
export function isValidPersonalCode(country: string, code: string): boolean {
  const c = code.trim();
  if (c === '' || c.length > PERSONAL_CODE_MAX) return false;
  switch (country) {
    case 'EE':
    case 'LT':
      return isValidBalticIsikukood(c);
    case 'LV':
      return isValidLvPersonasKods(c);
    case 'ZZ':
      return true;
    default:
      return false;
  }
}

/** The code as stored in a global person id: LV without its hyphen, others trimmed. */
export function normalisePersonalCode(country: string, code: string): string {
  const c = code.trim();
  return country === 'LV' ? c.replace('-', '') : c;
}

/** Global person id (spec 2 §3 "userId built from personal code and country"): 'EE' + '48709050218'. */
export function globalPersonId(country: string, code: string): string {
  return `${country}${normalisePersonalCode(country, code)}`;
}

/** The problem of a personal code for `country` (a message key), null when valid; ZZ only when `allowZZ`. */
export function personalCodeIssue(country: string, code: string, allowZZ: boolean): string | null {
  const c = code.trim();
  if (c === '') return FIELD_MESSAGE.required;
  if (c.length > PERSONAL_CODE_MAX) return FIELD_MESSAGE.maxLength;
  if (country === 'ZZ' && !allowZZ) return FIELD_MESSAGE.personalCode;
  return isValidPersonalCode(country, c) ? null : FIELD_MESSAGE.personalCode;
}
