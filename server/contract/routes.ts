/**
 * The portal's API as a table: for every route the reference server answers under /api (and the CAS ticket endpoint
 * the portal also calls, spec 1 §7), the zod schemas the route itself parses its input with (a body's field rules
 * included: the `…Rules` schemas) and the schemas of its answers. `openapi.ts` turns this table into the published OpenAPI document; `answers.ts` checks answers against
 * that document. Only schema objects the code already uses are named here (from domain, the shared contract,
 * or exported beside the route); never a copy.
 *
 * Who may call a route (the security schemes, 401 and 403) comes from the authorization matrix's table
 * (server/security/access-table.ts). A failure body is always a ServiceError (domain/contract.ts); `errors`
 * names the failures particular to a route, with their codes.
 */
import type { z } from 'zod/mini';
import * as contract from '../../domain/contract.js';
import * as devPages from '../../domain/dev-pages/contract.js';
import * as account from '../../domain/account/schemas.js';
import * as address from '../../domain/address.js';
import * as settings from '../../domain/represented-settings/contract.js';
import * as userSettings from '../../domain/user-settings/schemas.js';
import {
  CreateRightsRules,
  DigestRules,
  MobileStartRules,
  SmartIdStartRules,
} from '../../domain/customer-add/rules.js';
import { SettingsSaveRules } from '../../domain/represented-settings/rules.js';
import { TicketCheckQuery } from '../cas/index.js';
import * as appsProtocol from '../lib/apps-protocol.js';
import { Search, PadreIdParams } from '../routes/address/index.js';
import { AccessQuery, FinanceStatusQuery } from '../routes/apps/index.js';
import { FisikIdParams } from '../routes/ax/index.js';
import { ChangeRepresentedParams, UserDetailsQuery } from '../routes/context/index.js';
import { DocsFileParams, OpenApiAnswer } from '../routes/api-docs/schemas.js';
import { FindQuery, GidParam as CustomerAddIdParams } from '../routes/customer-add/index.js';
import {
  ClientAppParams,
  CustomerIdParam as EnterpriseCustomerParams,
  PositionParams,
} from '../routes/enterprise/index.js';
import { RolesAndPacketsParams } from '../routes/roles-and-packets/index.js';
import { CallbackQuery, LoginQuery, LogoutRequestForm } from '../routes/security/index.js';
import { CustomerIdParam } from '../routes/settings/index.js';
import { SignoutQuery } from '../routes/single-signout/index.js';
import { CODE, EnterpriseCompanyAnswer } from '../routes/test/index.js';
import { EulaFileParams, KeyQuery } from '../routes/user-add/index.js';
import { ResetKeyParams } from '../routes/user-reset-password/index.js';
import { UserIdParams } from '../routes/user-settings/access.js';
import { RoleListAppParams } from '../routes/user-settings/roles.js';
import { GidParam as UserGidParams } from '../routes/user/index.js';

export type Schema = z.core.$ZodType;

export type Answer =
  | { kind: 'json'; schema: Schema; description: string }
  /** a script calling the query's callback with the schema's value (`fn({"value":true});`) */
  | { kind: 'jsonp'; schema: Schema; description: string }
  | { kind: 'redirect'; description: string }
  /** a body that is not JSON: its media type */
  | { kind: 'file'; type: string; description: string }
  | { kind: 'empty'; description: string };

export interface RouteContract {
  summary: string;
  description?: string;
  /** the path parameters: one object schema, or several whose fields together are the path's parameters */
  params?: Schema | Schema[];
  query?: Schema;
  /** a JSON body */
  body?: Schema;
  /** a form body (application/x-www-form-urlencoded); `xml`: or the same as an XML document */
  form?: { schema: Schema; xml?: boolean };
  /** by status; several media types for one status when the Accept header chooses */
  answers: Partial<Record<number, Answer | Answer[]>>;
  /** ServiceError failures particular to the route (status → its codes and when); the common ones are added */
  errors?: Partial<Record<number, string>>;
  /** the X-XSRF-TOKEN header: true on a GET that changes the session, false on a POST from another server */
  xsrf?: boolean;
  /** the path is on the single sign-on base (casUrl) or where the portal is mounted (baseUrl), not the API base */
  base?: 'cas' | 'ui' | 'sla';
  /**
   * The record is versioned (RFC 9110 conditional requests, server/lib/versions.ts): 'read' answers its version as
   * the ETag header; 'write' takes an optional If-Match, answers 412 CHANGED_MEANWHILE when it is stale, and the new
   * ETag. The text names the record.
   */
  versioned?: { kind: 'read' | 'write'; record: string };
}

