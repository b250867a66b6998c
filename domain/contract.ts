/**
 * The zod contract shared by the portal (src/) and the reference backend (server/).
 * Shapes follow portal-spec-1-shell.md §3 and §7 and portal-spec-2-settings.md §3 and §7.
 * Where the spec says the answer is "value ...", the body is `{ value: ... }`.
 * A failure body always carries `serviceErrorMessage` (spec 1 §7: such a response is a failure).
 *
 * Pure module: imports zod only (its tree-shakable build `zod/mini`, so the browser does not ship classic zod). It lives in machines/ because machines may import nothing outside it but xstate
 * and zod; the portal (src/) and the server (server/) import it from here directly.
 */
import { z } from 'zod/mini';

// ---- constants (spec 1 §1, §9) ----
export const DOMAINS = ['EE', 'LV', 'LT'] as const;
export type Domain = (typeof DOMAINS)[number];
export const LANGUAGES = ['et', 'en', 'ru', 'lv', 'lt'] as const;
export type Language = (typeof LANGUAGES)[number];
/** three-letter codes as the server speaks them (upper case on the wire). */
export const LANGUAGE3: Record<Language, string> = { et: 'EST', en: 'ENG', ru: 'RUS', lv: 'LAV', lt: 'LIT' };
export const LANGUAGE2: Record<string, Language> = { EST: 'et', ENG: 'en', RUS: 'ru', LAV: 'lv', LIT: 'lt' };
export const APPLICATIONS = ['AXAPTA', 'OSS', 'PERIODICALS', 'FINANCE'] as const;
export type Application = (typeof APPLICATIONS)[number];
export type Service = 'FINANCE' | 'LOGISTICS' | 'PERIODICS';
export const NOPREFERENCE = 'NOPREFERENCE';
export type Privilege =
  | 'SHOW_REPRESENTEES'
  | 'SHOW_MY_SETTINGS'
  | 'ADD_ANY_CUSTOMER'
  | 'EDIT_ANY_CUSTOMER'
  | 'EDIT_ANY_USER'
  | 'NO_REPRESENTEE'
  /** the deployment admin page /osgi-admin (the spec leaves its access open) */
  | 'DEPLOYMENT_ADMIN';

export const COOKIE = {
  language: 'EPIT-LANGUAGE',
  domain: 'EPIT-DOMAIN',
  xsrf: 'EPIT-XSRF-TOKEN',
  target: 'TARGET',
  session: 'EPIT-SESSION',
  /** readable '1' while the backend holds a session for the browser (no secret; PortalConfig.sessionHint) */
  signedIn: 'EPIT-SIGNED-IN',
} as const;
export const XSRF_HEADER = 'X-XSRF-TOKEN';

// ---- failure body ----
export const ServiceError = z.object({
  serviceErrorMessage: z.string(),
  /** machine-readable code, e.g. 'UNAUTHENTICATED', 'FORBIDDEN', 'XSRF', 'BAD_INPUT', 'NOT_FOUND' */
  code: z.optional(z.string()),
  /** for BAD_INPUT: the offending fields with a human message each */
  fields: z.optional(z.record(z.string(), z.string())),
  /** a key of the portal's message catalogue (locales/*.json) that says it to a person, e.g. 'error.noRights' */
  messageKey: z.optional(z.string()),
});
export type ServiceError = z.infer<typeof ServiceError>;

/**
 * The answer to a call that acts for the session's represented party once the person holds no right in it valid
 * today (spec 1 §4 role validity, checked on every such call): the server has already cleared the session's
 * represented party, and answers 409 with this code and the catalogue key `error.rightEnded`, once. The portal says so
 * and asks again whom the person represents; the next call acts for no one.
 */
export const RIGHT_ENDED = { status: 409, code: 'RIGHT_ENDED', messageKey: 'error.rightEnded' } as const;
/** the answer is RIGHT_ENDED (above) */
export const isRightEnded = (failure: { status: number; code?: string }) =>
  failure.status === RIGHT_ENDED.status && failure.code === RIGHT_ENDED.code;

