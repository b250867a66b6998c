/**
 * The one reader of process.env (architecture guide: "env.ts is the one reader of process.env").
 * Everything else receives an `Env` value, so tests build their own with `loadEnv({})` or `testEnv()` (server/test/env.ts).
 *
 * Every setting is checked here, when the process starts: a value that cannot be used throws a `ConfigError`
 * naming the variable, what it holds and what is allowed, which server/start.ts prints as one line before it
 * exits with a non-zero status (every setting: docs/configuration.md).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { isIP } from 'node:net';
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
  /**
   * MIGRATE_UP_TO, read in test run mode only: this build's migrations end at that name (server/db/migrator.ts), so
   * the current code stands in for the build before a migration in the rolling-release test. Null: all of them.
   */
  migrateUpTo: string | null;
  runMode: RunMode;
  /**
   * PUBLIC_ORIGIN, e.g. 'https://portal.example': a live server refuses to start without it (server/start.ts). Unset
   * (a demo or test run), the portal's pages follow the address the browser used, while links that leave the request
   * (e-mails) use `linkOrigin`.
   */
  publicOrigin: string | null;
  /**
   * TRUST_PROXY, as Fastify's `trustProxy` takes it: the proxies whose X-Forwarded-For / -Proto / -Host are believed
   * (a hop count, or addresses and CIDR ranges). Off by default: a client could otherwise name its own address and
   * escape the login throttle or lock another address out.
   */
  trustProxy: false | number | string[];
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
  /** sessions' lifetime and the settings live mode lacks, see `loadSecuritySettings` */
  security: SecuritySettings;
  /** DEPLOYMENT_URL (deployment service of /osgi-admin), ACCOUNTING_URL (accounting system of /test/ax) */
  devServices: { deploymentUrl: string; accountingUrl: string };
  /** ADDRESS_REGISTER_URL, base of the address register (gazetteer); default this process's simulator */
  addressRegisterUrl: string;
  /** METRICS_PORT and METRICS_HOST: the Prometheus listener (server/ops/metrics.ts); null (METRICS_PORT unset): off */
  metrics: { port: number; host: string } | null;
  /** DRAIN_SECONDS and SHUTDOWN_TIMEOUT_SECONDS: what SIGTERM does (server/ops/lifecycle.ts), in ms */
  shutdown: ShutdownSettings;
  /**
   * ANALYTICS_URL and ANALYTICS_SITE_ID: the Matomo-compatible tracking endpoint the portal sends page views to, and
   * its site id (spec 1 §9, live run mode only: domain/analytics.ts); null (both unset): no analytics
   */
  analytics: AnalyticsSettings | null;
  /** SMTP_URL, MAIL_FROM, MAIL and MAIL_RETRY_SECONDS: how the portal's mail leaves (server/lib/mail-sender.ts) */
  mail: MailSettings;
  /** AUDIT_RETENTION_DAYS and OUTBOX_RETENTION_DAYS: how long the purge (server/security/purge.ts) keeps those rows */
  retention: RetentionSettings;
}

export interface MailSettings {
  /**
   * SMTP_URL: the mail server, `smtp://user:password@host:587` (STARTTLS when the server offers it) or
   * `smtps://user:password@host:465` (TLS from the first byte); null: no mail leaves, it is only written to the outbox
   */
  smtpUrl: string | null;
  /** MAIL_FROM: the From address, `portal@example.ee` or `EPIT <portal@example.ee>`; required with SMTP_URL */
  from: string | null;
  /** MAIL=off: mail is deliberately off, so a live portal may start without SMTP_URL (server/start.ts) */
  off: boolean;
  /** MAIL_RETRY_SECONDS (default 30): the wait after the first failed try, doubled after each further one */
  retryMs: number;
}

export interface RetentionSettings {
  /** AUDIT_RETENTION_DAYS (default 730) */
  auditMs: number;
  /** OUTBOX_RETENTION_DAYS (default 7) */
  outboxMs: number;
}

export interface AnalyticsSettings {
  /** the tracking endpoint itself, e.g. https://stats.example/matomo.php */
  url: string;
  siteId: number;
}

export interface ShutdownSettings {
  /** DRAIN_SECONDS (default 5): after SIGTERM, /ready answers 503 and the process keeps serving this long */
  drainMs: number;
  /** SHUTDOWN_TIMEOUT_SECONDS (default 20): then the most the requests in flight may take before they are cut */
  timeoutMs: number;
}

