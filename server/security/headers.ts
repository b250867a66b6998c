/**
 * Security headers (finding 5) with helmet (the demo applications' with @fastify/helmet):
 * - Content-Security-Policy: scripts and styles from the portal's own origin only, no inline script and no eval;
 *   frames only from the configured applications' origins (APPS_ORIGIN or the portal's host on APPS_PORT, and the
 *   APP_*_URL settings); requests also to the analytics endpoint (ANALYTICS_URL); `frame-ancestors 'none'`: nobody
 *   frames the portal or the sign-on pages.
 *   The sign-on pages' one inline style sheet is allowed by its hash. Two relaxations, never in a live deployment:
 *   the Vite development server (`npm run dev`: its inline preamble, eval, websocket, and the blob: worker its client
 *   starts to wait for a restarted server, which would fall back to script-src) and the simulator console
 *   under /sim (its inline script; switched off in live mode). Violations are reported to /csp-report (csp-report.ts).
 * - X-Content-Type-Options: nosniff, Referrer-Policy: strict-origin-when-cross-origin, X-Frame-Options: DENY.
 * - When PUBLIC_ORIGIN is https: Strict-Transport-Security, and every cookie is Secure.
 * The demo applications (server/apps/, another origin) are framed by the portal: `installAppsHeaders` gives them
 * `frame-ancestors <portal origin>` instead.
 */
import { createHash } from 'node:crypto';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import fastifyHelmet from '@fastify/helmet';
import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CAS_STYLE } from '../cas/pages.js';
import type { Env } from '../env.js';
import { onRequestStep, onSendStep } from '../lib/hook-chain.js';
import { appsOrigin, portalOrigin } from '../lib/origins.js';
import { CSP_REPORT_PATH, installCspReports } from './csp-report.js';

const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** What the policy of one request depends on, worked out with Fastify's view of it (trustProxy honoured). */
interface PolicyContext {
  apps: string[];
  portal: string;
  simulator: boolean;
}
const contexts = new WeakMap<IncomingMessage, PolicyContext>();
/** What the portal's policy depends on: the applications' origins it may frame and call, the simulator console. */
type PortalPolicy = Omit<PolicyContext, 'portal'>;
type HeaderList = readonly (readonly [name: string, value: string])[];

/**
 * The headers helmet sets with `options`: its middleware run once against a response no one receives (every
 * directive here is a fixed value, so helmet needs nothing of a request), then read back from it. A header name in
 * lower case, as Node keeps it.
 */
function helmetHeaders(options: HelmetOptions): HeaderList {
  const req = new IncomingMessage(new Socket());
  const res = new ServerResponse(req);
  let failure: unknown = null;
  helmet(options)(req, res, (err?: unknown) => {
    failure = err ?? null;
  });
  if (failure) throw failure instanceof Error ? failure : new Error('helmet refused the security header settings');
  return Object.entries(res.getHeaders()).flatMap(([name, value]) =>
    value === undefined ? [] : [[name, Array.isArray(value) ? value.join(', ') : String(value)] as const],
  );
}