// ---- runtime configuration (served as /ui/config.json) ----
const RunMode = z.enum(['live', 'test', 'dev']);
export const PortalConfig = z.object({
  apiUrl: z.string(), // e.g. '/api'
  baseUrl: z.string(), // e.g. '/ui'
  securityUrl: z.string(), // where a protected route sends a signed-out user, with ?target=<page>
  casUrl: z.string(), // single sign-on base, e.g. '/cas'
  /** spec 1 §7 ticket endpoint (JSONP); null: the CAS server has none, the silent sign-on check uses gateway=true */
  ticketCheckUrl: z.optional(z.nullable(z.string())),
  appVersion: z.string(),
  roleRequestTimeout: z.int().check(z.positive()),
  debug: z.boolean(),
  language: z._default(z.enum(LANGUAGES), 'et'),
  runMode: RunMode,
  /** account service customer edit page; run mode test picks the test address (spec 1 §4 customer-add 7) */
  accountServiceUrl: z.object({ live: z.string(), test: z.string() }),
  /** external offer form for add-contract on LV and LT (spec 1 §2 user dashboard) */
  offerFormUrl: z.record(z.string(), z.string()),
  /** ID-card adapter: 'software' (the simulator's card; also when absent, the reference setup) or 'webeid' (the Web eID extension) */
  idCard: z.optional(z.enum(['software', 'webeid'])),
  /** true when the backend sets COOKIE.signedIn with every session (the reference one does): without it the
   * portal knows a visitor is signed out without asking; absent or false: it asks context/getUserContext every time */
  sessionHint: z.optional(z.boolean()),
  /**
   * spec 1 §9: the Matomo-compatible tracking endpoint (ANALYTICS_URL, e.g. https://stats.example/matomo.php) and
   * the site id (ANALYTICS_SITE_ID); absent or null: no analytics. Page views are sent in live run mode only
   * (domain/analytics.ts).
   */
  analytics: z.optional(
    z.nullable(z.object({ url: z.url({ protocol: /^https?$/ }), siteId: z.int().check(z.positive()) })),
  ),
});
export type PortalConfig = z.infer<typeof PortalConfig>;

// ---- user context (spec 1 §3) ----
export const UserRole = z.object({
  application: z.string(),
  roleId: z.nullable(z.int()),
  begin: z.nullable(z.string()), // DD.MM.YYYY
  end: z.nullable(z.string()), // DD.MM.YYYY, null = unlimited
  notActive: z.boolean(),
});
export type UserRole = z.infer<typeof UserRole>;

export const RepresentationRight = z.object({
  gid: z.string(),
  name: z.nullable(z.string()),
  isPerson: z.boolean(),
  userRoleList: z.array(UserRole),
});
export type RepresentationRight = z.infer<typeof RepresentationRight>;

export const AddressSummary = z.object({
  padreFullName: z.nullable(z.string()),
  street: z.nullable(z.string()),
  zipCode: z.nullable(z.string()),
  city: z.nullable(z.string()),
});

export const RepresentedDetails = z.object({
  regCode: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  address: z.nullable(AddressSummary),
  credit: z.nullable(z.boolean()), // credit available
  customerType: z.optional(z.enum(['BUSINESS', 'PRIVATE'])),
  /** spec 2 §3 userProfileCode (OLD or NEW; absent: unknown, counts as OLD, which hides OSS — spec 1 §4) */
  userProfileCode: z.optional(z.nullable(z.string())),
  clientManagerName: z.nullable(z.string()),
  clientManagerPhone: z.nullable(z.string()),
  clientManagerEmail: z.nullable(z.string()),
});
export type RepresentedDetails = z.infer<typeof RepresentedDetails>;

export const Represented = z.object({
  gid: z.string(),
  name: z.string(),
  isPerson: z.boolean(),
  details: z.nullable(RepresentedDetails),
});
export type Represented = z.infer<typeof Represented>;

export const Preference = z.object({
  representedId: z.nullable(z.string()), // gid or NOPREFERENCE
  serviceUrl: z.nullable(z.string()), // URL or NOPREFERENCE
});
export type Preference = z.infer<typeof Preference>;

export const EpitPrincipal = z.object({
  representative: z.object({ id: z.string(), firstName: z.string(), lastName: z.string() }),
  represented: z.nullable(Represented),
  representationRightsCache: z.record(z.string(), RepresentationRight),
  userPreference: z.nullable(Preference),
  /** per-application error flags, e.g. { OSS: 'ROLE_LOAD_FAILED' } (spec 1 §8 representation failure) */
  errors: z.record(z.string(), z.string()),
  authChannel: z.string(), // 'IN_AD' = internal user
});
export type EpitPrincipal = z.infer<typeof EpitPrincipal>;

const ExternalApp = z.object({
  service: z.string(),
  name: z.string(),
  iconCode: z.string(),
  customParameters: z.record(z.string(), z.string()),
});
const UserApplication = z.object({
  name: z.string(),
  customParameters: z.record(z.string(), z.string()),
});
const UiLanguage = z.object({ twoLetterCode: z.string(), threeLetterCode: z.string() });