/**
 * A setting that cannot be used. server/start.ts prints its message as the one line of a refused start:
 * `PORT is "80a"; allowed: a port number from 1 to 65535`.
 */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    /** what the variable holds, as it may be shown (a secret is described, never shown) */
    readonly value: string,
    readonly allowed: string,
  ) {
    super(
      `${variable} is ${JSON.stringify(value.length > 200 ? `${value.slice(0, 200)}…` : value)}; allowed: ${allowed}`,
    );
    this.name = 'ConfigError';
  }
}

type Source = Record<string, string | undefined>;

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

/** A whole number from `min` to `max`; unset or empty: `fallback`. */
function integer(source: Source, name: string, fallback: number, min = 1, max = Number.MAX_SAFE_INTEGER): number {
  const value = source[name]?.trim();
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(n) || n < min || n > max)
    throw new ConfigError(
      name,
      source[name] ?? '',
      max === Number.MAX_SAFE_INTEGER ? `a whole number, at least ${min}` : `a whole number from ${min} to ${max}`,
    );
  return n;
}

const port = (source: Source, name: string, fallback: number): number => {
  try {
    return integer(source, name, fallback, 1, 65_535);
  } catch {
    throw new ConfigError(name, source[name] ?? '', 'a port number from 1 to 65535');
  }
};

const TRUE = /^(1|true|yes|on)$/i;
const FALSE = /^(0|false|no|off|)$/i;

/** On or off: 1, true, yes, on, or 0, false, no, off (or unset). */
function flag(source: Source, name: string): boolean {
  const value = source[name]?.trim() ?? '';
  if (TRUE.test(value)) return true;
  if (FALSE.test(value)) return false;
  throw new ConfigError(
    name,
    source[name] ?? '',
    '1, true, yes or on to switch it on; 0, false, no, off or nothing for off',
  );
}

function oneOf<T extends string>(source: Source, name: string, fallback: T, values: readonly T[]): T {
  const value = source[name]?.trim() || fallback;
  if (!(values as readonly string[]).includes(value))
    throw new ConfigError(name, source[name] ?? '', values.join(', '));
  return value as T;
}

/** An address to listen on: an IP address or a host name. */
function listenHost(source: Source, name: string, fallback: string): string {
  const value = source[name]?.trim() || fallback;
  if (
    !isIP(value) &&
    !/^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/.test(
      value,
    )
  )
    throw new ConfigError(name, source[name] ?? '', 'an IP address (0.0.0.0, 127.0.0.1, ::) or a host name');
  return value;
}

/** An absolute http(s) address (a base URL, without its trailing slashes). */
function httpUrl(name: string, value: string, given: string | undefined = value): string {
  const url = value.trim().replace(/\/+$/, '');
  let ok = /^https?:\/\/[^/\s]+(\/\S*)?$/i.test(url);
  if (ok)
    try {
      new URL(url);
    } catch {
      ok = false;
    }
  if (!ok) throw new ConfigError(name, given ?? '', 'an absolute http:// or https:// address');
  return url;
}

/** A folder that exists (relative to the project root); unset: `fallback`. */
function folder(source: Source, name: string, fallback: string, what = 'a folder that exists'): string {
  const dir = path.resolve(rootDir, source[name]?.trim() || fallback);
  const isDir = (() => {
    try {
      return statSync(dir).isDirectory();
    } catch {
      return false;
    }
  })();
  if (!isDir) throw new ConfigError(name, source[name] ?? fallback, what);
  return dir;
}

/** A path (relative to the project root) that is a folder when it exists; unset: `fallback`. */
function folderPath(source: Source, name: string, fallback: string): string {
  const dir = path.resolve(rootDir, source[name]?.trim() || fallback);
  try {
    if (!statSync(dir).isDirectory())
      throw new ConfigError(name, source[name] ?? fallback, 'a folder (or a path where one may be made)');
  } catch (err) {
    if (err instanceof ConfigError) throw err;
  }
  return dir;
}

/**
 * RUN_MODE defaults to live: the demo's one-click and personal-code logins, the simulators and their outbox would
 * let anyone in, so a deployment that forgets the setting must not get them. `npm start`, `npm run dev` and the
 * test scripts set RUN_MODE=test themselves.
 */
export const RUN_MODE_DEFAULT: RunMode = 'live';

