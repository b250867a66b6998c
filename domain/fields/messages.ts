/**
 * The message keys of the field rules (locales/*.json `validation.*`, spec 2 §5 "Generic messages"). A rule's zod
 * message is one of these keys: the portal formats it with `{ field, max }`, the server answers it in English.
 */
import type { z } from 'zod/mini';

export const FIELD_MESSAGE = {
  required: 'validation.required',
  maxLength: 'validation.maxLength',
  minLength: 'validation.minLength',
  email: 'validation.email',
  phone: 'validation.phone',
  url: 'validation.url',
  personalCode: 'validation.personalCode',
  address: 'validation.address',
  date: 'validation.date',
  dateRange: 'validation.dateRange',
  pattern: 'validation.pattern',
} as const;
export type FieldMessageKey = (typeof FIELD_MESSAGE)[keyof typeof FIELD_MESSAGE];

/** The fields of a 400 BAD_INPUT answer (`{ field: message }`) as the portal's ApiError carries them; null otherwise. */
function badInputFields(error: unknown): Readonly<Record<string, string>> | null {
  if (typeof error !== 'object' || error === null) return null;
  const e = error as { status?: unknown; code?: unknown; fields?: unknown };
  if (e.status !== 400 || e.code !== 'BAD_INPUT' || typeof e.fields !== 'object' || e.fields === null) return null;
  return e.fields as Record<string, string>;
}

/**
 * The fields a failed save's 400 BAD_INPUT names (`fields: { 'address.padreId': 'Address incorrect' }`,
 * docs/conventions.md) as a form's field errors: each field of the form that the answer names (by the first part of
 * its path) shows the message of its own rule, `ruleOf[field]`, translated like every other; a field without a
 * format rule shows 'Invalid value'. The fields the form does not hold are left out; null when none is left (or the
 * failure is no BAD_INPUT).
 */
export function refusedFields(
  error: unknown,
  ruleOf: Readonly<Record<string, FieldMessageKey | null>>,
): Record<string, { key: string }> | null {
  const out: Record<string, { key: string }> = {};
  for (const path of Object.keys(badInputFields(error) ?? {})) {
    const field = path.split('.')[0];
    if (field in ruleOf && !out[field]) out[field] = { key: ruleOf[field] ?? FIELD_MESSAGE.pattern };
  }
  return Object.keys(out).length ? out : null;
}

/**
 * A message as the portal shows it: `intl.formatMessage({ id: key }, values)`. `values.field` holds the label key of
 * the field the message is about; the view translates it first (src/ui/message.ts). Every form, notice and machine
 * of the portal speaks in these.
 */
export interface MessageRef {
  key: string;
  values?: Record<string, string | number>;
}
/** A form's messages by field: the first problem of each field. */
export type FieldErrors = Record<string, MessageRef>;

/**
 * A zod result's issues as a form's field errors: the first issue of each field (in the schema's order), its message
 * key with the field's label and the rule's bound (`max` of a too_big issue or a rule re-filed with `params.max`,
 * `min` of a too_small one filed as `validation.minLength`). `field` files every issue on one field (a schema of one value, as the phone number);
 * `values` adds values of a field's own (the business customer form's maxima).
 */
export function fieldErrorsOf(
  issues: readonly z.core.$ZodIssue[],
  labels: Readonly<Record<string, string>>,
  opts: { field?: string; values?: (field: string) => Record<string, string | number> } = {},
): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = opts.field ?? String(issue.path[0] ?? '');
    if (errors[field]) continue;
    const values: Record<string, string | number> = { ...opts.values?.(field), field: labels[field] ?? field };
    if (issue.code === 'too_big') values.max = Number(issue.maximum);
    // A required field is a minimum length of 1 too; only the length message is about the bound.
    if (issue.code === 'too_small' && issue.message === FIELD_MESSAGE.minLength) values.min = Number(issue.minimum);
    if (issue.code === 'custom' && typeof issue.params?.max === 'number') values.max = issue.params.max;
    errors[field] = { key: issue.message, values };
  }
  return errors;
}
