/**
 * The one reader of process.env (architecture guide: "env.ts is the one reader of process.env").
 * Everything else receives an `Env` value, so tests build their own with `loadEnv({})` or `testEnv()`.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export type RunMode = 'test' | 'live' | 'dev';

export interface Env {
  port: number;
  host: string;
  dataDir: string;
  /** DATABASE_URL: `postgres://…` puts the portal's database on that PostgreSQL server (dataDir unused); null: SQLite */
  databaseUrl: string | null;
  /** PG_POOL_MAX (default PG_POOL_MAX_DEFAULT): the connections to PostgreSQL this process may hold at once */
  pgPoolMax: number;
  runMode: RunMode;
  /** e.g. 'https://portal.example' — when unset the origin is taken from the request's Host header */
  publicOrigin: string | null;
  roleRequestTimeout: number;
  debug: boolean;
  /**
   * API_DOCS: the API reference page GET /api/docs, `on` or `off`; null (unset): on outside live run mode
   * (`apiDocsOn`). GET /api/openapi.json is always served.
   */
  apiDocs: 'on' | 'off' | null;
  /** absolute path of the project root (one level above server/) */
  rootDir: string;
  /** absolute path of the built portal */
  distDir: string;
  appVersion: string;
  /** APPS_PORT: where the demo external applications listen (same host as the portal); default PORT + 1 */
  appsPort: number;
  /** the external applications: the demo applications' origin, their link to the portal, address overrides */
  apps: AppsSettings;
  /** single sign-on (CAS) settings, see `loadCasSettings` */
  cas: CasSettings;
  /** Mobile-ID, Smart-ID, the business register, the trust folder and the ID-card path, see `loadSigningSettings` */
  signing: SigningSettings;
  /** sessions' lifetime and the settings live mode lacks, see `loadSecuritySettings` (issue 14) */
  security: SecuritySettings;
  /** issue 11: DEPLOYMENT_URL (deployment service of /osgi-admin), ACCOUNTING_URL (accounting system of /test/ax) */
  devServices: { deploymentUrl: string; accountingUrl: string };
  /** issue 9: ADDRESS_REGISTER_URL, base of the address register (gazetteer); default this process's simulator */
  addressRegisterUrl: string;
}

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function appVersion(): string {
  try {
    return (
      (JSON.parse(readFileSync(path.join(rootDir, 'package.json'), 'utf8')) as { version?: string }).version ?? '0.0.0'
    );
  } catch {
    return '0.0.0';
  }
}

/** PG_POOL_MAX unless set: the connections to PostgreSQL one process may hold at once */
export const PG_POOL_MAX_DEFAULT = 10;

function int(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive integer, got "${value}"`);
  return n;
}

function bool(value: string | undefined): boolean {
  return value !== undefined && /^(1|true|yes|on)$/i.test(value);
}

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const runMode = (source.RUN_MODE ?? 'test') as RunMode;
  if (!['test', 'live', 'dev'].includes(runMode))
    throw new Error(`RUN_MODE must be test, live or dev, got "${runMode}"`);
  const origin = source.PUBLIC_ORIGIN?.replace(/\/+$/, '') || null;
  return {
    port: int(source.PORT, 8080, 'PORT'),
    host: source.HOST || '0.0.0.0',
    dataDir: path.resolve(rootDir, source.DATA_DIR || './data'),
    databaseUrl: postgresUrl(source.DATABASE_URL, 'DATABASE_URL'),
    pgPoolMax: int(source.PG_POOL_MAX, PG_POOL_MAX_DEFAULT, 'PG_POOL_MAX'),
    runMode,
    publicOrigin: origin,
    roleRequestTimeout: int(source.ROLE_REQUEST_TIMEOUT, 10_000, 'ROLE_REQUEST_TIMEOUT'),
    debug: bool(source.DEBUG),
    apiDocs: source.API_DOCS?.trim() ? (bool(source.API_DOCS) ? 'on' : 'off') : null,
    rootDir,
    distDir: path.resolve(rootDir, source.DIST_DIR || 'dist'),
    appVersion: appVersion(),
    appsPort: int(source.APPS_PORT, int(source.PORT, 8080, 'PORT') + 1, 'APPS_PORT'),
    apps: loadAppsSettings(source),
    cas: loadCasSettings(source),
    signing: loadSigningSettings(source, int(source.PORT, 8080, 'PORT'), source.HOST || '0.0.0.0'),
    security: loadSecuritySettings(source, runMode),
    devServices: loadDevServices(source),
    addressRegisterUrl: loadAddressRegisterUrl(source),
  };
}

/** Issue 9: the address register (gazetteer) over HTTP; default this process's simulator over loopback. */
function loadAddressRegisterUrl(source: Record<string, string | undefined>): string {
  const host = source.HOST || '0.0.0.0';
  const loopback = ['0.0.0.0', '::', ''].includes(host) ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  const self = `http://${loopback}:${int(source.PORT, 8080, 'PORT')}/sim`;
  return serviceUrl(source.ADDRESS_REGISTER_URL, `${self}/address-api`, 'ADDRESS_REGISTER_URL');
}

