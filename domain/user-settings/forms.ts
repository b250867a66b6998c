/**
 * The user-settings forms as the portal holds them (all strings, as typed), their validation with the shared field
 * rules, and the mapping to the request bodies. Used by machines/settingsForm.machine.ts (guards) and the
 * views (field errors), so the two never disagree; the server validates the bodies with the same rules.
 */
import { z } from 'zod/mini';
import { EditUserBody, PreferenceBody, type AddressBody, type PasswordBody, type UserEditAnswer } from './schemas';
import { MSG, PasswordRule, UsernameRule } from './fields';
import { fieldErrorsOf, type FieldErrors } from '../fields';

export type { FieldErrors } from '../fields';

// ---------------------------------------------------------------- edit (contact data)

export interface EditForm {
  firstName: string;
  lastName: string;
  email: string;
  mobile: string;
  phone: string;
  preferredLanguage: string;
  /** the address block; null when it is not shown (personal-code country other than EE) */
  address: AddressBody | null;
}
export const EDIT_LABELS: Record<string, string> = {
  firstName: 'user-settings.edit.first-name',
  lastName: 'user-settings.edit.last-name',
  email: 'user-settings.edit.email',
  mobile: 'user-settings.edit.mobile',
  phone: 'user-settings.edit.phone',
  preferredLanguage: 'user-settings.edit.language',
  address: 'user-settings.edit.address',
};

/** spec 2 §2: the address block is shown only when the personal-code country is empty or EE. */
export function showsAddress(user: Pick<UserEditAnswer, 'personalCodeCountry'>): boolean {
  const c = (user.personalCodeCountry ?? '').trim().toUpperCase();
  return c === '' || c === 'EE';
}

export const EMPTY_ADDRESS: AddressBody = {
  padreId: null,
  padreFullName: '',
  street: null,
  zipCode: null,
  settlement: null,
  county: null,
  countyName: null,
  municipality: null,
  municipalityName: null,
};

export function editFormOf(user: UserEditAnswer): EditForm {
  const a = user.address;
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email ?? '',
    mobile: user.mobile ?? '',
    phone: user.phone ?? '',
    preferredLanguage: (user.preferredLanguage ?? '').toUpperCase(),
    address: showsAddress(user)
      ? {
          padreId: a?.padreId ?? null,
          padreFullName: a?.padreFullName ?? '',
          street: a?.street ?? null,
          zipCode: a?.zipCode ?? null,
          settlement: a?.settlement ?? null,
          county: a?.county ?? null,
          countyName: a?.countyName ?? null,
          municipality: a?.municipality ?? null,
          municipalityName: a?.municipalityName ?? null,
        }
      : null,
  };
}

/** The body of POST user-settings/edit: without a padreId from the register the full name is blanked (§5). */
export function editBody(form: EditForm): z.input<typeof EditUserBody> {
  const address = form.address && (form.address.padreId ? form.address : { ...form.address, padreFullName: '' });
  return {
    firstName: form.firstName.trim(),
    lastName: form.lastName.trim(),
    email: form.email.trim(),
    mobile: form.mobile.trim(),
    phone: form.phone.trim(),
    preferredLanguage: form.preferredLanguage,
    address,
  };
}

export function validateEdit(form: EditForm): FieldErrors {
  const r = EditUserBody.safeParse(editBody(form));
  return r.success ? {} : fieldErrorsOf(r.error.issues, EDIT_LABELS);
}

// ---------------------------------------------------------------- password

export interface PasswordForm {
  /** 'yes': log in with username and password; 'no': not */
  passwordUsed: 'yes' | 'no';
  username: string;
  password: string;
  repeat: string;
  /** the person has no password yet (passwordUsed was false): a new password is required for 'yes' */
  passwordRequired: boolean;
  /**
   * the password the person has now, asked (and sent) only when they have one (not passwordRequired): any change of
   * the sign-on, "no" included, needs it (ASVS 2.1.6)
   */
  currentPassword: string;
}
export const PASSWORD_LABELS: Record<string, string> = {
  currentPassword: 'user-settings.password.current',
  username: 'user-settings.password.username',
  password: 'user-settings.password.password',
  repeat: 'user-settings.password.repeat',
};

/**
 * The form of GET user-settings/password. Spec 2 §2 offers the yes/no choice only when canDisablePassword holds; a
 * person who cannot do without a password (staff, a personal code not from EE, LV or LT) has no choice, so the form
 * is "yes" for them: one without a password yet sets a username and password there instead of facing a dead end.
 */
