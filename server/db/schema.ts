/**
 * Kysely table types. Portable on purpose (SQLite now, PostgreSQL possible):
 * dates are ISO text ('YYYY-MM-DD' for calendar days, full ISO for instants),
 * booleans are integers 0/1 (see `bool` in ./index.ts), JSON is text.
 * Helpers that add tables: add the interface here and a key in `DB`.
 */
import type { Generated } from 'kysely';

export interface PersonsTable {
  fgid: string; // country + personal code, e.g. EE48709050218
  key: string | null; // demo key ('mari'), null for people created later
  country: string;
  personal_code: string;
  first_name: string;
  last_name: string;
  auth_channel: string; // 'IN_AD' = staff
  privileges: string; // JSON array of privilege names
  username: string | null; // unique; null: no account yet
  password_hash: string | null; // scrypt, see server/lib/password.ts
  preferred_language: string | null; // three-letter, 'EST'
  email: string | null;
  email_set_by: string | null; // fgid of who set the current e-mail (migration 0300); null: not recorded
  email_set_at: string | null; // when, ISO 8601
  mobile: string | null;
  phone: string | null;
  address_street: string | null;
  address_zip_code: string | null;
  address_city: string | null;
  address_country: string | null;
  address_padre_full_name: string | null;
  address_padre_id: string | null; // address register id (migration 0190); null: not picked from the register
  address_county: string | null; // county code and name
  address_county_name: string | null;
  address_municipality: string | null; // municipality code and name
  address_municipality_name: string | null;
  pref_represented: string | null; // gid or NOPREFERENCE
  pref_service: string | null; // FINANCE | LOGISTICS | PERIODICS | NOPREFERENCE
  pref_service_url: string | null; // built per spec 1 §7 service-URL builder, or NOPREFERENCE
  not_active: number;
  eula_version: string | null; // terms of use accepted; null = new account
  domain: string | null; // EE | LV | LT as added in the rights modal (migration 0200); null for the demo people
  created_at: string;
  settings_version: Generated<number>; // raised by every save of the user settings' edit tab (server/lib/versions.ts)
  preferences_version: Generated<number>; // raised by every save of the preferences
}

export interface CustomersTable {
  jgid: string;
  reg_code: string;
  name: string;
  country: string;
  ep_company_id: string; // EP | LV | UB
  is_person: number;
  has_contract: number;
  contract_stopped: number;
  active: number;
  credit_rating: string | null;
  user_profile_code: string; // OLD | NEW
  credit_limit: number;
  client_manager_name: string | null;
  client_manager_phone: string | null;
  client_manager_email: string | null;
  email: string | null;
  phone: string | null;
  homepage: string | null;
  e_shop: string | null;
  vat_nr: string | null;
  legal_street: string | null;
  legal_zip_code: string | null;
  legal_city: string | null;
  legal_country: string | null;
  legal_padre_full_name: string | null;
  contact_street: string | null;
  contact_zip_code: string | null;
  contact_city: string | null;
  contact_country: string | null;
  contact_padre_full_name: string | null;
  permission_no_check_personal_code: number;
  packet_oss: number | null; // packet id per application, null: no package
  packet_periodicals: number | null;
  has_finance: number; // FINANCE package
  legal_padre_id: string | null; // address register ids (migration 0200)
  contact_padre_id: string | null;
  contact_managed: Generated<number>; // 1: the customer manager manages the contact address
  created_at: string;
  version: Generated<number>; // raised by every write of the customer's data (server/lib/versions.ts)
}

/** The version of a person's rights in a customer (server/lib/versions.ts); no row: version 0, never written. */
export interface RightsVersionsTable {
  person_fgid: string;
  represented_gid: string;
  version: number;
}

/** A board member is a person: the country and the personal code together (migration 0270). */
export interface CustomerBoardMembersTable {
  jgid: string;
  country: string;
  personal_code: string;
}

/**
 * A role of a person in a represented party for an application (spec 1 §3 "Representation right").
 * A person's own entry is a row with represented_gid = person_fgid (application OSS, role_id null).
 */
export interface RightsTable {
  id: Generated<number>;
  person_fgid: string;
  represented_gid: string;
  application: string; // AXAPTA | OSS | PERIODICALS | FINANCE
  role_id: number | null;
  begin_date: string | null; // YYYY-MM-DD
  end_date: string | null; // YYYY-MM-DD, null = unlimited
  not_active: number;
}

export interface RolesTable {
  application: string;
  id: number;
  ep_company_id: string;
  packet_id: number | null;
  category: string;
  is_primary: number;
  names: string; // JSON { et, en, ru, lv, lt }
}

export interface RoleCategoriesTable {
  code: string;
  names: string; // JSON { et, en, ru, lv, lt }
}

/** The business register that customer-add searches (not the same as customers). */
export interface RegistryCompaniesTable {
  reg_code: string;
  name: string;
  country: string;
  active: number;
  credit_rating: string | null;
  digidoc_fails: number;
  street: string | null;
  zip_code: string | null;
  city: string | null;
  address_country: string | null;
  padre_full_name: string | null;
}