export const UserContext = z.object({
  epitPrincipal: z.nullable(EpitPrincipal),
  externalApps: z.array(ExternalApp),
  applications: z.array(UserApplication),
  uiLanguages: z.array(UiLanguage),
  language: z.string(), // three-letter, either case
  homeUrls: z.record(z.string(), z.string()), // by domain
  privileges: z.array(z.string()),
  preference: z.nullable(Preference),
  /** applications the back office reports dead (AXAPTA, OSS, PERIODICALS, FINANCE); drives error.axapta.dead */
  deadApplications: z.array(z.string()),
});
export type UserContext = z.infer<typeof UserContext>;

/** context/getSimpleUserContext: only uiLanguages; counts as "some authentication only". */
export const SimpleUserContext = z.object({ uiLanguages: z.array(UiLanguage) });
export type SimpleUserContext = z.infer<typeof SimpleUserContext>;

export const UserDetails = z.object({
  address: z.nullable(AddressSummary),
  mobile: z.nullable(z.string()),
});
export type UserDetails = z.infer<typeof UserDetails>;

const ValueOf = <T extends z.core.SomeType>(t: T) => z.object({ value: t });

// context/representedDetails -> { value: RepresentedDetails | null }
export const RepresentedDetailsResponse = ValueOf(z.nullable(RepresentedDetails));
// context/checkDeadApplications -> { value: UserContext | null } (null: nothing changed)
export const DeadApplicationsResponse = ValueOf(z.nullable(UserContext));
// context/changeLanguage body
export const ChangeLanguageBody = z.object({ value: z.enum(['EST', 'ENG', 'RUS', 'LAV', 'LIT']) });
// single-signout -> { value: redirect address }
export const SignoutResponse = ValueOf(z.string());
// user-settings/service-urls -> { value: { EE: url, LV: url, LT: url } }
export const ServiceUrlsResponse = ValueOf(z.record(z.string(), z.string()));
// cross-domain ticket check (JSONP from casUrl + '/ticket-check?callback=fn') -> fn({ value: boolean })
export const TicketCheckResponse = ValueOf(z.boolean());
/**
 * The callback names of the ticket check: the prefix and a lower-case base-36 tail (the portal's are its own,
 * src/app/ticket-check.ts). A JSONP answer on the portal's origin that called any name given would be a script, allowed
 * by the portal's own `script-src 'self'`, that calls a function of an attacker's choosing (`?callback=alert`); with
 * these names it can only call a function the portal itself is waiting with.
 */
export const TICKET_CHECK_CALLBACK_PREFIX = '__epitJsonp';
export const TICKET_CHECK_CALLBACK = /^__epitJsonp[0-9a-z]{1,40}$/;

// ---- roles and packets (spec 1 §3, §7) ----
export const Role = z.object({
  id: z.int(),
  primary: z.boolean(),
  names: z.record(z.string(), z.string()),
  category: z.string(),
  packetId: z.nullable(z.int()),
  epCompanyId: z.string(),
  begin: z.optional(z.nullable(z.string())),
  end: z.optional(z.nullable(z.string())),
  notActive: z.optional(z.boolean()),
});
export type Role = z.infer<typeof Role>;
export const RolesAndPackets = z.object({
  application: z.string(),
  packets: z.array(
    z.object({
      packet: z.nullable(z.int()),
      categories: z.array(
        z.object({ category: z.string(), names: z.optional(z.record(z.string(), z.string())), roles: z.array(Role) }),
      ),
    }),
  ),
});
export type RolesAndPackets = z.infer<typeof RolesAndPackets>;

