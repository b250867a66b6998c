/**
 * Pure rules of the customer-add flow (spec 1 §4 customer-add steps 1–9, §5, §8, §9):
 * form validation, the autocomplete "empty" rule, the end-status → message-key catalogue and the
 * account-service redirect address. Used by the customer-add machines and by the modal's view
 * (to show field errors), so the two can never disagree.
 *
 * Messages are i18n keys, never display text.
 */
import { z } from 'zod/mini';
import { EmailRule, PhoneRule, fieldErrorsOf, type MessageRef } from '../fields';
import {
  ADDITIONAL_INFO_MAX,
  CreateRightsBody,
  DigestBody,
  MobileStartBody,
  SigningCustomer,
  SmartIdStartBody,
  SIGNING_END_STATUSES,
  SIGNING_IN_PROGRESS,
  SIGNING_SUCCESS,
  type CustomerAddGet,
  type PortalConfig,
  type SigningEndStatus,
} from '../contract';
import type { NavTarget } from '../rights';

// ---------------------------------------------------------------- messages

export type { MessageRef } from '../fields';

// ---------------------------------------------------------------- statuses (spec 1 §8)
// The codes themselves live in the shared contract (the server answers them); here: their message keys.

export const SUCCESS = SIGNING_SUCCESS;

/**
 * The status the server answers while a Mobile-ID / Smart-ID session is still running
 * (GET sign/mobile/check, GET sign/smart_id/check): 'RUNNING'. Anything else ends the polling.
 */
export const IN_PROGRESS_STATUSES: readonly string[] = [SIGNING_IN_PROGRESS];

/** Spec 1 §8 "generic failure" ("Automatic adding failed, please try again later ..."): unknown codes map here. */
export const GENERIC_FAILURE = 'GENERIC_ERROR' satisfies SigningEndStatus;

/** Every end status with a message: spec 1 §8's list, the services' extra results, the ID-card adapter's failures. */
export const END_STATUSES: readonly SigningEndStatus[] = SIGNING_END_STATUSES;

/**
 * Raw service / adapter result names that mean a catalogue code, so a raw result still shows the right
 * message (Mobile-ID NOT_MID_CLIENT is the spec's contract error; Web eID's user-cancelled is the PIN prompt).
 */
const ALIASES: Record<string, SigningEndStatus> = {
  NOT_MID_CLIENT: 'MOBILE_ID_CONTRACT_ERROR',
  USER_CANCELLED: 'MID_USER_CANCELLED',
  USER_REFUSED: 'SID_USER_REFUSED',
  PHONE_ABSENT: 'MID_PHONE_ABSENT',
  DELIVERY_ERROR: 'MID_DELIVERY_ERROR',
  SIM_ERROR: 'MID_SIM_ERROR',
  SIGNATURE_HASH_MISMATCH: 'MID_SIGNATURE_HASH_MISMATCH',
  NO_ACCOUNT: 'SMART_ID_CERT_ERROR',
  // Smart-ID RP API v2 end results (the server maps them too, server/routes/sign/outcomes.ts)
  USER_REFUSED_DISPLAYTEXTANDPIN: 'SID_USER_REFUSED',
  USER_REFUSED_VC_CHOICE: 'SID_USER_REFUSED',
  USER_REFUSED_CONFIRMATIONMESSAGE: 'SID_USER_REFUSED',
  USER_REFUSED_CONFIRMATIONMESSAGE_WITH_VC_CHOICE: 'SID_USER_REFUSED',
  USER_REFUSED_CERT_CHOICE: 'SID_USER_REFUSED',
  DOCUMENT_UNUSABLE: 'SMART_ID_CERT_ERROR',
  REQUIRED_INTERACTION_NOT_SUPPORTED_BY_APP: 'SMART_ID_CERT_ERROR',
  NO_CARD: 'IDCARD_NO_CARD',
  PIN_CANCELLED: 'IDCARD_USER_CANCELLED',
  ERR_WEBEID_USER_CANCELLED: 'IDCARD_USER_CANCELLED',
};

export function normalizeStatus(status: string | null | undefined): SigningEndStatus {
  const s = (status ?? '').trim().toUpperCase();
  if ((END_STATUSES as readonly string[]).includes(s)) return s as SigningEndStatus;
  return ALIASES[s] ?? GENERIC_FAILURE;
}

