/**
 * The message keys of the field rules (locales/*.json `validation.*`, spec 2 §5 "Generic messages"). A rule's zod
 * message is one of these keys: the portal formats it with `{ field, max }`, the server answers it in English.
 */
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
