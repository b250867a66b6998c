/**
 * Bodies and answers of the user-settings calls (spec 2 §3, §7), shared by the portal and the reference server.
 * Field rules (spec 2 §5) are in ./fields; every zod message is an i18n key. Pure: zod only.
 *
 * GET  user-settings/edit/{userId}                  → UserEditAnswer
 * POST user-settings/edit/{userId}                  ← EditUserBody                 → UserEditAnswer (the stored user)
 * POST user-settings/password/sendPasswordReset/    ← ResetEmailBody               → SendPasswordResetAnswer
 * GET  user-settings/roles/clientapp/OSS/{userId}   → RoleListAnswer (a plain list of role items)
 * GET  user-settings/password/{userId}              → PasswordSettingsAnswer
 * POST user-settings/password/{userId}              ← PasswordBody                 → PasswordSaveAnswer
 * GET  user-settings/preferences/{userId}           → Preference (contract; admin only for another user)
 * POST user-settings/preferences/{userId}           ← PreferenceBody               → Preference (the stored one)
 * GET  user-settings/rights/{userId}                → UserRightsAnswer (admin only for another user)
 * GET  user-settings/service-urls                   → ServiceUrlsResponse (contract)
 */
import { z } from 'zod/mini';
import { RepresentationRight } from '../contract';
import { addressPart, PadreIdPart, ZIP_MAX } from '../fields';
import {
  CurrentPasswordRule,
  EmailRule,
  FirstNameRule,
  LastNameRule,
  MSG,
  OptionalPhoneRule,
  PasswordRule,
  PreferredLanguageRule,
  UsernameRule,
} from './fields';

const str = z.nullable(z.string());

/** spec 2 §3 "Address as shown". disabled: the personal-code country is not EE; showGazetter: the block is shown. */
export const UserAddress = z.object({
  settlement: str,
  padreId: str,
  padreFullName: str,
  county: str,
  countyName: str,
  municipality: str,
  municipalityName: str,
  street: str,
  zipCode: str,
  disabled: z.boolean(),
  showGazetter: z.boolean(),
});
export type UserAddress = z.infer<typeof UserAddress>;

/** GET user-settings/edit/{userId} (spec 2 §3 "User (edit)"). preferredLanguage: EST/ENG/RUS/LAV/LIT or null. */
export const UserEditAnswer = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: str,
  phone: str,
  mobile: str,
  preferredLanguage: str,
  personalCode: z.string(),
  personalCodeCountry: str,
  address: z.nullable(UserAddress),
});
export type UserEditAnswer = z.infer<typeof UserEditAnswer>;

/**
 * The address sent on save (the shared address rule, domain/fields/address.ts). Without a padreId from the
 * address register the full name is blank (spec 2 §5): the server stores padreFullName '' then, whatever the body
 * says; with one it stores the register's address for it.
 */
export const AddressBody = z.object({
  padreId: PadreIdPart,
  padreFullName: addressPart(),
  street: addressPart(),
  zipCode: addressPart(ZIP_MAX),
  settlement: addressPart(),
  county: addressPart(),
  countyName: addressPart(),
  municipality: addressPart(),
  municipalityName: addressPart(),
});
export type AddressBody = z.infer<typeof AddressBody>;

/** POST user-settings/edit/{userId}. phone and mobile: '' means none. address null: no address block shown. */
export const EditUserBody = z.object({
  firstName: FirstNameRule,
  lastName: LastNameRule,
  email: EmailRule,
  mobile: OptionalPhoneRule,
  phone: OptionalPhoneRule,
  preferredLanguage: PreferredLanguageRule,
  address: z.nullable(AddressBody),
});
export type EditUserBody = z.infer<typeof EditUserBody>;
export type EditUserInput = z.input<typeof EditUserBody>;

/** POST user-settings/password/sendPasswordReset/ (spec 2 §3 "Reset email payload"). language: three-letter. */
export const ResetEmailBody = z.object({
  fgid: z.string().check(z.minLength(1, { message: MSG.required })),
  firstName: z.string(),
  lastName: z.string(),
  personalCode: z.string(),
  personalCodeCountry: z.nullable(z.string()),
  email: EmailRule,
  language: z.nullable(z.string()),
});
export type ResetEmailBody = z.infer<typeof ResetEmailBody>;
/** The answer: { value: true } once the e-mail is in the outbox. */
export const SendPasswordResetAnswer = z.object({ value: z.boolean() });

/** spec 2 §3 "Role list item"; begin/end DD.MM.YYYY, end null = unlimited. */
export const RoleListItem = z.object({
  customerId: z.string(),
  name: z.nullable(z.string()),
  application: z.string(),
  roleId: z.nullable(z.int()),
  begin: str,
  end: str,
  notActive: z.boolean(),
});
export type RoleListItem = z.infer<typeof RoleListItem>;
export const RoleListAnswer = z.array(RoleListItem);

/** GET user-settings/password/{userId} */
export const PasswordSettingsAnswer = z.object({
  username: str,
  passwordUsed: z.boolean(),
  canDisablePassword: z.boolean(),
});
export type PasswordSettingsAnswer = z.infer<typeof PasswordSettingsAnswer>;

/**
 * POST user-settings/password/{userId} (spec 2 §4): "no" sends { passwordUsed: false }; "yes" sends the username
 * and, when a new one was typed, the password (absent: the current password stays; the server answers 400 on
 * `password` when the person has none yet). A person who has a password proves it with `currentPassword` for
 * either (ASVS 2.1.6; "no" too, else "no" then "yes" would set a new password unproven): without it, or with a
 * wrong one, the server answers 400 on `currentPassword` and changes nothing. A person without a password sets one
 * without it.
 */
export const PasswordBody = z.discriminatedUnion('passwordUsed', [
  z.object({ passwordUsed: z.literal(false), currentPassword: z.optional(CurrentPasswordRule) }),
  z.object({
    passwordUsed: z.literal(true),
    username: UsernameRule,
    password: z.optional(PasswordRule),
    currentPassword: z.optional(CurrentPasswordRule),
  }),
]);
export type PasswordBody = z.infer<typeof PasswordBody>;
/** errorType 'UNIQUE': the username is taken (spec 2 §8), nothing was saved. */
export const PASSWORD_ERROR_UNIQUE = 'UNIQUE';
export const PasswordSaveAnswer = z.object({ errorType: z.optional(z.nullable(z.string())) });
export type PasswordSaveAnswer = z.infer<typeof PasswordSaveAnswer>;

/** POST user-settings/preferences/{userId}: both required (spec 2 §5); NOPREFERENCE is a value. */
export const PreferenceBody = z.object({
  representedId: z.string().check(z.trim(), z.minLength(1, { message: MSG.required }), z.maxLength(40)),
  serviceUrl: z.string().check(z.trim(), z.minLength(1, { message: MSG.required }), z.maxLength(500)),
});
export type PreferenceBody = z.infer<typeof PreferenceBody>;

/** GET user-settings/rights/{userId}: { value: rights by gid } (spec 2 §7). */
export const UserRightsAnswer = z.object({ value: z.record(z.string(), RepresentationRight) });
export type UserRightsAnswer = z.infer<typeof UserRightsAnswer>;