/** Message key for any non-SUCCESS status: `customer-add.error.<CODE>`, unknown codes → the generic failure. */
export function endStatusMessageKey(status: string | null | undefined): string {
  return `customer-add.error.${normalizeStatus(status)}`;
}

export const isSuccessStatus = (status: string | null | undefined): boolean => status === SUCCESS;
export const isInProgressStatus = (status: string | null | undefined): boolean =>
  IN_PROGRESS_STATUSES.includes(status ?? '');

/**
 * ID-card adapter (Web eID shape) failures: the adapter rejects with an error whose `code` is
 * IDCARD_NO_CARD (no reader / no card) or IDCARD_USER_CANCELLED (PIN entry cancelled); the short
 * forms NO_CARD / PIN_CANCELLED and Web eID's ERR_WEBEID_USER_CANCELLED are read the same way.
 * Anything else is an unexpected client-side failure (null).
 */
export function cardErrorCode(error: unknown): 'IDCARD_NO_CARD' | 'IDCARD_USER_CANCELLED' | null {
  const raw = (error as { code?: unknown } | null | undefined)?.code;
  const code = typeof raw === 'string' ? raw : '';
  const s = code === 'IDCARD_NO_CARD' || code === 'IDCARD_USER_CANCELLED' ? code : ALIASES[code];
  return s === 'IDCARD_NO_CARD' || s === 'IDCARD_USER_CANCELLED' ? s : null;
}

export const MESSAGE = {
  success: 'customer-add.success',
  saved: 'success.save',
  companyNotFound: 'customer-add.company-not-found',
  notFoundLong: 'customer-add.not-found-long',
  serverError: 'error.server',
  clientError: 'error.client',
  /** spec 2 §8 generic messages: a signing failure with no more specific message */
  signingError: 'error.signing',
} as const;

/** A request the server answered 404 (the API client's errors carry the HTTP status). */
export function isNotFoundError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'status' in error && error.status === 404;
}

// ---------------------------------------------------------------- autocomplete (spec 1 §5)

/** A 1 to 7 digit number counts as a (partial) registry-code entry, not as a failed search. */
export const CODE_ENTRY = /^\d{1,7}$/;

export function isAutocompleteEmpty(term: string, results: readonly unknown[]): boolean {
  return results.length === 0 && !CODE_ENTRY.test(term.trim());
}

// ---------------------------------------------------------------- the form (spec 1 §5)

export interface ConfirmationForm {
  email: string;
  additionalInfo: string;
  /** agreement to the contract terms and to being authorised to solely represent the legal person */
  terms: boolean;
  /** certification of being a board member with no business restrictions */
  board: boolean;
  /** Mobile-ID phone number */
  phone: string;
}

export const EMPTY_FORM: ConfirmationForm = { email: '', additionalInfo: '', terms: false, board: false, phone: '' };

/** Label keys: the `field` value of a validation message. */
export const FIELD_LABEL: Record<keyof ConfirmationForm, string> = {
  email: 'customer-add.email.label',
  additionalInfo: 'customer-add.additional-info.label',
  terms: 'customer-add.terms.label',
  board: 'customer-add.board.label',
  phone: 'customer-add.phone.label',
};

const ticked = z.boolean().check(z.refine((v) => v, { message: 'validation.required' }));

export const ConfirmationSchema = z.object({
  email: EmailRule,
  additionalInfo: z.string().check(z.maxLength(ADDITIONAL_INFO_MAX, { message: 'validation.maxLength' })),
  terms: ticked,
  board: ticked,
});

/** The Mobile-ID number: the shared phone rule (domain/fields/phone.ts), what the server sends to Mobile-ID. */
export const PhoneSchema = PhoneRule;

export type FieldErrors = Partial<Record<keyof ConfirmationForm, MessageRef>>;

/** Field errors of the confirmation form (e-mail, additional info, both checkboxes); {} when valid. */
export function validateConfirmation(form: ConfirmationForm): FieldErrors {
  const r = ConfirmationSchema.safeParse(form);
  return r.success ? {} : fieldErrorsOf(r.error.issues, FIELD_LABEL);
}

export function validatePhone(phone: string): FieldErrors {
  const r = PhoneSchema.safeParse(phone);
  return r.success ? {} : fieldErrorsOf(r.error.issues, FIELD_LABEL, { field: 'phone' });
}

