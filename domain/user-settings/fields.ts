/**
 * Field rules of user settings (spec 2 §5, §9): one zod schema per rule, with i18n message keys as zod messages,
 * so the portal shows `intl.formatMessage({ id: issue.message }, values)` and the server answers 400 with the same
 * rules. Pure: zod only.
 *
 * Message keys: 'validation.required' {field}, 'validation.maxLength' {field, max}, 'validation.minLength',
 * 'validation.email', 'validation.phone', 'error.username' (spec 2 §5's key), 'validation.password' (the rule text),
 * 'validation.passwords' (passwords do not match), 'validation.pattern'.
 */
import { z } from 'zod/mini';
import { LANGUAGE3 } from '../contract';
import { FIELD_MESSAGE } from '../fields';

/** E-mail, mobile and phone (spec 2 §5): the shared rules (domain/fields), as the other forms have them. */
export { EmailRule, OptionalPhoneRule } from '../fields';

// spec 2 §9 field maxima
export const NAME_MAX = 25;
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 20;
export const PASSWORD_MIN = 8;

export const MSG = {
  ...FIELD_MESSAGE,
  username: 'error.username',
  usernameNotUnique: 'validation.username.unique',
  password: 'validation.password',
  passwords: 'validation.passwords',
  /** the current password typed to change the credentials is not the person's (the server's 400 on the field) */
  currentPasswordWrong: 'user-settings.password.current.wrong',
  /** too many wrong current passwords: the sign-on throttle's wait (the server's 429) */
  currentPasswordWait: 'user-settings.password.current.wait',
} as const;

/** The edit form's fields, with the message each shows when the server refuses it (null: no format rule, 'Invalid value'). */
export const EDIT_FIELD_RULES = {
  firstName: null,
  lastName: null,
  email: FIELD_MESSAGE.email,
  mobile: FIELD_MESSAGE.phone,
  phone: FIELD_MESSAGE.phone,
  preferredLanguage: null,
  address: FIELD_MESSAGE.address,
} as const;

/** Languages of communication as the server speaks them (three-letter, upper case). */
export const PREFERRED_LANGUAGES = Object.values(LANGUAGE3) as [string, ...string[]];

/**
 * Username characters (spec 2 §5): ASCII letters and digits, dot, pipe and any character above code 160
 * (so õ, ä, š, ž, Cyrillic ... pass, while space, @, -, _ and control characters do not).
 */
export const USERNAME_PATTERN = /^[A-Za-z0-9.|\u00A1-\u{10FFFF}]+$/u;

const required = () => z.string().check(z.trim(), z.minLength(1, { message: MSG.required }));

export const FirstNameRule = required().check(z.maxLength(NAME_MAX, { message: MSG.maxLength }));
export const LastNameRule = required().check(z.maxLength(NAME_MAX, { message: MSG.maxLength }));
export const PreferredLanguageRule = z.string().check(
  z.trim(),
  z.minLength(1, { message: MSG.required }),
  z.refine((v) => PREFERRED_LANGUAGES.includes(v.toUpperCase()), { message: MSG.pattern }),
);

export const UsernameRule = required().check(
  z.minLength(USERNAME_MIN, { message: MSG.minLength }),
  z.maxLength(USERNAME_MAX, { message: MSG.maxLength }),
  z.regex(USERNAME_PATTERN, { message: MSG.username }),
);

/** Password strength (spec 2 §5): at least 8 characters, an upper and a lower case letter and a digit. */
export const PasswordRule = z.string().check(
  z.minLength(1, { message: MSG.required }),
  z.refine((v) => v.length >= PASSWORD_MIN && /\p{Lu}/u.test(v) && /\p{Ll}/u.test(v) && /\p{Nd}/u.test(v), {
    message: MSG.password,
  }),
);

/**
 * The current password, asked before a person who has one changes their username or password (ASVS 2.1.6): only
 * present, checked against the stored hash by the server. The upper bound keeps the hash's work bounded.
 */
export const CURRENT_PASSWORD_MAX = 1024;
export const CurrentPasswordRule = z
  .string()
  .check(z.minLength(1, { message: MSG.required }), z.maxLength(CURRENT_PASSWORD_MAX, { message: MSG.maxLength }));