export function passwordFormOf(s: {
  username: string | null;
  passwordUsed: boolean;
  canDisablePassword: boolean;
}): PasswordForm {
  return {
    passwordUsed: s.passwordUsed || !s.canDisablePassword ? 'yes' : 'no',
    username: s.username ?? '',
    password: '',
    repeat: '',
    passwordRequired: !s.passwordUsed,
    currentPassword: '',
  };
}

/** The current password is asked: the person has one (ASVS 2.1.6; one without a password sets it unasked). */
export const asksCurrentPassword = (form: PasswordForm): boolean => !form.passwordRequired;

/**
 * The message for a current password the server refused (a failed call as the portal's ApiError has it): 400
 * BAD_INPUT naming `field` (wrong or missing) or 429 TOO_MANY_ATTEMPTS (the sign-on throttle makes the username
 * wait); null for any other failure.
 */
export function currentPasswordRefusal(error: unknown, field = 'currentPassword'): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const e = error as { status?: unknown; code?: unknown; fields?: unknown };
  if (e.status === 429 && e.code === 'TOO_MANY_ATTEMPTS') return MSG.currentPasswordWait;
  const named = typeof e.fields === 'object' && e.fields !== null && field in e.fields;
  return e.status === 400 && e.code === 'BAD_INPUT' && named ? MSG.currentPasswordWrong : null;
}

/** A rule's first issue re-filed on a form field, keeping its maximum for the message. */
function moved(issue: z.core.$ZodIssue | undefined, field: string) {
  const max = issue?.code === 'too_big' ? Number(issue.maximum) : undefined;
  return {
    code: 'custom' as const,
    message: issue?.message ?? MSG.required,
    path: [field],
    params: max === undefined ? {} : { max },
  };
}

const PasswordFormSchema = z
  .object({
    passwordUsed: z.enum(['yes', 'no']),
    username: z.string(),
    password: z.string(),
    repeat: z.string(),
    passwordRequired: z.boolean(),
    currentPassword: z.string(),
  })
  .check(
    z.superRefine((f, ctx) => {
      if (!f.passwordRequired && f.currentPassword === '')
        ctx.addIssue({ code: 'custom', message: MSG.required, path: ['currentPassword'] });
      if (f.passwordUsed === 'no') return;
      const u = UsernameRule.safeParse(f.username);
      if (!u.success) ctx.addIssue(moved(u.error.issues[0], 'username'));
      // spec 2 §5: each required when the other is filled; both when the person has no password yet
      const any = f.password !== '' || f.repeat !== '' || f.passwordRequired;
      if (!any) return;
      const p = PasswordRule.safeParse(f.password);
      if (!p.success) ctx.addIssue(moved(p.error.issues[0], 'password'));
      if (f.repeat === '') ctx.addIssue({ code: 'custom', message: MSG.required, path: ['repeat'] });
      else if (f.repeat !== f.password) ctx.addIssue({ code: 'custom', message: MSG.passwords, path: ['repeat'] });
    }),
  );

export function validatePassword(form: PasswordForm): FieldErrors {
  const r = PasswordFormSchema.safeParse(form);
  return r.success ? {} : fieldErrorsOf(r.error.issues, PASSWORD_LABELS);
}

/**
 * The body of POST user-settings/password: "no" sends passwordUsed false (spec 2 §4) and, as "yes" does, the current
 * password when the person has one.
 */
export function passwordBody(form: PasswordForm): PasswordBody {
  const proof = asksCurrentPassword(form) ? { currentPassword: form.currentPassword } : {};
  if (form.passwordUsed === 'no') return { passwordUsed: false, ...proof };
  const body: PasswordBody = { passwordUsed: true, username: form.username.trim(), ...proof };
  if (form.password !== '') body.password = form.password;
  return body;
}

// ---------------------------------------------------------------- preferences

export interface PreferencesForm {
  service: string; // a PreferenceService, '' when none chosen
  represented: string; // a gid or NOPREFERENCE, '' when none chosen
}
export const PREFERENCES_LABELS: Record<string, string> = {
  service: 'user-settings.preferences.service',
  represented: 'user-settings.preferences.represented',
};
/** The service and the party are one choice (a party is allowed or not for a service, spec 2 §4): merged as one. */
export const PREFERENCES_TOGETHER = [['service', 'represented']] as const;
const PreferencesFormSchema = z.object({
  service: z.string().check(z.minLength(1, { message: MSG.required })),
  represented: z.string().check(z.minLength(1, { message: MSG.required })),
});
export function validatePreferences(form: PreferencesForm): FieldErrors {
  const r = PreferencesFormSchema.safeParse(form);
  return r.success ? {} : fieldErrorsOf(r.error.issues, PREFERENCES_LABELS);
}
export { PreferenceBody };
