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
