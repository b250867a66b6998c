/**
 * The server's own check of spec 2 §5 (represented edit, rights modal) on top of the wire shapes of
 * machines/lib/represented-settings/contract.ts, with the spec's English messages: a failure answers
 * 400 BAD_INPUT `{ serviceErrorMessage: 'field: message; ...', fields: { field: message } }` and changes nothing.
 * The patterns, maxima and the rights modal's identity rules (personal code per country, names, e-mail) are the
 * portal's own (machines/lib/represented-settings/rules.ts), so the browser and the server accept exactly the same.
 */
import { MAX, MSG, PHONE_PATTERN, URL_PATTERN } from '../../../machines/lib/represented-settings/rules.js';
import type { z } from 'zod';
import { HttpError, parseOrThrow } from '../../lib/errors.js';

// spec 2 §9 field maxima, the portal's own (machines/lib/represented-settings/rules.ts)
export { MAX };

// spec 2 §5 generic messages (English)
export const MESSAGE = {
  required: (label: string) => `${label} is mandatory`,
  maxLength: (label: string, max: number) => `The maximum length of "${label}" is ${max} characters`,
  email: 'E-mail must look like name@address, for example name@example.com',
  url: 'Invalid format of webpage address',
  phone: 'Invalid format of phone number',
  nationalId: 'National identification number must be valid in the chosen country',
  date: 'Invalid value',
  dateRange: 'From date must be before end date',
  address: 'Address incorrect',
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Collects field failures; `throwIfAny()` answers them all at once. */
export class FieldCheck {
  readonly fields: Record<string, string> = {};

  fail(field: string, message: string): void {
    if (!(field in this.fields)) this.fields[field] = message;
  }

  text(
    field: string,
    label: string,
    value: string | null | undefined,
    opts: { required?: boolean; max: number; format?: 'email' | 'url' | 'phone' },
  ): void {
    const v = (value ?? '').trim();
    if (v === '') {
      if (opts.required) this.fail(field, MESSAGE.required(label));
      return;
    }
    if (v.length > opts.max) return this.fail(field, MESSAGE.maxLength(label, opts.max));
    if (opts.format === 'email' && !EMAIL.test(v)) this.fail(field, MESSAGE.email);
    if (opts.format === 'phone' && !PHONE_PATTERN.test(v)) this.fail(field, MESSAGE.phone);
    if (opts.format === 'url' && !URL_PATTERN.test(v)) this.fail(field, MESSAGE.url);
  }

  throwIfAny(): void {
    const entries = Object.entries(this.fields);
    if (entries.length === 0) return;
    throw new HttpError(400, 'BAD_INPUT', entries.map(([k, v]) => `${k}: ${v}`).join('; '), this.fields);
  }
}

/** A message key of machines/lib/represented-settings/rules.ts (MSG) as the spec's English sentence. */
export function messageOf(key: string, label: string, max = 0): string {
  switch (key) {
    case MSG.required:
      return MESSAGE.required(label);
    case MSG.maxLength:
      return MESSAGE.maxLength(label, max);
    case MSG.email:
      return MESSAGE.email;
    case MSG.phone:
      return MESSAGE.phone;
    case MSG.url:
      return MESSAGE.url;
    case MSG.personalCode:
      return MESSAGE.nationalId;
    case MSG.date:
      return MESSAGE.date;
    case MSG.dateRange:
      return MESSAGE.dateRange;
    case MSG.address:
      return MESSAGE.address;
    default:
      return key;
  }
}

/** '' or whitespace → null, otherwise trimmed */
export const blankToNull = (v: string | null | undefined): string | null => {
  const t = (v ?? '').trim();
  return t === '' ? null : t;
};

/**
 * parseOrThrow for the bodies of machines/lib/represented-settings/contract.ts, whose messages are i18n keys
 * (e.g. WireDate's 'validation.date'): a 400 names the same fields with the spec's English sentences.
 */
export function parseBody<S extends z.core.$ZodType>(schema: S, value: unknown): z.output<S> {
  try {
    return parseOrThrow(schema, value);
  } catch (err) {
    if (!(err instanceof HttpError) || !err.fields) throw err;
    const fields = Object.fromEntries(Object.entries(err.fields).map(([k, v]) => [k, messageOf(v, k)]));
    throw new HttpError(
      err.statusCode,
      err.code,
      Object.entries(fields)
        .map(([k, v]) => `${k}: ${v}`)
        .join('; '),
      fields,
    );
  }
}