const json = (schema: Schema, description = 'OK'): Answer => ({ kind: 'json', schema, description });
const redirect = (description: string): Answer => ({ kind: 'redirect', description });
const file = (type: string, description: string): Answer => ({ kind: 'file', type, description });

const APP_DEAD = '<APPLICATION>_DEAD (e.g. AXAPTA_DEAD): the application is marked dead (spec 1 §4)';
const AXAPTA_DEAD = 'AXAPTA_DEAD: the accounting system is down, settings are gated (spec 2 §6)';
const NOT_IN_LIVE = 'NOT_FOUND: developer pages are switched off in live run mode';
/** domain/contract.ts RIGHT_ENDED: a call acting for the session's represented party after its right ended */
const RIGHT_ENDED =
  "RIGHT_ENDED (messageKey error.rightEnded): the session's represented party holds no right of the person valid " +
  'today any more; the session acts for no one from now on (spec 1 §4 role validity)';
const SERVICE_FAILED = 'SERVICE_UNREACHABLE or SERVICE_FAILED: the outside service cannot be asked';

/** Keyed like the authorization matrix: `METHOD /path` with Fastify's `:param` placeholders. */
export const ROUTE_CONTRACTS: Record<string, RouteContract> = {
  // ---- sign-on (spec 1 §7 "security service"; CAS Protocol 3.0) ----
  'GET /api/security/login': {
    summary: 'Start the sign-on: a redirect to the single sign-on service',
    description:
      'Sends the browser to `{casUrl}/login?service=<origin>/api/security/callback?target=…` (CAS 3.0 §2.1; ' +
      '`gateway=true`: the silent check, §2.1.1). Only portal pages (`/ui/…`) are kept as targets, anything else ' +
      'becomes `/ui/`.',
    query: LoginQuery,
    answers: { 302: redirect('to the CAS login page') },
  },
  'GET /api/security/callback': {
    summary: 'The service URL: validates the CAS service ticket and opens the portal session',
    description:
      'Validates `ticket` at `{CAS_VALIDATE_URL}/p3/serviceValidate` (CAS 3.0 §2.8), sets the session cookie and ' +
      'redirects to `target`. After a gateway login without a sign-on session there is no ticket: a redirect to ' +
      'the target, signed out. `state` is the one `GET /security/login` put in the service URL; a callback whose ' +
      'state this browser does not hold (its single-use login cookie), or that another site sent it to, is ' +
      'refused. A browser (Accept: text/html) gets the failures as a page.',
    query: CallbackQuery,
    answers: {
      302: redirect('to the target page, signed in (or signed out after a gateway return)'),
      401: [
        json(
          contract.ServiceError,
          'INVALID_TICKET: the ticket is invalid, used or expired; UNAUTHENTICATED: unknown user',
        ),
        file('text/html', 'the same, as a page'),
      ],
      403: [
        json(contract.ServiceError, 'LOGIN_STATE: the sign-on was not begun in this browser (login CSRF)'),
        file('text/html', 'the same, as a page'),
      ],
      502: [
        json(contract.ServiceError, 'SSO_UNAVAILABLE: the sign-on service cannot be reached'),
        file('text/html', 'the same, as a page'),
      ],
    },
  },
  'POST /api/security/callback': {
    summary: 'CAS single logout (back channel)',
    description:
      'The single sign-on server posts a SAML `LogoutRequest` naming a service ticket (CAS 3.0 §2.3.3, Appendix C); ' +
      'the sessions that ticket opened end. It proves itself by a ticket that opened a live session; anything else ' +
      'is refused like a request without the XSRF token.',
    form: { schema: LogoutRequestForm, xml: true },
    xsrf: false,
    answers: { 200: { kind: 'empty', description: 'the sessions of the ticket ended' } },
    errors: { 403: 'XSRF: no live session was opened with that ticket' },
  },
  'POST /api/security/single-signout': {
    summary: 'End the portal session; the answer is the CAS logout address to go to',
    description: 'Works without a session too (spec 1 §7: synchronous, to the security base).',
    query: SignoutQuery,
    answers: { 200: json(contract.SignoutResponse, 'value: the CAS logout address') },
  },

  // ---- user context (spec 1 §3, §7) ----
  'GET /api/context/getUserContext': {
    summary: 'The full user context',
    answers: { 200: json(contract.UserContext) },
    errors: { 409: RIGHT_ENDED },
  },
  'GET /api/context/getSimpleUserContext': {
    summary: 'The interface languages only ("some authentication only", spec 1 §3)',
    answers: { 200: json(contract.SimpleUserContext) },
  },
  'GET /api/context/getUserDetails': {
    summary: "A person's address and mobile (themself, or anyone with EDIT_ANY_USER)",
    query: UserDetailsQuery,
    answers: { 200: json(contract.UserDetails) },
    errors: { 404: 'NOT_FOUND: no such person' },
  },
  'GET /api/context/representedDetails': {
    summary: 'The details of the represented party',
    answers: { 200: json(contract.RepresentedDetailsResponse, 'value: null while nobody is represented') },
    errors: { 409: RIGHT_ENDED, 503: AXAPTA_DEAD },
  },
  'GET /api/context/changeRepresented/:gid': {
    summary: 'Act for another party; the answer is the new user context',
    description: 'Changes the session, so it needs the X-XSRF-TOKEN header although it is a GET.',
    params: ChangeRepresentedParams,
    xsrf: true,
    answers: { 200: json(contract.UserContext) },
    errors: { 403: 'FORBIDDEN: no representation right valid today for gid (messageKey error.noRights)' },
  },
  'POST /api/context/changeLanguage': {
    summary: "Change the session's language",
    body: contract.ChangeLanguageBody,
    // the answer echoes the stored value in the body's own shape
    answers: { 200: json(contract.ChangeLanguageBody, 'value: the language now in use') },
  },
  'GET /api/context/checkDeadApplications': {
    summary: 'Polled every 30 s: a new user context when the set of dead applications changed (spec 1 §4)',
    answers: { 200: json(contract.DeadApplicationsResponse, 'value: null when nothing changed') },
    errors: { 409: RIGHT_ENDED },
  },

  // ---- customer-add and signing (spec 1 §4 customer-add, §7) ----
  'GET /api/customer-add/find': {
    summary: 'Companies of the business register whose name contains the term or whose code starts with it',
    query: FindQuery,
    answers: { 200: json(contract.CustomerFindResponse) },
  },
  'GET /api/customer-add/get/:id': {
    summary: 'A company by jgid or registry code, with whether it has a contract',
    params: CustomerAddIdParams,
    answers: { 200: json(contract.CustomerAddGet, 'value: CONTRACT_STOPPED when the contract is stopped') },
    errors: { 404: 'NOT_FOUND: no such customer or company' },
  },
  'POST /api/customer-add/create-rights': {
    summary: 'Become main administrator of a customer with a contract (a board member)',
    body: CreateRightsRules,
    answers: { 200: json(contract.StatusValue, 'value: SUCCESS or an end status (spec 1 §8 customer-add messages)') },
    errors: { 404: 'NOT_FOUND: no such customer' },
  },
  'POST /api/customer-add/create-customer': {
    summary: 'Add or update a company from the business register (ADD_ANY_CUSTOMER)',
    body: contract.CreateCustomerBody,
    answers: { 200: json(contract.StatusValue, 'value: SUCCESS') },
    errors: { 404: 'NOT_FOUND: no such company in the business register' },
  },
  'POST /api/sign/digest': {
    summary: 'ID-card signing, step 1: the digest to sign with the given certificate',
    body: DigestRules,
    answers: { 200: json(contract.DigestResponse, 'status: SUCCESS (with the digest) or an end status') },
    errors: { 503: 'SIGNING_NOT_CONFIGURED (live run mode without the signing settings)' },
  },
  'POST /api/sign/finalize': {
    summary: 'ID-card signing, step 2: the signature',
    body: contract.FinalizeBody,
    answers: { 200: json(contract.StatusResponse, 'status: SUCCESS or an end status') },
    errors: { 503: 'SIGNING_NOT_CONFIGURED' },
  },
  'POST /api/sign/mobile/start': {
    summary: 'Start Mobile-ID signing',
    body: MobileStartRules,
    answers: { 200: json(contract.SignStartResponse, 'status: SUCCESS with the verification code, or an end status') },
    errors: { 503: 'SIGNING_NOT_CONFIGURED' },
  },
  'GET /api/sign/mobile/check': {
    summary: 'Mobile-ID signing status; RUNNING while the person has not acted (asked again after 5 s)',
    answers: { 200: json(contract.StatusResponse) },
    errors: { 503: 'SIGNING_NOT_CONFIGURED' },
  },
  'POST /api/sign/smart_id/start': {
    summary: 'Start Smart-ID signing (waits for the device choice)',
    body: SmartIdStartRules,
    answers: { 200: json(contract.SignStartResponse) },
    errors: { 503: 'SIGNING_NOT_CONFIGURED' },
  },
  'GET /api/sign/smart_id/check': {
    summary: 'Smart-ID signing status; RUNNING while the person has not acted',
    answers: { 200: json(contract.StatusResponse) },
    errors: { 503: 'SIGNING_NOT_CONFIGURED' },
  },

  // ---- admin search (spec 1 §2 customer search page) ----
  'POST /api/customer-search/customer': {
    summary: 'Search customers by name, registry code or accounting code (at least 3 characters)',
    body: contract.SearchBody,
    answers: { 200: json(contract.CustomerSearchResponse) },
  },
  'POST /api/customer-search/user': {
    summary: 'Search users by name or personal code (at least 3 characters)',
    body: contract.SearchBody,
    answers: { 200: json(contract.UserSearchResponse) },
  },

  // ---- role catalogue and external applications (spec 1 §4, §7) ----
  'GET /api/roles-and-packets/clientapp/:app': {
    summary: "An application's roles by packet and category",
    description: 'The portal waits at most roleRequestTimeout (config.json); a failure flags that application.',
    params: RolesAndPacketsParams,
    answers: { 200: json(contract.RolesAndPackets) },
    errors: { 503: APP_DEAD, 504: 'ROLE_TIMEOUT: loading took longer than ROLE_REQUEST_TIMEOUT' },
  },
  'GET /api/apps/access': {
    summary: "For an external application's server: may the person use it for the party guid?",
    description: 'Server to server, with the shared secret (`Authorization: Bearer <APPS_SECRET>`), never a browser.',
    query: AccessQuery,
    answers: { 200: json(appsProtocol.AccessAnswer) },
    errors: { 401: 'UNAUTHENTICATED: without the shared secret' },
  },
  'GET /api/apps/finance/status': {
    summary: 'The finance special status of the represented customer (or of customerId)',
    query: FinanceStatusQuery,
    answers: { 200: json(appsProtocol.FinanceStatusAnswer) },
    errors: { 409: RIGHT_ENDED, 502: 'FINANCE_UNREACHABLE: invoicing management cannot be asked' },
  },

  // ---- user settings (spec 2 §2–§9) ----
  'GET /api/user-settings/service-urls': {
    summary: 'The package-private service URL of each domain',
    answers: { 200: json(contract.ServiceUrlsResponse) },
  },
  'GET /api/user-settings/edit/:userId': {
    summary: "A person's editable data (themself, or staff with EDIT_ANY_USER)",
    params: UserIdParams,
    answers: { 200: json(userSettings.UserEditAnswer) },
    errors: { 404: 'NOT_FOUND: no such person' },
    versioned: { kind: 'read', record: "the person's data" },
  },
  'POST /api/user-settings/edit/:userId': {
    summary: "Save a person's data; the answer is what was stored",
    params: UserIdParams,
    body: userSettings.EditUserBody,
    answers: { 200: json(userSettings.UserEditAnswer) },
    errors: {
      404: 'NOT_FOUND: no such person',
      502: 'ADDRESS_REGISTER_UNREACHABLE: the address register cannot be asked',
    },
    versioned: { kind: 'write', record: "the person's data" },
  },
  'POST /api/user-settings/password/sendPasswordReset/': {
    summary: 'Send a person a password reset e-mail (EDIT_ANY_USER)',
    body: userSettings.ResetEmailBody,
    answers: { 200: json(userSettings.SendPasswordResetAnswer) },
    errors: {
      404: 'NOT_FOUND: no such person',
      409:
        'EMAIL_RECENTLY_SET: someone other than the person set the address less than 24 hours ago; nothing is sent ' +
        '(messageKey user-settings.reset.emailRecentlySet)',
    },
  },
  'POST /api/user-settings/password/sendPasswordReset': {
    summary: 'The same as sendPasswordReset/ (without the trailing slash)',
    body: userSettings.ResetEmailBody,
    answers: { 200: json(userSettings.SendPasswordResetAnswer) },
    errors: {
      404: 'NOT_FOUND: no such person',
      409:
        'EMAIL_RECENTLY_SET: someone other than the person set the address less than 24 hours ago; nothing is sent ' +
        '(messageKey user-settings.reset.emailRecentlySet)',
    },
  },
  'GET /api/user-settings/password/:userId': {
    summary: "One's own username and whether the password login is used (themself only)",
    params: UserIdParams,
    answers: { 200: json(userSettings.PasswordSettingsAnswer) },
    errors: { 404: 'NOT_FOUND: no such person' },
  },
  'POST /api/user-settings/password/:userId': {
    summary: "Save one's username and password, or end the password login (the current password, when there is one)",
    params: UserIdParams,
    body: userSettings.PasswordBody,
    answers: { 200: json(userSettings.PasswordSaveAnswer, "errorType: 'UNIQUE' when the username is taken") },
    errors: {
      404: 'NOT_FOUND: no such person',
      429: 'TOO_MANY_ATTEMPTS: too many wrong passwords of this username (the sign-on throttle); Retry-After says when',
    },
  },
  'GET /api/user-settings/preferences/:userId': {
    summary: "A person's start-up preference",
    params: UserIdParams,
    answers: { 200: json(contract.Preference) },
    errors: { 404: 'NOT_FOUND: no such person' },
    versioned: { kind: 'read', record: "the person's preferences" },
  },
  'POST /api/user-settings/preferences/:userId': {
    summary: "Save a person's start-up preference",
    params: UserIdParams,
    body: userSettings.PreferenceBody,
    answers: { 200: json(contract.Preference) },
    errors: { 404: 'NOT_FOUND: no such person' },
    versioned: { kind: 'write', record: "the person's preferences" },
  },
  'GET /api/user-settings/roles/clientapp/:app/:userId': {
    summary: "A person's roles in one application, one item per represented customer",
    params: [RoleListAppParams, UserIdParams],
    answers: { 200: json(userSettings.RoleListAnswer) },
    errors: {
      404: 'NOT_FOUND: no such person',
      503: `ROLE_LOAD_FAILED: the roles cannot be loaded; ${APP_DEAD}`,
    },
  },
  'GET /api/user-settings/rights/:userId': {
    summary: "A person's representation rights by party",
    params: UserIdParams,
    answers: { 200: json(userSettings.UserRightsAnswer) },
    errors: { 404: 'NOT_FOUND: no such person' },
  },

  // ---- accounts by invitation key (spec 2 §4, §7, §8) ----
  'GET /api/user-reset-password/getUserByResetPasswordKey/:key': {
    summary: 'The person of a reset link',
    params: ResetKeyParams,
    answers: { 200: json(account.ResetPasswordUserAnswer, 'value: null for an unknown, used or expired key') },
  },
  'POST /api/user-reset-password/saveCredentials/': {
    summary: 'Set the username and password of the person of a reset link',
    body: account.SaveCredentialsBody,
    answers: {
      200: json(account.CredentialsAnswer, 'errorType: UNIQUE (username taken) or KEY (key no longer valid)'),
    },
  },
  'GET /api/user-add/getUserInfo': {
    summary: 'The terms-of-use form: the person of the key (or the signed-in person)',
    query: KeyQuery,
    answers: { 200: json(account.EulaInfoAnswer, 'value: null for a key that resolves to nobody') },
    errors: { 401: 'UNAUTHENTICATED: neither a key nor a session' },
  },
  'GET /api/user-add/getRepresentedWithAdminRoles': {
    summary: 'The parties the person may choose as preference',
    query: KeyQuery,
    answers: { 200: json(account.RepresentedWithAdminRolesAnswer) },
    errors: { 401: 'UNAUTHENTICATED: neither a key nor a session' },
  },
  'POST /api/user-add/confirm': {
    summary: 'Accept the terms of use, set the credentials and the preference',
    body: account.ConfirmBody,
    answers: { 200: json(account.ConfirmAnswer) },
    errors: {
      401: 'UNAUTHENTICATED: neither a key nor a session',
      429: 'TOO_MANY_ATTEMPTS: without a key, too many wrong current passwords of this username; Retry-After says when',
    },
  },
  'GET /api/user-add/eula/:file': {
    summary: 'The terms of use as a PDF, by upper-case language code: ET.pdf, EN.pdf, RU.pdf, LV.pdf, LT.pdf',
    params: EulaFileParams,
    answers: { 200: file('application/pdf', 'the terms of use') },
    errors: { 404: 'NOT_FOUND: no terms in that language' },
  },

  // ---- business customer settings and rights (spec 2 §3, §4, §7) ----
  'POST /api/settings/get': {
    summary: "A business customer's settings (a main administrator of it, or EDIT_ANY_CUSTOMER)",
    body: settings.SettingsGetBody,
    answers: { 200: json(settings.RepresentedCustomer) },
    errors: { 404: 'NOT_FOUND: no such customer (staff)', 409: RIGHT_ENDED, 503: AXAPTA_DEAD },
    versioned: { kind: 'read', record: "the customer's data" },
  },
  'POST /api/settings': {
    summary: "Save a business customer's settings; the answer is what was stored",
    body: SettingsSaveRules,
    answers: { 200: json(settings.RepresentedCustomer) },
    errors: { 404: 'NOT_FOUND: no such customer (staff)', 409: RIGHT_ENDED, 503: AXAPTA_DEAD },
    versioned: { kind: 'write', record: "the customer's data" },
  },
  'GET /api/settings/userProfileCode/:customerId': {
    summary: "A customer's user profile code (OLD or NEW)",
    params: CustomerIdParam,
    answers: { 200: json(settings.UserProfileCodeAnswer) },
    errors: { 404: 'NOT_FOUND: no such customer (staff)', 409: RIGHT_ENDED },
  },
  'GET /api/enterprise/users/administrators/:customerId': {
    summary: 'The main administrators of a customer, by last name',
    params: EnterpriseCustomerParams,
    answers: { 200: json(settings.AdminsAnswer) },
    errors: { 404: 'NOT_FOUND: no such customer (staff)', 409: RIGHT_ENDED },
  },
  'GET /api/enterprise/users/clientapp/:clientapp/:customerId': {
    summary: "A customer's users of one application, with their roles",
    params: ClientAppParams,
    answers: { 200: json(settings.EnterpriseUsersAnswer, 'result: PACKET_NOT_FOUND when the customer has no package') },
    errors: { 404: 'NOT_FOUND: no such customer (staff)', 409: RIGHT_ENDED, 503: APP_DEAD },
  },
  'GET /api/enterprise/users/position/:customerId/:userId': {
    summary: "The person's position on the customer's board in the business register (the rights modal's job title)",
    params: PositionParams,
    answers: { 200: json(settings.BoardPositionAnswer, 'value: null when the person holds none there') },
    errors: { 404: 'NOT_FOUND: no such customer (staff)', 409: RIGHT_ENDED },
  },
  'POST /api/user/role/add': {
    summary: "Save a new user's rights in a customer",
    body: settings.SaveCommand,
    answers: { 200: json(settings.SaveAnswer, 'value: the applications whose save failed (empty: all saved)') },
    errors: { 403: 'OWN_ADMIN: one cannot remove one’s own administrator rights', 409: RIGHT_ENDED },
    versioned: {
      kind: 'write',
      record: 'the person\'s rights in the customer (the list\'s `version`; "0" before any)',
    },
  },
  'POST /api/user/role/edit': {
    summary: "Save a known user's rights in a customer",
    body: settings.SaveCommand,
    answers: { 200: json(settings.SaveAnswer, 'value: the applications whose save failed (empty: all saved)') },
    errors: {
      403: 'OWN_ADMIN: one cannot remove one’s own administrator rights',
      404: 'NOT_FOUND: no such person',
      409: RIGHT_ENDED,
    },
    versioned: { kind: 'write', record: "the person's rights in the customer (the list's `version`)" },
  },
  'GET /api/user/:gid': {
    summary: 'Look a person up by global id (rights modal, new user)',
    params: UserGidParams,
    answers: { 200: json(settings.UserLookup) },
    errors: {
      404: 'NOT_FOUND: the system does not know the person (a staff person, to a caller who is not staff)',
      429: 'TOO_MANY_REQUESTS: more than 30 look-ups a minute in this session (messageKey error.tooManyRequests)',
    },
  },

  // ---- the address register (spec 2 §6) ----
  'GET /api/address/search': {
    summary: 'Address suggestions (prefix search on the words; fewer than 2 characters: none)',
    query: Search,
    answers: { 200: json(address.AddressSearchAnswer) },
    errors: { 502: 'ADDRESS_REGISTER_UNREACHABLE' },
  },
  'GET /api/address/:padreId': {
    summary: 'One address of the register',
    params: PadreIdParams,
    answers: { 200: json(address.AddressSuggestion) },
    errors: { 404: 'NOT_FOUND: no such address', 502: 'ADDRESS_REGISTER_UNREACHABLE' },
  },

  // ---- developer pages (spec 2 §2, §7): not in live run mode ----
  'GET /api/deployment/listDeployments': {
    summary: 'Packages not installed yet (DEPLOYMENT_ADMIN)',
    answers: { 200: json(devPages.DeploymentsAnswer) },
    errors: { 404: NOT_IN_LIVE, 502: SERVICE_FAILED },
  },
  'GET /api/deployment/listBundles': {
    summary: 'Installed bundles (DEPLOYMENT_ADMIN)',
    answers: { 200: json(devPages.BundlesAnswer) },
    errors: { 404: NOT_IN_LIVE, 502: SERVICE_FAILED },
  },
  'POST /api/deployment/installDeployment': {
    summary: 'Install an epit-web, epit-core or ep-osgi package (DEPLOYMENT_ADMIN)',
    body: devPages.InstallDeploymentBody,
    answers: { 200: json(devPages.BundlesAnswer) },
    errors: { 400: 'NOT_DEPLOYABLE or BAD_INPUT', 404: `${NOT_IN_LIVE}; no such package`, 502: SERVICE_FAILED },
  },
  'GET /sla/test': {
    summary: "The SLA checks of the services the portal depends on (staff), at the backend's root (spec 2 §7)",
    base: 'sla',
    answers: { 200: json(devPages.SlaAnswer) },
    errors: { 404: NOT_IN_LIVE },
  },
  'GET /api/ax/fisik/:id': {
    summary: "The accounting system's person (staff)",
    params: FisikIdParams,
    answers: { 200: json(devPages.FisikAnswer) },
    errors: { 404: `${NOT_IN_LIVE}; no such person`, 502: SERVICE_FAILED },
  },
  'POST /api/ax/fisik/create': {
    summary: 'Create a person in the accounting system (staff)',
    body: devPages.FisikWriteBody,
    answers: { 200: json(devPages.FisikAnswer) },
    errors: { 404: NOT_IN_LIVE, 409: 'EXISTS: the id exists', 502: SERVICE_FAILED },
  },
  'POST /api/ax/fisik/modify': {
    summary: 'Change a person in the accounting system (staff)',
    body: devPages.FisikWriteBody,
    answers: { 200: json(devPages.FisikAnswer) },
    errors: { 404: `${NOT_IN_LIVE}; no such person`, 502: SERVICE_FAILED },
  },
  'POST /api/test/digidoc/digest': {
    summary: 'ID-card signature test, step 1 (staff)',
    body: devPages.DigidocDigestBody,
    answers: { 200: json(devPages.DigidocDigestAnswer) },
    errors: { 404: NOT_IN_LIVE },
  },
  'POST /api/test/digidoc/finalize': {
    summary: 'ID-card signature test, step 2 (staff)',
    body: devPages.DigidocFinalizeBody,
    answers: { 200: json(devPages.DigidocFinalizeAnswer, 'ok false: the signature or the certificate failed') },
    errors: { 404: NOT_IN_LIVE, 409: 'NO_DIGEST: ask for a digest first' },
  },
  'GET /api/test/digidoc/download': {
    summary: 'The signed test document (staff)',
    answers: { 200: file('text/plain', 'the document, the certificate and the signature') },
    errors: { 404: `${NOT_IN_LIVE}; nothing signed yet` },
  },
  'POST /api/test/execLdap': {
    summary: "Write the caller's directory entry (staff)",
    answers: { 200: json(devPages.LdapAnswer) },
    errors: { 404: NOT_IN_LIVE },
  },
  'POST /api/test/enterprise': {
    summary: 'Business register search (staff)',
    body: devPages.EnterpriseFindBody,
    answers: { 200: json(devPages.EnterpriseFindAnswer) },
    errors: { 404: NOT_IN_LIVE, 502: 'SERVICE_FAILED: the business register failed' },
  },
  'GET /api/test/enterprise/vat/:code': {
    summary: "A company's VAT number from the portal's customer data (staff)",
    params: CODE,
    answers: { 200: json(devPages.TextValueAnswer) },
    errors: { 404: NOT_IN_LIVE },
  },
  'GET /api/test/enterprise/rating/:code': {
    summary: "A company's credit rating from the business register (staff)",
    params: CODE,
    answers: { 200: json(devPages.TextValueAnswer) },
    errors: { 404: NOT_IN_LIVE, 502: 'SERVICE_FAILED: the business register failed' },
  },
  'GET /api/test/enterprise/:code': {
    summary: 'A company of the business register (staff)',
    params: CODE,
    answers: { 200: json(EnterpriseCompanyAnswer) },
    errors: { 404: NOT_IN_LIVE, 502: 'SERVICE_FAILED: the business register failed' },
  },
  'POST /api/test/is-board-member': {
    summary: 'Whether a person is a board member of a company (staff)',
    body: devPages.BoardMemberBody,
    answers: { 200: json(devPages.BoardMemberAnswer) },
    errors: { 404: NOT_IN_LIVE, 502: 'SERVICE_FAILED: the business register failed' },
  },
  'GET /api/test/roles': {
    summary: 'All roles (staff)',
    answers: { 200: json(devPages.TestRolesAnswer) },
    errors: { 404: NOT_IN_LIVE },
  },
  'GET /api/test/userRoles': {
    summary: "The users' roles (EDIT_ANY_CUSTOMER or EDIT_ANY_USER)",
    answers: { 200: json(devPages.TestUserRolesAnswer) },
    errors: { 404: NOT_IN_LIVE },
  },

  // ---- this document ----
  'GET /api/openapi.json': {
    summary: 'This document',
    answers: { 200: json(OpenApiAnswer, 'the OpenAPI 3.1 document') },
  },
  'GET /api/docs': {
    summary: 'The reference page of this document',
    description: 'Outside live run mode, and in live run mode with API_DOCS=on.',
    answers: { 200: file('text/html', 'the page') },
    errors: { 404: 'NOT_FOUND: switched off (API_DOCS)' },
  },
  'GET /api/docs/:file': {
    summary: 'The scripts and style sheet of the reference page',
    params: DocsFileParams,
    answers: { 200: [file('application/javascript', 'a script'), file('text/css', 'the style sheet')] },
    errors: { 404: 'NOT_FOUND: switched off (API_DOCS), or no such file' },
  },

  // ---- on the single sign-on base (spec 1 §7: "a single sign-on ticket endpoint (cross-domain script request)") ----
  'GET /cas/ticket-check': {
    summary: 'Whether the browser has a sign-on session (JSONP); when true the portal signs in',
    description:
      'Not a CAS 3.0 call: a CAS server without it is configured with CAS_TICKET_CHECK_URL=none (then config.json ' +
      '`ticketCheckUrl` is null and the portal uses a gateway login instead).',
    base: 'cas',
    query: TicketCheckQuery,
    answers: { 200: { kind: 'jsonp', schema: contract.TicketCheckResponse, description: 'callback({"value":true})' } },
  },
};

/**
 * The portal's first call at boot (src/main.tsx): its runtime configuration, served beside the built portal. Not an
 * API call, but a backend that serves the portal serves this too.
 */
ROUTE_CONTRACTS['GET /ui/config.json'] = {
  summary: "The portal's runtime configuration (PortalConfig), fetched first at boot",
  description:
    'Served where the portal is mounted. The reference server builds it from its environment (docs/' +
    'configuration.md, "The portal: /ui/config.json"); it tells the portal the API base, the sign-on bases and the run mode.',
  base: 'ui',
  answers: { 200: json(contract.PortalConfig) },
};

/**
 * The modules whose exported schemas are named components of the document (their export names), so a backend team
 * finds them under the same names in the code.
 */
export const SCHEMA_MODULES: Record<string, unknown>[] = [
  contract,
  settings,
  userSettings,
  account,
  devPages,
  address,
  appsProtocol,
];
