/**
 * The simulator's service registry (CAS Protocol 3.0 specification, §2.1.1 note: "all service urls be filtered via
 * the service management tool"). CAS_SERVICES lists full-match regular expressions, as Apereo's `serviceId`; by
 * default the portal's origin and the demo applications' origin are registered.
 *
 * The registry comes from configuration only, never from a request: single logout (§2.3.3) POSTs to every service
 * that got a ticket, so a service taken from the Host header would let anyone make this server POST to a host, port
 * and path of their choosing. Without PUBLIC_ORIGIN (a demo or test run; live mode requires it) the portal is the
 * loopback names on PORT, and the applications the same names on APPS_PORT (or APPS_ORIGIN).
 */
import type { FastifyRequest } from 'fastify';
import type { Env } from '../env.js';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const originPattern = (origin: string) => new RegExp(`^${escape(origin)}(?:[/?#].*)?$`);

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

const registries = new WeakMap<Env, RegExp[]>();

function registeredServices(env: Env): RegExp[] {
  if (env.cas.services.length) return env.cas.services;
  let patterns = registries.get(env);
  if (!patterns) {
    const origins = new Set<string>();
    const portal = env.publicOrigin
      ? [new URL(env.publicOrigin)]
      : LOOPBACK_HOSTS.map((host) => new URL(`http://${host}:${env.port}`));
    for (const u of portal) origins.add(u.origin);
    if (env.apps.origin) origins.add(new URL(env.apps.origin).origin);
    else
      for (const u of portal) {
        const apps = new URL(u.origin);
        apps.port = String(env.appsPort);
        origins.add(apps.origin);
      }
    patterns = [...origins].map(originPattern);
    registries.set(env, patterns);
  }
  return patterns;
}

/** Whether an absolute service URL is one the registry allows. */
export function isRegisteredService(env: Env, service: string): boolean {
  let url: URL;
  try {
    url = new URL(service);
  } catch {
    return false;
  }
  // as sent, or normalised ('http://localhost:80/x' is 'http://localhost/x')
  return registeredServices(env).some((p) => p.test(service) || p.test(url.href));
}

/**
 * The absolute service URL when the registry allows it, null when none was given, false when it is refused
 * (§2.2.1: "the CAS Server MUST deny operation and print out a meaningful message"). A relative service is read
 * against the address the browser used, as the simulator has always done for its own pages: that only names a base,
 * and the result must still be registered. A URL with a control character or white space is refused outright: the
 * URL parser would drop a line break that the redirect's Location header would then carry.
 */
export function allowedService(req: FastifyRequest, raw: string | undefined): string | null | false {
  if (raw === undefined || raw === '') return null;
  if ([...raw].some((ch) => ch.charCodeAt(0) <= 0x20 || ch.charCodeAt(0) === 0x7f)) return false;
  let url: URL;
  try {
    url = new URL(raw, `${req.protocol}://${req.headers.host ?? 'localhost'}`);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  const absolute = /^https?:\/\//i.test(raw) ? raw : url.toString();
  return isRegisteredService(req.server.deps.env, absolute) ? absolute : false;
}