/** TRUST_PROXY: unset or off → off; a whole number → that many hops; else comma-separated addresses or CIDRs. */
function trustProxyOf(source: Source): Env['trustProxy'] {
  const raw = source.TRUST_PROXY?.trim() ?? '';
  if (raw === '' || /^(false|0|no|off)$/i.test(raw)) return false;
  if (/^\d+$/.test(raw)) return Number(raw);
  const list = raw
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  const address = /^(?:[0-9.]+|[0-9a-fA-F:]+)(?:\/\d{1,3})?$|^(?:loopback|linklocal|uniquelocal)$/;
  if (list.length === 0 || list.some((a) => !address.test(a)))
    throw new ConfigError(
      'TRUST_PROXY',
      raw,
      'a hop count, or proxy addresses and ranges such as 127.0.0.1,10.0.0.0/8',
    );
  return list;
}

export function loadEnv(source: Source = process.env): Env {
  const runMode = oneOf<RunMode>(source, 'RUN_MODE', RUN_MODE_DEFAULT, ['test', 'live', 'dev']);
  const portNumber = port(source, 'PORT', 8080);
  const host = listenHost(source, 'HOST', '0.0.0.0');
  const appsPort = port(source, 'APPS_PORT', Math.min(portNumber + 1, 65_535));
  return {
    port: portNumber,
    host,
    dataDir: folderPath(source, 'DATA_DIR', './data'),
    databaseUrl: postgresUrl(source.DATABASE_URL, 'DATABASE_URL'),
    pgPoolMax: integer(source, 'PG_POOL_MAX', PG_POOL_MAX_DEFAULT, 1, 10_000),
    migrateUpTo: runMode === 'test' ? source.MIGRATE_UP_TO?.trim() || null : null,
    runMode,
    publicOrigin: publicOrigin(source),
    trustProxy: trustProxyOf(source),
    roleRequestTimeout: integer(source, 'ROLE_REQUEST_TIMEOUT', 10_000),
    debug: flag(source, 'DEBUG'),
    apiDocs: source.API_DOCS?.trim() ? (flag(source, 'API_DOCS') ? 'on' : 'off') : null,
    rootDir,
    distDir: folderPath(source, 'DIST_DIR', 'dist'),
    appVersion: appVersion(),
    appsPort,
    apps: loadAppsSettings(source),
    cas: loadCasSettings(source),
    signing: loadSigningSettings(source, portNumber, host, runMode),
    security: loadSecuritySettings(source, runMode),
    devServices: loadDevServices(source),
    addressRegisterUrl: loadAddressRegisterUrl(source),
    metrics: loadMetricsSettings(source, portNumber, appsPort),
    shutdown: loadShutdownSettings(source),
    analytics: loadAnalyticsSettings(source),
    mail: loadMailSettings(source),
    retention: loadRetentionSettings(source),
  };
}

const DAY_MS = 86_400_000;

/**
 * Audit rows hold personal codes and addresses, outbox rows hold password reset links: neither is kept for ever.
 * The defaults and their reasons: docs/configuration.md "Retention".
 */
export function loadRetentionSettings(source: Source): RetentionSettings {
  return {
    auditMs: integer(source, 'AUDIT_RETENTION_DAYS', 730, 1, 36_500) * DAY_MS,
    outboxMs: integer(source, 'OUTBOX_RETENTION_DAYS', 7, 1, 3_650) * DAY_MS,
  };
}

/** An address the way it may be shown: the password of `scheme://user:password@host` left out. */
const withoutPassword = (url: string) => url.replace(/(:\/\/[^:/@]*:)[^@]*@/, '$1…@');

/** `name@domain`, or `Display Name <name@domain>`: one mailbox (RFC 5322 §3.4), no line breaks. */
const MAILBOX = /^(?:[^<>\r\n"]*<[^<>@\s]+@[^<>@\s]+\.[^<>@\s]+>|[^<>@\s"]+@[^<>@\s]+\.[^<>@\s]+)$/;

/**
 * SMTP_URL (smtp:// or smtps://, a host, user and password percent-encoded in the address) and MAIL_FROM, both or
 * neither; MAIL (on or off) says whether mail is deliberately off, and cannot be off while SMTP_URL is set.
 */
