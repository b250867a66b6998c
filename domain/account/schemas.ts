/**
 * Account creation (spec 2 §2 "Account creation", §3, §4, §5, §7): the bodies and answers of user-reset-password/*
 * and user-add/*, shared by the portal and the reference server. Pure: zod and the shared contracts only.
 *
 * The key from the e-mail link travels with every call (query `key`, body `key`): it is what identifies a person who
 * is not signed in. `/user-add/edit/` without a key is the signed-in person's own terms-of-use acceptance.
 */
import { z } from 'zod/mini';
import { Preference, RepresentationRight } from '../contract';
import { CurrentPasswordRule, NAME_MAX } from '../user-settings/fields';

/** A key as it appears in a link (server/lib/reset-keys.ts makes base64url keys). */
export const ResetKeyParam = z
  .string()
  .check(z.regex(/^[A-Za-z0-9_-]{16,100}$/, 'must be the key from the e-mail link'));

/** spec 2 §3 "Reset-password user"; `endUserAgreementVersion` null: a new account (the terms are still to accept). */
export const ResetPasswordUser = z.object({
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  personalCode: z.string(),
  username: z.nullable(z.string()),
  endUserAgreementVersion: z.nullable(z.string()),
});
export type ResetPasswordUser = z.infer<typeof ResetPasswordUser>;

/** GET user-reset-password/getUserByResetPasswordKey/{key}: null when the key resolves to nobody (or expired, used). */
export const ResetPasswordUserAnswer = z.object({ value: z.nullable(ResetPasswordUser) });

/** POST user-reset-password/saveCredentials/ (spec 2 §7: passwordUsed, username, password; plus the link's key). */
export const SaveCredentialsBody = z.object({
  key: ResetKeyParam,
  passwordUsed: z.literal(true),
  username: z.string(),
  password: z.string(),
});
export type SaveCredentialsBody = z.infer<typeof SaveCredentialsBody>;

/** errorType UNIQUE: the username is taken; KEY: the key no longer resolves (used, expired, unknown). */
export const CredentialsAnswer = z.object({ errorType: z.nullable(z.enum(['UNIQUE', 'KEY'])) });
export type CredentialsAnswer = z.infer<typeof CredentialsAnswer>;

/** GET user-add/getUserInfo (spec 2 §3 "EULA info"), with what the form needs besides. */
export const EulaInfo = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  trustfulAuthentication: z.boolean(),
  /** three-letter language of communication (the terms PDF is the upper-case two-letter code of it) */
  language: z.string(),
  username: z.nullable(z.string()),
  endUserAgreementVersion: z.nullable(z.string()),
  /** the person has a password: without a key, the confirm needs it (`userCredentials.currentPassword`) */
  passwordUsed: z.boolean(),
  /** the person's stored preference, null when none (spec 2 §4: an existing preference only redirects) */
  preference: z.nullable(Preference),
  /** the package-private service's URL by domain (user-settings/service-urls needs a session, which an invitee lacks) */
  packagePrivateUrls: z.record(z.string(), z.string()),
});
export type EulaInfo = z.infer<typeof EulaInfo>;
export const EulaInfoAnswer = z.object({ value: z.nullable(EulaInfo) });

/** GET user-add/getRepresentedWithAdminRoles: the parties the person may choose, with their roles. */
export const RepresentedWithAdminRolesAnswer = z.object({ value: z.array(RepresentationRight) });

/** The EULA flow's preference (spec 2 §3): service, represented gid or NOPREFERENCE, and the URL built for them. */
export const EulaPreference = z.object({
  service: z.string().check(z.minLength(1)),
  represented: z.string().check(z.minLength(1)),
  serviceUrl: z.string().check(z.minLength(1)),
});
export type EulaPreference = z.infer<typeof EulaPreference>;

const Name = z.string().check(z.trim(), z.maxLength(NAME_MAX));

/** POST user-add/confirm (spec 2 §3 "Confirm payload"), plus the link's key and the preference. */
export const ConfirmBody = z.object({
  key: z.nullable(ResetKeyParam),
  acceptEula: z.literal(true),
  uniqueUsernameError: z.boolean(),
  adminList: z.array(z.string()),
  userCredentials: z.object({
    username: z.string(),
    password: z.string(),
    passwordAgain: z.string(),
    passwordUsed: z.literal(true),
    /**
     * Without a key, a signed-in person who has a password proves it before the confirm replaces it (ASVS 2.1.6):
     * absent or wrong, the server answers 400 on `userCredentials.currentPassword` and changes nothing.
     */
    currentPassword: z.optional(CurrentPasswordRule),
  }),
  firstName: Name,
  lastName: Name,
  preference: EulaPreference,
});
export type ConfirmBody = z.infer<typeof ConfirmBody>;

/**
 * errorType UNIQUE: username taken, nothing saved. Otherwise `hadPreference` tells whether a stored preference
 * was kept (then `preference` is that one) or the chosen one was saved.
 */
export const ConfirmAnswer = z.object({
  errorType: z.nullable(z.enum(['UNIQUE', 'KEY'])),
  hadPreference: z.boolean(),
  preference: z.nullable(Preference),
});
export type ConfirmAnswer = z.infer<typeof ConfirmAnswer>;

export const EULA_VERSION = '2025-1';

/** The terms-of-use PDFs: one per upper-case language code (spec 2 §2 "Account creation"). */
export const EULA_LANGUAGES = ['ET', 'EN', 'RU', 'LV', 'LT'] as const;

/** The terms-of-use PDF for the language on screen (et, en, ru, lv, lt); English for any other. */
export function eulaLanguageCode(language: string | null | undefined): (typeof EULA_LANGUAGES)[number] {
  const code = (language ?? '').toUpperCase();
  return EULA_LANGUAGES.find((l) => l === code) ?? 'EN';
}