export const isConfirmationValid = (form: ConfirmationForm): boolean => ConfirmationSchema.safeParse(form).success;
export const isPhoneValid = (phone: string): boolean => PhoneSchema.safeParse(phone).success;

// ---------------------------------------------------------------- commands

/**
 * The bodies of the signing and rights calls with the field rules of the form on their fields: the server parses
 * with these (server/routes/sign, server/routes/customer-add), so it accepts what the form lets through.
 */
export const SigningCustomerRules = z.extend(SigningCustomer, { email: EmailRule });
export const DigestRules = z.extend(DigestBody, { customer: SigningCustomerRules });
export const MobileStartRules = z.extend(MobileStartBody, { mobileNr: PhoneRule, customer: SigningCustomerRules });
export const SmartIdStartRules = z.extend(SmartIdStartBody, { customer: SigningCustomerRules });
export const CreateRightsRules = z.extend(CreateRightsBody, { email: EmailRule });

export function signingCustomer(
  customer: Pick<CustomerAddGet, 'regCode' | 'name'>,
  form: ConfirmationForm,
): SigningCustomer {
  return {
    enterpriseCode: customer.regCode,
    enterpriseName: customer.name,
    email: form.email.trim(),
    additionalInfo: form.additionalInfo,
  };
}

/** jgid of an EE company (spec 1 §3: generated from its registry code; customer-add is EE only). */
export function jgidOf(customer: Pick<CustomerAddGet, 'id' | 'regCode'>): string {
  return customer.id ?? `EPEE${customer.regCode}`;
}

/** Staff button label (step 6): no customer id yet → adding, else complete update. */
export function staffConfirmLabelKey(customer: Pick<CustomerAddGet, 'id'> | null): string {
  return customer?.id ? 'customer-add.confirm-update' : 'customer-add.confirm-add';
}

// ---------------------------------------------------------------- account service (spec 1 §4 step 7)

/** what picks the address (run mode, the configured addresses) and tells a page of this portal (its base) */
export type AccountServiceConfig = Pick<PortalConfig, 'runMode' | 'accountServiceUrl' | 'baseUrl'>;

/** Name of the redirect-back query parameter on the account service's customer edit page. */
export const REDIRECT_BACK_PARAM = 'redirectUrl';

/**
 * The account service's customer edit page for jgid, with a redirect back to `returnUrl`.
 * The configured address may hold a `{jgid}` placeholder; without one, jgid is added as a query parameter.
 * Run mode 'test' selects the test address, anything else production.
 */
export function accountServiceRedirectUrl(
  config: Omit<AccountServiceConfig, 'baseUrl'>,
  jgid: string,
  returnUrl: string,
): string {
  const template = config.runMode === 'test' ? config.accountServiceUrl.test : config.accountServiceUrl.live;
  const hasPlaceholder = template.includes('{jgid}');
  let url = hasPlaceholder ? template.split('{jgid}').join(encodeURIComponent(jgid)) : template;
  const [base, hash] = splitHash(url);
  url = base;
  const params: string[] = [];
  if (!hasPlaceholder) params.push(`jgid=${encodeURIComponent(jgid)}`);
  params.push(`${REDIRECT_BACK_PARAM}=${encodeURIComponent(returnUrl)}`);
  return `${url}${url.includes('?') ? '&' : '?'}${params.join('&')}${hash}`;
}

/**
 * Where the portal goes after a signature (step 7): the account service's customer edit page. A page of this portal
 * (in the reference setup, its business-customer settings page) is an in-app path, so the app stays loaded and the
 * success message stays on screen; any other address is a full page load, and the account service sends the person
 * back with the redirect parameter.
 */
export function accountServiceTarget(config: AccountServiceConfig, jgid: string, returnUrl: string): NavTarget {
  const url = accountServiceRedirectUrl(config, jgid, returnUrl);
  const base = config.baseUrl.replace(/\/+$/, '');
  return url.startsWith(`${base}/`) ? { kind: 'path', path: url.slice(base.length) } : { kind: 'redirect', url };
}

function splitHash(url: string): [string, string] {
  const i = url.indexOf('#');
  return i < 0 ? [url, ''] : [url.slice(0, i), url.slice(i)];
}
