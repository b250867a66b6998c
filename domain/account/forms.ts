/**
 * Form rules of the reset-password and terms-of-use (EULA) modals (spec 2 §5 "EULA form", "Username", "Password").
 * The credential rules are the password tab's (domain/user-settings: UsernameRule, PasswordRule and the
 * password form's cross-field rules), so the two never disagree; the server checks the same rules again.
 */
import { NOPREFERENCE, type RepresentationRight } from '../contract';
import type { EulaInfo } from './schemas';
import { MSG, NAME_MAX } from '../user-settings/fields';
import { validatePassword, type FieldErrors } from '../user-settings/forms';
import { allowedRights, preferenceServiceUrl, type ServiceUrlContext } from '../user-settings/preferences';

export interface CredentialsForm {
  username: string;
  password: string;
  repeat: string;
}

/** Username, password and repeat, all required (a new password is always set here). */
export function validateCredentials(form: CredentialsForm): FieldErrors {
  const { username, password, repeat } = form;
  return validatePassword({
    passwordUsed: 'yes',
    passwordRequired: true,
    currentPassword: '',
    username,
    password,
    repeat,
  });
}

export interface EulaForm extends CredentialsForm {
  firstName: string;
  lastName: string;
  /** spec 2 §5: the name fields are asked (and required) only when the stored name is missing */
  askFirstName: boolean;
  askLastName: boolean;
  service: string;
  represented: string;
  /** the URL saved for service + represented (eulaServiceUrl); '' when it cannot be built */
  serviceUrl: string;
  accept: boolean;
  /**
   * the signed-in person (no invitation key) has a password: the confirm replaces it, so it asks for the current
   * one (ASVS 2.1.6); an invitee or a person without a password is not asked
   */
  askCurrentPassword: boolean;
  currentPassword: string;
}

export const EULA_LABELS: Record<string, string> = {
  firstName: 'account.eula.first-name',
  lastName: 'account.eula.last-name',
  service: 'account.eula.service',
  represented: 'account.eula.represented',
  accept: 'account.eula.accept',
  currentPassword: 'user-settings.password.current',
};

function nameError(value: string, label: string): FieldErrors[string] | null {
  const v = value.trim();
  if (v === '') return { key: MSG.required, values: { field: label } };
  if (v.length > NAME_MAX) return { key: MSG.maxLength, values: { field: label, max: NAME_MAX } };
  return null;
}

/** Every rule of the EULA form; {} when it may be confirmed. */
export function validateEula(form: EulaForm): FieldErrors {
  const errors: FieldErrors = { ...validateCredentials(form) };
  if (form.askFirstName) {
    const e = nameError(form.firstName, EULA_LABELS.firstName);
    if (e) errors.firstName = e;
  }
  if (form.askLastName) {
    const e = nameError(form.lastName, EULA_LABELS.lastName);
    if (e) errors.lastName = e;
  }
  if (form.service === '' || form.serviceUrl === '')
    errors.service = { key: MSG.required, values: { field: EULA_LABELS.service } };
  if (form.represented === '') errors.represented = { key: MSG.required, values: { field: EULA_LABELS.represented } };
  if (!form.accept) errors.accept = { key: 'account.eula.accept-required' };
  if (form.askCurrentPassword && form.currentPassword === '')
    errors.currentPassword = { key: MSG.required, values: { field: EULA_LABELS.currentPassword } };
  return errors;
}

export const emptyEulaForm = (): EulaForm => ({
  username: '',
  password: '',
  repeat: '',
  firstName: '',
  lastName: '',
  askFirstName: false,
  askLastName: false,
  service: '',
  represented: NOPREFERENCE,
  serviceUrl: '',
  accept: false,
  askCurrentPassword: false,
  currentPassword: '',
});

/**
 * The form a loaded person starts with: the name fields are asked when the stored name is missing (spec 2 §5), and the
 * signed-in person's password is replaced by the confirm, so they prove it first (an invitation's key proves it).
 */
export function eulaFormOf(
  info: Pick<EulaInfo, 'firstName' | 'lastName' | 'passwordUsed'> | null,
  invited: boolean,
): EulaForm {
  return {
    ...emptyEulaForm(),
    askFirstName: !!info && info.firstName.trim() === '',
    askLastName: !!info && info.lastName.trim() === '',
    askCurrentPassword: !invited && !!info?.passwordUsed,
  };
}

/** The parties offered for a service (spec 2 §4: the preferences view's rules), NOPREFERENCE first. */
export function eulaParties(
  parties: readonly RepresentationRight[],
  service: string,
  today: Date,
): RepresentationRight[] {
  return service === '' ? [] : allowedRights(parties, service, today);
}

/** The preference URL for the chosen service and party (spec 2 §4 "Service URL"); '' when none can be built. */
export function eulaServiceUrl(
  form: Pick<EulaForm, 'service' | 'represented'>,
  parties: readonly RepresentationRight[],
  ctx: ServiceUrlContext,
): string {
  if (form.service === '') return '';
  const party = parties.find((p) => p.gid === form.represented) ?? null;
  return preferenceServiceUrl(form.service, party, ctx) ?? '';
}