/** Issue 11: the deployment service and the accounting system; default this process's simulators over loopback. */
function loadDevServices(source: Record<string, string | undefined>): Env['devServices'] {
  const host = source.HOST || '0.0.0.0';
  const loopback = ['0.0.0.0', '::', ''].includes(host) ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  const self = `http://${loopback}:${int(source.PORT, 8080, 'PORT')}/sim`;
  return {
    deploymentUrl: serviceUrl(source.DEPLOYMENT_URL, `${self}/deployment-api`, 'DEPLOYMENT_URL'),
    accountingUrl: serviceUrl(source.ACCOUNTING_URL, `${self}/accounting-api`, 'ACCOUNTING_URL'),
  };
}

/** Issue 14: sessions end after SESSION_IDLE_MINUTES without a request and SESSION_MAX_HOURS after login. */
export interface SecuritySettings {
  /** SESSION_IDLE_MINUTES (default 30) */
  sessionIdleMs: number;
  /** SESSION_MAX_HOURS (default 12): the absolute lifetime */
  sessionMaxMs: number;
  /**
   * Live run mode only: the signing settings left unset, so signing would reach the simulators (switched off in
   * live mode). Non-empty: signing answers "signing is not configured" and the log names these.
   */
  signingMissing: string[];
}

const SIGNING_SETTINGS = [
  'MID_URL',
  'MID_RP_UUID',
  'MID_RP_NAME',
  'SMART_ID_URL',
  'SMART_ID_RP_UUID',
  'SMART_ID_RP_NAME',
  'REGISTRY_URL',
];

export function loadSecuritySettings(source: Record<string, string | undefined>, runMode: RunMode): SecuritySettings {
  return {
    sessionIdleMs: int(source.SESSION_IDLE_MINUTES, 30, 'SESSION_IDLE_MINUTES') * 60_000,
    sessionMaxMs: int(source.SESSION_MAX_HOURS, 12, 'SESSION_MAX_HOURS') * 3_600_000,
    signingMissing: runMode === 'live' ? SIGNING_SETTINGS.filter((name) => !source[name]?.trim()) : [],
  };
}

function postgresUrl(value: string | undefined, name: string): string | null {
  const url = value?.trim();
  if (!url) return null;
  if (!/^postgres(ql)?:\/\/\S+$/i.test(url)) throw new Error(`${name} must be a postgres:// address, got "${url}"`);
  return url;
}

/** TEST_DATABASE_URL: a PostgreSQL server on which each test gets a database of its own (`openDb(null)`) */
export const testDatabaseUrl = (): string | null => postgresUrl(process.env.TEST_DATABASE_URL, 'TEST_DATABASE_URL');

/** An Env for tests: defaults, never the real process.env. */
/** Whether GET /api/docs shows the reference page: API_DOCS, else everywhere but in live run mode. */
export const apiDocsOn = (env: Pick<Env, 'apiDocs' | 'runMode'>): boolean =>
  env.apiDocs === null ? env.runMode !== 'live' : env.apiDocs === 'on';

export function testEnv(overrides: Partial<Env> = {}): Env {
  return { ...loadEnv({}), ...overrides };
}

/**
 * Single sign-on: the portal is a CAS 3.0 client (CAS Protocol 3.0 specification, §2). The defaults point at the
 * in-process simulator under /cas, so `npm start` needs none of these. README "Connecting real services".
 */
export interface CasSettings {
  /** CAS_URL: the CAS base the browser is sent to (`{url}/login`, `{url}/logout`), absolute or relative to the portal */
  url: string;
  /**
   * CAS_VALIDATE_URL: the CAS base the server validates tickets against (`{url}/p3/serviceValidate`). null: `url`
   * itself when absolute, else `url` resolved against the server's own loopback address (the simulator over HTTP).
   */
  validateUrl: string | null;
  /** CAS_PRINCIPAL_ATTRIBUTE: the attribute (CAS 3.0 `cas:attributes`) holding the fgid; null: `cas:user` is the fgid */
  principalAttribute: string | null;
  /**
   * CAS_TICKET_CHECK_URL: the cross-domain ticket endpoint of spec 1 §7 (JSONP). Default `{url}/ticket-check`;
   * `none` when the CAS server has none (a plain Apereo server): the silent sign-on check then uses `gateway=true`.
   */
  ticketCheckUrl: string | null;
  /** CAS_VALIDATE_TIMEOUT: ms the server waits for a validation answer */
  validateTimeoutMs: number;
  /**
   * CAS_SERVICES: the simulator's service registry, whitespace-separated regular expressions (full match, as
   * Apereo's `serviceId`) of the service URLs it accepts. Empty: the portal's origin and the demo applications'
   * origin (same host, APPS_PORT).
   */
  services: RegExp[];
}