// ---- customer-add and signing (spec 1 §3, §7) ----
export const AutocompleteItem = z.object({ name: z.string(), code: z.string() });
export const CustomerFindResponse = z.array(AutocompleteItem);
export const CustomerAddGet = z.object({
  id: z.nullable(z.string()), // jgid when the company is already a customer
  name: z.string(),
  regCode: z.string(),
  address: z.nullable(AddressSummary),
  hasContract: z.boolean(),
  /** whether the signed-in person is one of its main administrators (never the administrators' personal codes) */
  isMainAdministrator: z.boolean(),
  value: z.nullable(z.string()), // e.g. 'CONTRACT_STOPPED'
});
export type CustomerAddGet = z.infer<typeof CustomerAddGet>;
export const ADDITIONAL_INFO_MAX = 400;
/** C0 and C1 control characters other than tab, line feed and carriage return. */
const isControlCharacter = (ch: string) => {
  const c = ch.charCodeAt(0);
  return (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || (c >= 0x7f && c <= 0x9f);
};
/**
 * The bodies of customer add's calls. The field rules on their e-mail and phone (domain/fields) are laid on
 * in domain/customer-add/rules.ts (SigningCustomerRules, MobileStartRules, ...), which the server parses with,
 * so this module, which the first screen loads, carries no rule of a lazy form.
 */
export const SigningCustomer = z.object({
  enterpriseCode: z.string().check(z.minLength(1), z.maxLength(20)),
  enterpriseName: z.string().check(z.minLength(1), z.maxLength(200)),
  email: z.string(),
  // no control characters into the contract text (line breaks and tabs are text)
  additionalInfo: z._default(
    z.string().check(
      z.maxLength(ADDITIONAL_INFO_MAX),
      z.refine((v) => ![...v].some(isControlCharacter), 'must not contain control characters'),
    ),
    '',
  ),
});
export type SigningCustomer = z.infer<typeof SigningCustomer>;
export const CreateRightsBody = z.object({
  customerId: z.string(),
  customerName: z.string(),
  email: z.string(),
});
export const CreateCustomerBody = z.object({ value: z.string().check(z.regex(/^\d{1,20}$/)) });
export const StatusValue = z.object({ value: z.string() }); // SUCCESS or an error code
export const DigestBody = z.object({ cert: z.string().check(z.minLength(1)), customer: SigningCustomer });
export const DigestResponse = z.object({ digest: z.nullable(z.string()), status: z.string() });
export const FinalizeBody = z.object({ value: z.string().check(z.minLength(1)) });
export const StatusResponse = z.object({ status: z.string() });
export const MobileStartBody = z.object({
  mobileNr: z.string(),
  customer: SigningCustomer,
});
export const SmartIdStartBody = z.object({ customer: SigningCustomer });
export const SignStartResponse = z.object({ status: z.string(), challengeId: z.nullable(z.string()) });

/**
 * Signing statuses (spec 1 §4 customer-add 7–9, §8 customer-add messages).
 * sign/mobile/check and sign/smart_id/check answer SIGNING_IN_PROGRESS ('RUNNING') while the
 * person has not acted yet: the client keeps polling on that one status only. SUCCESS ends the
 * flow well; every code in SIGNING_END_STATUSES ends it with that code's message (locale key
 * `customer-add.error.<CODE>`) and closes the modal.
 */
export const SIGNING_SUCCESS = 'SUCCESS';
export const SIGNING_IN_PROGRESS = 'RUNNING';
/** the end statuses spec 1 §8 names */
const SPEC_SIGNING_END_STATUSES = [
  'NOT_A_BOARD_MEMBER',
  'CERTIFICATE_MISMATCH',
  'MOBILE_ID_CONTRACT_ERROR',
  'MOBILE_ID_CERT_ERROR',
  'SMART_ID_CERT_ERROR',
  'ENTERPRISE_NOT_ACTIVE',
  'CONTRACT_STOPPED',
  'DIGIDOC_ERROR',
  'CREDIT_RATING_NOT_DEFINED',
] as const;
/**
 * Results the real services have beyond the spec's list, one catalogue code each. MID_* come from the Mobile-ID session result, SID_* from the Smart-ID endResult.
 * IDCARD_* never come from the server: the browser's Web eID-shaped adapter raises them (no card
 * inserted, PIN entry cancelled) and the signing machine shows them like any end status.
 * GENERIC_ERROR is spec 1 §8 "generic failure" (unknown service result, no pending signing).
 */
const EXTRA_SIGNING_END_STATUSES = [
  'MID_USER_CANCELLED',
  'MID_TIMEOUT',
  'MID_PHONE_ABSENT',
  'MID_DELIVERY_ERROR',
  'MID_SIM_ERROR',
  'MID_SIGNATURE_HASH_MISMATCH',
  'SID_USER_REFUSED',
  'SID_TIMEOUT',
  'IDCARD_NO_CARD',
  'IDCARD_USER_CANCELLED',
  'GENERIC_ERROR',
] as const;
export const SIGNING_END_STATUSES = [...SPEC_SIGNING_END_STATUSES, ...EXTRA_SIGNING_END_STATUSES] as const;
export const SigningEndStatus = z.enum(SIGNING_END_STATUSES);
export type SigningEndStatus = z.infer<typeof SigningEndStatus>;

// ---- search (spec 1 §3) ----
export const SEARCH_MIN = 3;
export const SearchBody = z.object({ value: z.string().check(z.trim(), z.minLength(SEARCH_MIN)) });
export const CustomerSearchItem = z.object({
  id: z.string(),
  name: z.string(),
  regCode: z.string(),
  axaCode: z.nullable(z.string()),
  country: z.string(),
});
export const UserSearchItem = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  personalCode: z.string(),
  personalCodeCountry: z.string(),
  notActive: z.boolean(),
});
export const CustomerSearchResponse = ValueOf(z.array(CustomerSearchItem));
export const UserSearchResponse = ValueOf(z.array(UserSearchItem));