export function loadMailSettings(source: Source): MailSettings {
  const given = source.SMTP_URL?.trim() || null;
  const off = source.MAIL?.trim() ? !flag(source, 'MAIL') : false;
  const from = source.MAIL_FROM?.trim() || null;
  const retryMs = integer(source, 'MAIL_RETRY_SECONDS', 30, 1, 3_600) * 1000;
  if (given) {
    const allowed =
      'smtp://user:password@host:port (STARTTLS when offered) or smtps://user:password@host:port (TLS), the user and password percent-encoded';
    let url: URL | null;
    try {
      url = new URL(given);
    } catch {
      url = null;
    }
    if (!url || !/^smtps?:$/.test(url.protocol) || !url.hostname || (url.pathname && url.pathname !== '/'))
      throw new ConfigError('SMTP_URL', withoutPassword(given), allowed);
    if (off)
      throw new ConfigError(
        'MAIL',
        source.MAIL ?? '',
        'on, or nothing, while SMTP_URL is set (unset SMTP_URL to turn mail off)',
      );
    if (!from)
      throw new ConfigError('MAIL_FROM', '', 'the From address of the mail, e.g. portal@example.ee (SMTP_URL is set)');
  }
  if (from && !MAILBOX.test(from))
    throw new ConfigError('MAIL_FROM', from, 'one address, portal@example.ee or EPIT <portal@example.ee>');
  return { smtpUrl: given, from, off, retryMs };
}

/**
 * ANALYTICS_URL (an absolute http(s) address without a query: the portal adds Matomo's parameters) and
 * ANALYTICS_SITE_ID (Matomo's idsite, a whole number): both or neither.
 */