export function loadCasSettings(source: Record<string, string | undefined>): CasSettings {
  const url = (source.CAS_URL || '/cas').replace(/\/+$/, '');
  if (!/^(https?:\/\/[^/]+|)(\/[^\s?#]*)?$/i.test(url) || !url)
    throw new Error(`CAS_URL must be an http(s) address or a path such as /cas, got "${source.CAS_URL}"`);
  const validateUrl = source.CAS_VALIDATE_URL?.replace(/\/+$/, '') || null;
  if (validateUrl && !/^https?:\/\/[^/\s]+(\/\S*)?$/i.test(validateUrl))
    throw new Error(`CAS_VALIDATE_URL must be an absolute http(s) address, got "${validateUrl}"`);
  const check = source.CAS_TICKET_CHECK_URL?.trim();
  const services = (source.CAS_SERVICES ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((pattern) => {
      try {
        return new RegExp(`^(?:${pattern})$`);
      } catch (err) {
        throw new Error(`CAS_SERVICES: "${pattern}" is not a valid regular expression`, { cause: err });
      }
    });
  return {
    url,
    validateUrl,
    principalAttribute: source.CAS_PRINCIPAL_ATTRIBUTE?.trim() || null,
    ticketCheckUrl: check === 'none' ? null : check || `${url}/ticket-check`,
    validateTimeoutMs: int(source.CAS_VALIDATE_TIMEOUT, 10_000, 'CAS_VALIDATE_TIMEOUT'),
    services,
  };
}

/**
 * Signing: the portal's server is a relying party of SK's Mobile-ID (MID REST API v1) and Smart-ID (RP API v2),
 * and reads the business register, all over HTTP (server/clients/). The defaults point at the simulators of this
 * same process over loopback HTTP, so `npm start` needs none of these. README "Connecting real services".
 */
export interface SigningServiceSettings {
  /** base URL, e.g. https://mid.sk.ee/mid-api or https://rp-api.smart-id.com/v2 */
  url: string;
  /** relyingPartyUUID that SK handed over at registration (lower case) */
  rpUuid: string;
  /** relyingPartyName agreed with SK at registration */
  rpName: string;
  /**
   * The pinned TLS certificates of the service (PEM, one or more): when the URL is https, the server's
   * certificate must be one of these (besides being valid for the host and chaining to a trusted CA).
   * Empty: no pinning (allowed for http, e.g. the simulators; refused for an https URL in live run mode).
   */
  tlsCerts: string[];
}

export interface SigningSettings {
  /** MID_URL, MID_RP_UUID, MID_RP_NAME, MID_TLS_CERTS */
  mobileId: SigningServiceSettings;
  /** SMART_ID_URL, SMART_ID_RP_UUID, SMART_ID_RP_NAME, SMART_ID_TLS_CERTS */
  smartId: SigningServiceSettings;
  /** REGISTRY_URL: base of the business register's API */
  registryUrl: string;
  /** SIGNING_TRUST_DIR: folder of trusted CA certificates (PEM/DER, *.pem *.crt *.cer) for signers' certificates */
  trustDir: string;
  /** ID_CARD: 'software' (the simulator's card) or 'webeid' (the Web eID browser extension) */
  idCard: 'software' | 'webeid';
  /** SIGNING_HTTP_TIMEOUT: ms a request to a signing service may take on top of its long-poll wait */
  httpTimeoutMs: number;
}

/** SK's public demo relying party, which the simulators (and SK's demo environment) accept. */
const DEMO_RP = { uuid: '00000000-0000-0000-0000-000000000000', name: 'DEMO' };

function readPemCertificates(list: string | undefined, name: string): string[] {
  const files = (list ?? '').split(/[,\s]+/).filter(Boolean);
  return files.flatMap((file) => {
    let text: string;
    try {
      text = readFileSync(path.resolve(rootDir, file), 'utf8');
    } catch (err) {
      throw new Error(`${name}: cannot read ${file} (${(err as Error).message})`, { cause: err });
    }
    const pems = text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
    if (!pems.length) throw new Error(`${name}: ${file} holds no PEM certificate`);
    return pems;
  });
}

function serviceUrl(value: string | undefined, fallback: string, name: string): string {
  const url = (value || fallback).replace(/\/+$/, '');
  if (!/^https?:\/\/[^/\s]+(\/\S*)?$/i.test(url))
    throw new Error(`${name} must be an absolute http(s) address, got "${url}"`);
  return url;
}

function relyingParty(source: Record<string, string | undefined>, prefix: 'MID' | 'SMART_ID') {
  const rpUuid = source[`${prefix}_RP_UUID`] || DEMO_RP.uuid;
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(rpUuid))
    throw new Error(`${prefix}_RP_UUID must be a UUID in lower case (8-4-4-4-12), got "${rpUuid}"`);
  const rpName = source[`${prefix}_RP_NAME`] || DEMO_RP.name;
  if (Buffer.byteLength(rpName, 'utf8') > 32) throw new Error(`${prefix}_RP_NAME is limited to 32 bytes`);
  return { rpUuid, rpName };
}

export function loadSigningSettings(
  source: Record<string, string | undefined>,
  port: number,
  host: string,
): SigningSettings {
  // this process's own simulators, over loopback HTTP (a wildcard listen address is reached on 127.0.0.1)
  const loopback = ['0.0.0.0', '::', ''].includes(host) ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  const self = `http://${loopback}:${port}/sim`;
  const idCard = source.ID_CARD || 'software';
  if (idCard !== 'software' && idCard !== 'webeid')
    throw new Error(`ID_CARD must be software or webeid, got "${idCard}"`);
  return {
    mobileId: {
      url: serviceUrl(source.MID_URL, `${self}/mid-api`, 'MID_URL'),
      ...relyingParty(source, 'MID'),
      tlsCerts: readPemCertificates(source.MID_TLS_CERTS, 'MID_TLS_CERTS'),
    },
    smartId: {
      url: serviceUrl(source.SMART_ID_URL, `${self}/smart-id-api`, 'SMART_ID_URL'),
      ...relyingParty(source, 'SMART_ID'),
      tlsCerts: readPemCertificates(source.SMART_ID_TLS_CERTS, 'SMART_ID_TLS_CERTS'),
    },
    registryUrl: serviceUrl(source.REGISTRY_URL, `${self}/registry-api`, 'REGISTRY_URL'),
    trustDir: path.resolve(rootDir, source.SIGNING_TRUST_DIR || 'server/trust'),
    idCard,
    httpTimeoutMs: int(source.SIGNING_HTTP_TIMEOUT, 10_000, 'SIGNING_HTTP_TIMEOUT'),
  };
}

/**
 * External applications (issue 8). The demo applications (server/apps/) listen on APPS_PORT of the portal's host, a
 * second origin. The portal hands the applications' addresses to the browser in the user context, read from the
 * database (table external_applications; a relative address there is read against the applications' origin), and
 * these variables win over the database. README "External applications".
 */
export interface AppsSettings {
  /** APPS_ORIGIN: public origin of the demo applications, e.g. https://apps.example; null: the portal's host on APPS_PORT */
  origin: string | null;
  /**
   * APPS_PORTAL_URL: where the demo applications' server reaches the portal's server over HTTP (role check, ticket
   * validation when CAS_URL is relative, the console switches); null: loopback on PORT
   */
  portalUrl: string | null;
  /** APPS_SECRET: the shared secret of the server-to-server calls between the applications and the portal; default random per start */
  secret: string;
  /** APP_OSS_URL, APP_OSS_LOGOUT_URL, APP_PERIODICALS_URL, APP_FINANCE_URL: addresses that win over the database */
  overrides: Record<'OSS' | 'PERIODICALS' | 'FINANCE', { baseUrl: string | null; logoutUrl: string | null }>;
}

export function loadAppsSettings(source: Record<string, string | undefined>): AppsSettings {
  const absolute = (name: string): string | null => {
    const value = source[name]?.trim();
    if (!value) return null;
    if (!/^https?:\/\/[^/\s]+(\/\S*)?$/i.test(value))
      throw new Error(`${name} must be an absolute http(s) address, got "${value}"`);
    return value;
  };
  const origin = absolute('APPS_ORIGIN');
  if (origin && new URL(origin).origin !== origin.replace(/\/+$/, ''))
    throw new Error(`APPS_ORIGIN must be an origin (scheme, host and port only), got "${origin}"`);
  const secret = source.APPS_SECRET?.trim() || randomBytes(32).toString('base64url');
  if (secret.length < 16) throw new Error('APPS_SECRET must be at least 16 characters long');
  return {
    origin: origin?.replace(/\/+$/, '') ?? null,
    portalUrl: absolute('APPS_PORTAL_URL')?.replace(/\/+$/, '') ?? null,
    secret,
    overrides: {
      OSS: { baseUrl: absolute('APP_OSS_URL'), logoutUrl: absolute('APP_OSS_LOGOUT_URL') },
      PERIODICALS: { baseUrl: absolute('APP_PERIODICALS_URL'), logoutUrl: null },
      FINANCE: { baseUrl: absolute('APP_FINANCE_URL'), logoutUrl: null },
    },
  };
}
