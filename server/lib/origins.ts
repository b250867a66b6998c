/**
 * The two origins of the reference backend (issue 8): the portal's (PORT) and the demo external applications'
 * (APPS_PORT, same host), as the browser sees them and as the servers reach each other over HTTP. Pure helpers:
 * each side passes the request it is answering, and the two servers never call into each other in-process.
 */
import type { Env } from '../env.js';

/** What the helpers read of a request: Fastify's `protocol` and `hostname` (without the port; trustProxy honoured). */
export interface RequestAddress {
  protocol: string;
  hostname: string;
}

const bracketed = (host: string) => (host.includes(':') && !host.startsWith('[') ? `[${host}]` : host);

const origins = new Map<string, string>();
/** PUBLIC_ORIGIN parsed (one per configuration) */
const publicOrigins = new Map<string, URL>();

/** `http://host:port`, leaving out the scheme's default port. */
function originWithPort(protocol: string, hostname: string, port: number): string {
  // asked several times per request (security headers, user context): parsed once per address (issue 12)
  const key = `${protocol}\n${hostname}\n${port}`;
  let origin = origins.get(key);
  if (origin === undefined) {
    const u = new URL(`${protocol}://${bracketed(hostname)}`);
    u.port = String(port);
    origin = u.origin;
    if (origins.size >= 1_000) origins.clear(); // the Host header is the client's: bounded
    origins.set(key, origin);
  }
  return origin;
}

/**
 * The origin of links that leave the request (e-mails, the start-up line): PUBLIC_ORIGIN only, never a Host header a
 * client chose; a demo or test run without it (live mode requires it) links to localhost on PORT.
 */
export function linkOrigin(env: Env): string {
  return env.publicOrigin ?? `http://localhost:${env.port}`;
}

/** The portal's public origin: PUBLIC_ORIGIN, else the request's host on PORT. */
export function portalOrigin(env: Env, req: RequestAddress): string {
  return env.publicOrigin ?? originWithPort(req.protocol, req.hostname, env.port);
}

/**
 * The demo applications' public origin: APPS_ORIGIN, else the portal's host (PUBLIC_ORIGIN's, or the request's) on
 * APPS_PORT, the same rule as the sign-on simulator's default service registry (server/cas/registry.ts).
 */
export function appsOrigin(env: Env, req: RequestAddress): string {
  if (env.apps.origin) return env.apps.origin;
  if (env.publicOrigin) {
    let u = publicOrigins.get(env.publicOrigin);
    if (!u) publicOrigins.set(env.publicOrigin, (u = new URL(env.publicOrigin)));
    return originWithPort(u.protocol.replace(/:$/, ''), u.hostname, env.appsPort);
  }
  return originWithPort(req.protocol, req.hostname, env.appsPort);
}

/** The loopback address a wildcard listen address is reached on. */
function loopbackHost(host: string): string {
  return ['0.0.0.0', '::', ''].includes(host) ? '127.0.0.1' : bracketed(host);
}

/** Where the applications' server reaches the portal's server: APPS_PORTAL_URL, else loopback on PORT. */
export function portalInternalUrl(env: Env): string {
  return env.apps.portalUrl ?? `http://${loopbackHost(env.host)}:${env.port}`;
}

/** Where the portal's server reaches the demo applications: APPS_ORIGIN, else loopback on APPS_PORT. */
export function appsInternalOrigin(env: Env): string {
  return env.apps.origin ?? `http://${loopbackHost(env.host)}:${env.appsPort}`;
}

/** `url` itself when absolute, else read against `origin` ('/oss/' + 'http://localhost:8081' → 'http://localhost:8081/oss/'). */
export function resolveAgainst(url: string, origin: string): string {
  return /^https?:\/\//i.test(url) ? url : new URL(url, `${origin}/`).toString();
}