export function loadAnalyticsSettings(source: Source): AnalyticsSettings | null {
  const given = source.ANALYTICS_URL?.trim();
  const siteGiven = source.ANALYTICS_SITE_ID?.trim();
  if (!given && !siteGiven) return null;
  const allowed = 'the absolute http:// or https:// address of a Matomo-compatible tracking endpoint, without a query';
  if (!given) throw new ConfigError('ANALYTICS_URL', '', `${allowed} (ANALYTICS_SITE_ID is set)`);
  let url: string;
  try {
    url = httpUrl('ANALYTICS_URL', given, source.ANALYTICS_URL);
  } catch {
    throw new ConfigError('ANALYTICS_URL', source.ANALYTICS_URL ?? '', allowed);
  }
  if (/[?#]/.test(url)) throw new ConfigError('ANALYTICS_URL', source.ANALYTICS_URL ?? '', allowed);
  if (!siteGiven)
    throw new ConfigError('ANALYTICS_SITE_ID', '', 'the site id of the analytics endpoint (ANALYTICS_URL is set)');
  return { url, siteId: integer(source, 'ANALYTICS_SITE_ID', 1) };
}

/** PUBLIC_ORIGIN: an http(s) origin (scheme, host and port only), e.g. https://portal.example */
function publicOrigin(source: Source): string | null {
  const value = source.PUBLIC_ORIGIN?.trim().replace(/\/+$/, '');
  if (!value) return null;
  const allowed = 'an http:// or https:// origin (scheme, host and port only), e.g. https://portal.example';
  let origin: string;
  try {
    origin = httpUrl('PUBLIC_ORIGIN', value, source.PUBLIC_ORIGIN);
  } catch {
    throw new ConfigError('PUBLIC_ORIGIN', source.PUBLIC_ORIGIN ?? '', allowed);
  }
  if (new URL(origin).origin !== origin) throw new ConfigError('PUBLIC_ORIGIN', source.PUBLIC_ORIGIN ?? '', allowed);
  return origin;
}

/** METRICS_PORT (off unless set) and METRICS_HOST (default 127.0.0.1): never the portal's or the applications' port. */
export function loadMetricsSettings(source: Source, portalPort: number, appsPort: number): Env['metrics'] {
  if (!source.METRICS_PORT?.trim()) return null;
  const metricsPort = port(source, 'METRICS_PORT', 0);
  if (metricsPort === portalPort || metricsPort === appsPort)
    throw new ConfigError(
      'METRICS_PORT',
      source.METRICS_PORT,
      `a port number other than PORT (${portalPort}) and APPS_PORT (${appsPort}): the metrics never go on a public port`,
    );
  return { port: metricsPort, host: listenHost(source, 'METRICS_HOST', '127.0.0.1') };
}

/** DRAIN_SECONDS (default 5, may be 0) and SHUTDOWN_TIMEOUT_SECONDS (default 20). */
export function loadShutdownSettings(source: Source): ShutdownSettings {
  return {
    drainMs: integer(source, 'DRAIN_SECONDS', 5, 0, 3_600) * 1000,
    timeoutMs: integer(source, 'SHUTDOWN_TIMEOUT_SECONDS', 20, 1, 3_600) * 1000,
  };
}

/** This process's own simulators over loopback HTTP (a wildcard listen address is reached on 127.0.0.1). */
function selfSim(
  source: Source,
  portNumber = port(source, 'PORT', 8080),
  host = listenHost(source, 'HOST', '0.0.0.0'),
) {
  const loopback = ['0.0.0.0', '::', ''].includes(host) ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return `http://${loopback}:${portNumber}/sim`;
}

/** The address register (gazetteer) over HTTP; default this process's simulator over loopback. */
function loadAddressRegisterUrl(source: Source): string {
  const self = selfSim(source);
  return serviceUrl(source.ADDRESS_REGISTER_URL, `${self}/address-api`, 'ADDRESS_REGISTER_URL');
}

/** The deployment service and the accounting system; default this process's simulators over loopback. */
function loadDevServices(source: Source): Env['devServices'] {
  const self = selfSim(source);
  return {
    deploymentUrl: serviceUrl(source.DEPLOYMENT_URL, `${self}/deployment-api`, 'DEPLOYMENT_URL'),
    accountingUrl: serviceUrl(source.ACCOUNTING_URL, `${self}/accounting-api`, 'ACCOUNTING_URL'),
  };
}

/** Sessions end after SESSION_IDLE_MINUTES without a request and SESSION_MAX_HOURS after login. */
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

export function loadSecuritySettings(source: Source, runMode: RunMode): SecuritySettings {
  return {
    sessionIdleMs: integer(source, 'SESSION_IDLE_MINUTES', 30, 1, 525_600) * 60_000,
    sessionMaxMs: integer(source, 'SESSION_MAX_HOURS', 12, 1, 8_760) * 3_600_000,
    signingMissing: runMode === 'live' ? SIGNING_SETTINGS.filter((name) => !source[name]?.trim()) : [],
  };
}

function postgresUrl(value: string | undefined, name: string): string | null {
  const url = value?.trim();
  if (!url) return null;
  let ok = /^postgres(ql)?:\/\/\S+$/i.test(url);
  try {
    new URL(url);
  } catch {
    ok = false;
  }
  // the password stays out of the message (and so out of the log)
  if (!ok)
    throw new ConfigError(name, url.replace(/(:\/\/[^:/@]*:)[^@]*@/, '$1…@'), 'a postgres:// or postgresql:// address');
  return url;
}

/** TEST_DATABASE_URL: a PostgreSQL server on which each test gets a database of its own (`openDb(null)`) */
export const testDatabaseUrl = (): string | null => postgresUrl(process.env.TEST_DATABASE_URL, 'TEST_DATABASE_URL');

/** Whether GET /api/docs shows the reference page: API_DOCS, else everywhere but in live run mode. */
export const apiDocsOn = (env: Pick<Env, 'apiDocs' | 'runMode'>): boolean =>
  env.apiDocs === null ? env.runMode !== 'live' : env.apiDocs === 'on';

/**
 * Single sign-on: the portal is a CAS 3.0 client (CAS Protocol 3.0 specification, §2). The defaults point at the
 * in-process simulator under /cas, so `npm start` needs none of these. docs/configuration.md "Outside services".
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

export function loadCasSettings(source: Source): CasSettings {
  const url = (source.CAS_URL || '/cas').replace(/\/+$/, '');
  if (!/^(https?:\/\/[^/]+|)(\/[^\s?#]*)?$/i.test(url) || !url)
    throw new ConfigError('CAS_URL', source.CAS_URL ?? '', 'an absolute http(s) address or a path such as /cas');
  const validateUrl = source.CAS_VALIDATE_URL?.trim() ? httpUrl('CAS_VALIDATE_URL', source.CAS_VALIDATE_URL) : null;
  const check = source.CAS_TICKET_CHECK_URL?.trim();
  if (check && check !== 'none' && !/^(https?:\/\/[^/\s]+|)(\/\S*)$/i.test(check))
    throw new ConfigError('CAS_TICKET_CHECK_URL', check, 'an absolute http(s) address, a path, or none');
  const services = (source.CAS_SERVICES ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((pattern) => {
      try {
        return new RegExp(`^(?:${pattern})$`);
      } catch {
        throw new ConfigError('CAS_SERVICES', pattern, 'regular expressions separated by spaces');
      }
    });
  return {
    url,
    validateUrl,
    principalAttribute: source.CAS_PRINCIPAL_ATTRIBUTE?.trim() || null,
    ticketCheckUrl: check === 'none' ? null : check || `${url}/ticket-check`,
    validateTimeoutMs: integer(source, 'CAS_VALIDATE_TIMEOUT', 10_000),
    services,
  };
}

/**
 * Signing: the portal's server is a relying party of SK's Mobile-ID (MID REST API v1) and Smart-ID (RP API v2),
 * and reads the business register, all over HTTP (server/clients/). The defaults point at the simulators of this
 * same process over loopback HTTP, so `npm start` needs none of these. docs/configuration.md "Outside services".
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
  const allowed = 'PEM files (comma-separated) with the certificates to pin, readable by this user';
  return files.flatMap((file) => {
    let text: string;
    try {
      text = readFileSync(path.resolve(rootDir, file), 'utf8');
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code ?? (err as Error).message;
      throw new ConfigError(name, list ?? '', `${allowed} (${file}: ${code})`);
    }
    const pems = text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
    if (!pems.length) throw new ConfigError(name, list ?? '', `${allowed} (${file} holds no PEM certificate)`);
    return pems;
  });
}

function serviceUrl(value: string | undefined, fallback: string, name: string): string {
  return httpUrl(name, value || fallback, value);
}

function relyingParty(source: Source, prefix: 'MID' | 'SMART_ID') {
  const rpUuid = source[`${prefix}_RP_UUID`] || DEMO_RP.uuid;
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(rpUuid))
    throw new ConfigError(`${prefix}_RP_UUID`, rpUuid, 'a UUID in lower case (8-4-4-4-12 hexadecimal digits)');
  const rpName = source[`${prefix}_RP_NAME`] || DEMO_RP.name;
  if (Buffer.byteLength(rpName, 'utf8') > 32) throw new ConfigError(`${prefix}_RP_NAME`, rpName, 'at most 32 bytes');
  return { rpUuid, rpName };
}

/**
 * Where a live portal looks for its trusted CAs unless SIGNING_TRUST_DIR says otherwise: outside the checkout, so a
 * deployment of new code neither brings the demo CA back nor loses the operator's chains. Its absence is not refused
 * here (a portal may go live before it signs anything): the start warns in one line (server/start.ts).
 */
export const LIVE_TRUST_DIR_DEFAULT = '/etc/epit/trust';

export function loadSigningSettings(
  source: Source,
  portNumber: number,
  host: string,
  runMode: RunMode = 'test',
): SigningSettings {
  // this process's own simulators, over loopback HTTP
  const self = selfSim(source, portNumber, host);
  const idCard = oneOf(source, 'ID_CARD', 'software', ['software', 'webeid'] as const);
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
    trustDir:
      runMode === 'live' && !source.SIGNING_TRUST_DIR?.trim()
        ? LIVE_TRUST_DIR_DEFAULT
        : folder(
            source,
            'SIGNING_TRUST_DIR',
            'server/trust',
            'a folder that exists, holding the trusted CA certificates',
          ),
    idCard,
    httpTimeoutMs: integer(source, 'SIGNING_HTTP_TIMEOUT', 10_000),
  };
}

/**
 * External applications. The demo applications (server/apps/) listen on APPS_PORT of the portal's host, a
 * second origin. The portal hands the applications' addresses to the browser in the user context, read from the
 * database (table external_applications; a relative address there is read against the applications' origin), and
 * these variables win over the database. docs/configuration.md "External applications".
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

export function loadAppsSettings(source: Source): AppsSettings {
  const absolute = (name: string): string | null => {
    const value = source[name]?.trim();
    if (!value) return null;
    httpUrl(name, value, source[name]);
    return value;
  };
  const origin = absolute('APPS_ORIGIN');
  if (origin && new URL(origin).origin !== origin.replace(/\/+$/, ''))
    throw new ConfigError('APPS_ORIGIN', origin, 'an origin (scheme, host and port only), e.g. https://apps.example');
  const secret = source.APPS_SECRET?.trim() || randomBytes(32).toString('base64url');
  // the secret itself is never shown, not even in the refusal
  if (secret.length < 16)
    throw new ConfigError('APPS_SECRET', `(hidden, ${secret.length} characters)`, 'at least 16 characters');
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