export interface RegistryBoardMembersTable {
  reg_code: string;
  country: string;
  personal_code: string;
  /** the position in the register (BOARD_CHAIR, BOARD_MEMBER); null: listed without one (migration 0280) */
  position: string | null;
}

export interface PasswordResetKeysTable {
  key_hash: string; // SHA-256 hex of the key (server/lib/reset-keys.ts); the key itself is never stored
  person_fgid: string;
  customer_gid: string | null;
  invited_by: string | null; // fgid
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** the deployment simulator (server/sim/deployment) */
export interface SimDeploymentsTable {
  name: string;
  version: string;
  symbolic_name: string;
  application_bundle: number;
  from_folder: number;
  installed_at: string | null;
}

/** the accounting-system simulator's persons (server/sim/accounting), JSON per id */
export interface SimFisikPersonsTable {
  id: string;
  data: string;
  updated_at: string;
}

export interface OutboxTable {
  id: Generated<number>;
  created_at: string;
  to_address: string;
  subject: string;
  body: string;
  kind: string; // 'invite', 'password-reset', ...
  /**
   * kept: in the outbox only (no SMTP_URL when written, or a demo invitation); pending: waiting for the sender
   * (server/lib/mail-sender.ts); sending: claimed by a sender until lease_until; sent; failed: given up
   */
  state: Generated<'kept' | 'pending' | 'sending' | 'sent' | 'failed'>;
  /** the mail's language (Content-Language): et, en, ru, lv or lt */
  language: string | null;
  /** the Message-ID header, angle brackets included, the same for every try */
  message_id: string | null;
  /** tries so far */
  attempts: Generated<number>;
  /** a pending row is not tried before this (ISO, the portal's clock) */
  next_attempt_at: string | null;
  /** a sending row's claim ends then; a sender that died mid-try leaves the row to another one after it */
  lease_until: string | null;
  /** the last failure, as the mail server or the connection said it */
  last_error: string | null;
  sent_at: string | null;
}

export interface ApplicationStatusTable {
  application: string; // AXAPTA | OSS | PERIODICALS | FINANCE
  dead: number;
  changed_at: string;
}

export interface SessionsTable {
  id: string;
  person_fgid: string;
  represented_gid: string | null;
  language: string; // three-letter upper case
  /** JSON array: the dead applications this session last received in a context (checkDeadApplications) */
  dead_seen: string;
  created_at: string;
  expires_at: string;
  /** the service ticket that opened the session (back-channel single logout names it) */
  sso_ticket: string | null;
  /** the last request of the person (idle timeout); null for rows written before it */
  last_seen_at: string | null;
  /** the XSRF token bound to this session, rotated with the session id at login */
  xsrf_token: string | null;
}

export interface CasTgtsTable {
  id: string; // TGT-...
  person_fgid: string;
  created_at: string;
  expires_at: string;
}

export interface CasTicketsTable {
  ticket: string; // ST-...
  service: string;
  person_fgid: string;
  created_at: string;
  expires_at: string;
  used: number;
  /** the ticket-granting ticket it was issued under (single logout) */
  tgt_id: string | null;
  /** 1: issued from primary credentials, 0: from the single sign-on session (`renew`) */
  from_new_login: number;
}

/** the sign-on page's single-use `execution` tokens, each bound to the browser's flow cookie */
export interface CasLoginFlowsTable {
  execution: string;
  flow: string;
  expires_at: string;
}

export interface MetaTable {
  key: string;
  value: string;
}

// ---- customer-add, signing and search (migration 0040_signing_search) ----
export interface SimPkiCredentialsTable {
  id: string; // 'CA' or a personal code
  common_name: string;
  cert_der: string; // base64
  private_key: string; // base64 PKCS#8
  created_at: string;
}
export interface SimAuthSessionsTable {
  id: string;
  service: string; // MID | SID
  kind: string; // SIGNATURE | CERTIFICATE_CHOICE
  personal_code: string;
  phone: string | null;
  hash: string | null;
  result: string;
  created_at: string;
  complete_at: string;
}
export interface SigningSessionsTable {
  session_id: string;
  method: string; // IDCARD | MID | SID
  person_fgid: string;
  reg_code: string;
  customer: string; // JSON SigningCustomer
  document: string; // base64
  cert_der: string | null;
  data_to_sign: string | null;
  digest: string | null;
  sim_session_id: string | null;
  challenge: string | null;
  status: string;
  created_at: string;
}
export interface SignedContractsTable {
  id: Generated<number>;
  jgid: string;
  reg_code: string;
  signer_fgid: string;
  method: string;
  email: string;
  additional_info: string;
  document: string;
  data_to_sign: string;
  signature: string;
  cert_der: string;
  signed_at: string;
}
export interface CustomerSearchTokensTable {
  token: string;
  sort_key: string;
  jgid: string;
  /** the customer's, copied (migration 0260): the search answers from the index alone */
  name: string;
  reg_code: string;
  country: string;
  words: string | null;
}
export interface PersonSearchTokensTable {
  token: string;
  sort_key: string;
  fgid: string;
}

// ---- external applications (migration 0180_external_applications) ----
/** Where an application lives (user context customParameters); a relative base_url is read against the apps origin. */
export interface ExternalApplicationsTable {
  application: string; // OSS | PERIODICALS | FINANCE | AXAPTA
  base_url: string;
  custom_parameters: string; // JSON { logoutUrl?, profileChangeUrl?, ... }
}
/** Simulator console switches of the demo applications (dead/alive stays in application_status). */
export interface SimAppSwitchesTable {
  application: string;
  no_ping: number;
  slow_ms: number;
  never_ready: number;
  finance_status: string | null; // PACKET_NOT_FOUND | CUSTOMER_NOT_FOUND | UNAVAILABLE | null
  changed_at: string;
}

// ---- user settings (migration 0190_user_settings) ----
/** The address register (gazetteer) simulator (server/sim/address/); the portal reads it over HTTP. A street or farm. */
export interface AddressRegisterPlacesTable {
  place_id: string;
  street_name: string; // 'Narva mnt', or a farm's name
  settlement: string;
  county: string; // county code, e.g. '0078'
  county_name: string;
  municipality: string; // municipality code, e.g. '0793'
  municipality_name: string;
  sort_key: string; // folded words, then \x01 and the place id (server/sim/address/register.ts)
}
/** One address (a house of a place). */
export interface AddressRegisterTable {
  padre_id: string;
  place_id: string;
  house: string; // folded house number, '' for a farm
  zip_code: string;
  full_name: string;
  sort_key: string; // the place's sort_key, \x01, the padded house number
}
/** Folded place words and their 2..5-character prefixes. */
export interface AddressRegisterTokensTable {
  token: string;
  sort_key: string;
  place_id: string;
}
/** Simulator console: role loading of an application fails (user-settings roles). */
export interface SimRoleLoadFailuresTable {
  application: string;
  failing: number;
  changed_at: string;
}

/** the simulator console switch that makes an application's role save fail (server/sim/console/rights.ts) */
export interface SimRoleSaveSwitchesTable {
  application: string;
  fail: number;
  changed_at: string;
}

export interface DB {
  persons: PersonsTable;
  customers: CustomersTable;
  customer_board_members: CustomerBoardMembersTable;
  rights: RightsTable;
  rights_versions: RightsVersionsTable;
  roles: RolesTable;
  role_categories: RoleCategoriesTable;
  registry_companies: RegistryCompaniesTable;
  registry_board_members: RegistryBoardMembersTable;
  password_reset_keys: PasswordResetKeysTable;
  sim_deployments: SimDeploymentsTable;
  sim_fisik_persons: SimFisikPersonsTable;
  outbox: OutboxTable;
  application_status: ApplicationStatusTable;
  sessions: SessionsTable;
  cas_tgts: CasTgtsTable;
  cas_tickets: CasTicketsTable;
  cas_login_flows: CasLoginFlowsTable;
  meta: MetaTable;
  sim_pki_credentials: SimPkiCredentialsTable;
  sim_auth_sessions: SimAuthSessionsTable;
  signing_sessions: SigningSessionsTable;
  signed_contracts: SignedContractsTable;
  customer_search_tokens: CustomerSearchTokensTable;
  person_search_tokens: PersonSearchTokensTable;
  external_applications: ExternalApplicationsTable;
  sim_app_switches: SimAppSwitchesTable;
  sim_role_save_switches: SimRoleSaveSwitchesTable;
  audit_log: AuditLogTable;
  login_failures: LoginFailuresTable;
  csp_reports: CspReportsTable;
  request_counts: RequestCountsTable;
  address_register_places: AddressRegisterPlacesTable;
  address_register: AddressRegisterTable;
  address_register_tokens: AddressRegisterTokensTable;
  sim_role_load_failures: SimRoleLoadFailuresTable;
}

/** Security events (server/audit/audit.ts): who, when, from where and what. */
export interface AuditLogTable {
  id: Generated<number>;
  at: string;
  /** e.g. login, logout, represented.change, customer.add, rights.save */
  event: string;
  /** success | failure | refused */
  outcome: string;
  actor_fgid: string | null;
  username: string | null;
  /** the client address */
  address: string | null;
  /** what it was about: a jgid, a customer, a route */
  subject: string | null;
  /** JSON: more about the event (never a password or a cookie) */
  detail: string | null;
}

/** One failed sign-on (server/security/throttle.ts), per username and per client address. */
export interface LoginFailuresTable {
  id: Generated<number>;
  /** user | address */
  scope: string;
  subject: string;
  at: string;
}

/** Content-Security-Policy violations the browsers reported (server/security/csp-report.ts). */
export interface CspReportsTable {
  id: Generated<number>;
  at: string;
  /** the reporting client's address */
  address: string | null;
  directive: string;
  blocked: string;
  /** the page's path, never its query */
  page: string;
  /** SHA-256 (hex) of directive, source and page: the duplicate check's key */
  digest: string;
}

/** Requests counted per limit, subject and fixed window (server/security/rate-limit.ts). */
export interface RequestCountsTable {
  /** which limit: csp-report, user-lookup */
  scope: string;
  /** a client address or a session's hash */
  subject: string;
  window_start: string;
  hits: number;
}
