/**
 * The simulator's service registry (CAS Protocol 3.0 specification, §2.1.1 note: "all service urls be filtered via
 * the service management tool"). CAS_SERVICES lists full-match regular expressions, as Apereo's `serviceId`; by
 * default the portal's own origin (PUBLIC_ORIGIN, else the address the browser used) and the demo applications'
 * origin (APPS_ORIGIN, else the same host on APPS_PORT) are registered.
 */
import type { FastifyRequest } from 'fastify';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const originPattern = (origin: string) => new RegExp(`^${escape(origin)}(?:[/?#].*)?$`);

function registeredServices(req: FastifyRequest): RegExp[] {
  const { env } = req.server.deps;
  if (env.cas.services.length) return env.cas.services;
  const origins = new Set<string>();
  const add = (raw: string) => {
    try {
      const u = new URL(raw);
      origins.add(u.origin);
      const apps = new URL(u.origin);
      apps.port = String(env.appsPort);
      origins.add(apps.origin);
    } catch {
      // a Host header that is no address registers nothing
    }
  };
  // APPS_ORIGIN, when set, is where the demo applications really are (another host or port)
  if (env.apps.origin) origins.add(new URL(env.apps.origin).origin);
  if (env.publicOrigin) add(env.publicOrigin);
  if (req.headers.host) add(`${req.protocol}://${req.headers.host}`);
  return [...origins].map(originPattern);
}

/**
 * The absolute service URL when the registry allows it, null when none was given, false when it is refused
 * (§2.2.1: "the CAS Server MUST deny operation and print out a meaningful message"). A relative service is read
 * against the address the browser used, as the simulator has always done for its own pages.
 */
export function allowedService(req: FastifyRequest, raw: string | undefined): string | null | false {
  if (raw === undefined || raw === '') return null;
  let url: URL;
  try {
    url = new URL(raw, `${req.protocol}://${req.headers.host ?? 'localhost'}`);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  const absolute = /^https?:\/\//i.test(raw) ? raw : url.toString();
  // as sent, or normalised ('http://localhost:80/x' is 'http://localhost/x')
  return registeredServices(req).some((p) => p.test(absolute) || p.test(url.href)) ? absolute : false;
}
