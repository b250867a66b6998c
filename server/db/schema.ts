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
  mobile: string | null;
  phone: string | null;
  address_street: string | null;
  address_zip_code: string | null;
  address_city: string | null;
  address_country: string | null;
  address_padre_full_name: string | null;
  pref_represented: string | null; // gid or NOPREFERENCE
  pref_service: string | null; // FINANCE | LOGISTICS | PERIODICS | NOPREFERENCE
  pref_service_url: string | null; // built per spec 1 §7 service-URL builder, or NOPREFERENCE
  not_active: number;
  created_at: string;
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
  created_at: string;
}

export interface CustomerBoardMembersTable {
  jgid: string;
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
  application: string; // AXAPTA | OSS | PERIODICALS
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
  personal_code: string;
}

export interface PasswordResetKeysTable {
  key: string;
  person_fgid: string;
  customer_gid: string | null;
  invited_by: string | null; // fgid
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface OutboxTable {
  id: Generated<number>;
  created_at: string;
  to_address: string;
  subject: string;
  body: string;
  kind: string; // 'invite', 'password-reset', ...
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
  finance_status: string | null; // PACKET_NOT_FOUND | CUSTOMER_NOT_FOUND | UNAVAILABLE | null
  changed_at: string;
}

export interface DB {
  persons: PersonsTable;
  customers: CustomersTable;
  customer_board_members: CustomerBoardMembersTable;
  rights: RightsTable;
  roles: RolesTable;
  role_categories: RoleCategoriesTable;
  registry_companies: RegistryCompaniesTable;
  registry_board_members: RegistryBoardMembersTable;
  password_reset_keys: PasswordResetKeysTable;
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
}