const originOfUrl = (url: string | null): string | null => {
  if (!url || !/^https?:\/\//i.test(url)) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/** The applications' origins the portal may frame and call (the OSS logout GET): APPS_ORIGIN and APP_*_URL. */
export function applicationOrigins(env: Env, req: FastifyRequest): string[] {
  // appsOrigin reads the request's protocol and host name, and the host name is its Host without the port: the
  // list is kept by the protocol and the Host as Fastify reads them (trustProxy honoured), so a request of a known
  // address does not split its Host again
  const protocol = req.protocol;
  const byHost = protocol === 'http' ? hostLists.http : protocol === 'https' ? hostLists.https : null;
  if (!byHost) return originsOf(env, appsOrigin(env, req));
  const host = req.host;
  // a deployment is called at one address (behind its proxy, one Host): the last answer first, without the maps
  const last = lastOrigins;
  if (last !== null && last.host === host && last.protocol === protocol && last.env === env) return last.list;
  let perEnv = byHost.get(env);
  if (!perEnv) byHost.set(env, (perEnv = new Map<string, string[]>()));
  let list = perEnv.get(host);
  if (!list) {
    list = originsOf(env, appsOrigin(env, req));
    if (perEnv.size >= 1_000) perEnv.clear(); // the Host header is the client's: bounded
    perEnv.set(host, list);
  }
  lastOrigins = { env, protocol, host, list };
  return list;
}
let lastOrigins: { env: Env; protocol: string; host: string; list: string[] } | null = null;
const hostLists = { http: new WeakMap<Env, Map<string, string[]>>(), https: new WeakMap<Env, Map<string, string[]>>() };

/** The list for the applications' origin `apps`: one array per origin (the headers' kept lists are keyed by it). */
function originsOf(env: Env, apps: string): string[] {
  // the same for every request from the same address: worked out once per address; read only
  let byApps = originLists.get(env);
  if (!byApps) originLists.set(env, (byApps = new Map<string, string[]>()));
  let list = byApps.get(apps);
  if (!list) {
    const fromSettings = Object.values(env.apps.overrides).flatMap((o) => [
      originOfUrl(o.baseUrl),
      originOfUrl(o.logoutUrl),
    ]);
    list = [...new Set([apps, ...fromSettings].filter((o): o is string => o !== null))];
    if (byApps.size >= 1_000) byApps.clear(); // the address may come from the Host header: bounded
    byApps.set(apps, list);
  }
  return list;
}
const originLists = new WeakMap<Env, Map<string, string[]>>();

/**
 * The demo applications' origin for this request (appsOrigin), as the security headers step worked it out: the
 * first of the request's application origins. Worked out here when that step has not run for the request.
 */
export function requestAppsOrigin(env: Env, req: FastifyRequest): string {
  return req.applicationOrigins?.[0] ?? appsOrigin(env, req);
}

declare module 'fastify' {
  interface FastifyRequest {
    /** the applications' origins of this request (applicationOrigins), set by the security headers step */
    applicationOrigins: string[] | null;
  }
}

/** '/sim', '/sim/…' or '/sim?…' (the path without splitting the query off: this runs for every request) */
const isSimulatorUrl = (url: string) =>
  url.startsWith('/sim') && (url.length === 4 || url[4] === '/' || url[4] === '?');

const ctx = (req: IncomingMessage): PolicyContext =>
  contexts.get(req) ?? { apps: [], portal: "'self'", simulator: false };

/** Adds `; Secure` to every Set-Cookie that lacks it (an https deployment never sends a cookie in the clear). */
function secureCookies(reply: FastifyReply): void {
  const set = reply.getHeader('set-cookie');
  if (set === undefined) return;
  const list = (Array.isArray(set) ? set : [String(set)]).map((c) => (/;\s*secure\b/i.test(c) ? c : `${c}; Secure`));
  // reply.header appends to a Set-Cookie already there (one line per cookie): the marked list replaces it
  reply.removeHeader('set-cookie');
  reply.header('set-cookie', list);
}

export function installSecurityHeaders(app: FastifyInstance, env: Env, opts: { development: boolean }): void {
  const https = env.publicOrigin?.startsWith('https:') === true;
  const dev = opts.development;
  // a CAS on another origin answers the portal's ticket check as a script (JSONP, spec 1 §7)
  const casScript = originOfUrl(env.cas.ticketCheckUrl);
  const casStyle = hashOf(CAS_STYLE);
  // the page views of spec 1 §9 go to the analytics endpoint (PortalConfig.analytics)
  const analytics = originOfUrl(env.analytics?.url ?? null);
  /** The policy of one context: static values, so helmet computes the header once per context (see below). */
  const directives = (c: PortalPolicy) => ({
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'script-src': [
      "'self'",
      ...(casScript ? [casScript] : []),
      ...(dev ? ["'unsafe-inline'", "'unsafe-eval'"] : []),
      c.simulator ? "'unsafe-inline'" : '',
    ],
    'script-src-attr': ["'none'"],
    // a hash in the list makes the browser ignore 'unsafe-inline': either the one or the other
    'style-src': ["'self'", dev || c.simulator ? "'unsafe-inline'" : casStyle],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...(dev ? ['ws:', 'wss:'] : []), ...(analytics ? [analytics] : []), c.apps.join(' ')],
    ...(dev ? { 'worker-src': ["'self'", 'blob:'] } : {}),
    'frame-src': ["'self'", c.apps.join(' ')],
    'frame-ancestors': ["'none'"],
    'report-uri': [CSP_REPORT_PATH],
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  });
  /** helmet's settings for one context: the policy above and the rest, the same for every request */
  const options = (c: PortalPolicy): HelmetOptions => ({
    contentSecurityPolicy: { useDefaults: false, directives: directives(c) },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    // the portal frames the applications and a CAS elsewhere serves the ticket check: none of these fit
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: false,
    crossOriginOpenerPolicy: false,
  });
  /**
   * The headers depend only on the policy context (the applications' origins, the simulator console), so helmet
   * works them out on the first request of each context and later requests of it get the same list, as Fastify
   * reply headers (written out with the answer's own, in one pass). Kept by the list of the applications' origins
   * (the same array for the same address, applicationOrigins), one map for the simulator console and one for the
   * rest; bounded as that list's cache is.
   */
  const kept = { portal: new WeakMap<string[], HeaderList>(), simulator: new WeakMap<string[], HeaderList>() };
  if (!app.hasRequestDecorator('applicationOrigins')) app.decorateRequest('applicationOrigins', null);
  // the list of the last request, which the next one mostly shares (one address, no simulator console)
  let last: { apps: string[]; simulator: boolean; headers: HeaderList } | null = null;
  onRequestStep(app, (req, reply) => {
    const apps = applicationOrigins(env, req);
    req.applicationOrigins = apps;
    const simulator = env.runMode !== 'live' && isSimulatorUrl(req.url);
    let headers: HeaderList | undefined;
    if (last !== null && last.apps === apps && last.simulator === simulator) headers = last.headers;
    else {
      const byApps = simulator ? kept.simulator : kept.portal;
      headers = byApps.get(apps);
      if (!headers) byApps.set(apps, (headers = helmetHeaders(options({ apps, simulator }))));
      last = { apps, simulator, headers };
    }
    for (const [name, value] of headers) reply.header(name, value);
    return undefined;
  });
  if (https)
    onSendStep(app, (_req, reply, payload) => {
      secureCookies(reply);
      return payload;
    });
  installCspReports(app);
}

/**
 * The demo applications' headers: framed by the portal and by nobody else (`frame-ancestors <portal origin>`),
 * nosniff and the referrer policy. Their pages keep their own scripts, so no script policy here.
 */
export async function installAppsHeaders(app: FastifyInstance, env: Env): Promise<void> {
  const https = env.publicOrigin?.startsWith('https:') === true;
  app.addHook('onRequest', (req, _reply, done) => {
    contexts.set(req.raw, { apps: [], portal: portalOrigin(env, req), simulator: false });
    done();
  });
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        // only who may frame them: their own pages' resources are theirs to choose
        'default-src': fastifyHelmet.contentSecurityPolicy.dangerouslyDisableDefaultSrc,
        'frame-ancestors': [(req) => ctx(req).portal],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
      },
    },
    frameguard: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: false,
    crossOriginOpenerPolicy: false,
  });
  if (https)
    app.addHook('onSend', (_req, reply, payload, done) => {
      secureCookies(reply);
      done(null, payload);
    });
}
