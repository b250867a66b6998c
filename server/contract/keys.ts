/**
 * Route keys (`GET /api/user/:gid`, as Fastify registers a route and server/contract/routes.ts names it) and the
 * document's paths (`/user/{gid}` on the API base; `/ticket-check` on the single sign-on base, `/config.json` where
 * the portal is mounted: a path item with a `servers` entry of its own), both ways.
 */

/**
 * The base a path is on: the API (`apiUrl`), the single sign-on (`casUrl`), the portal's own (`baseUrl`), the SLA
 * checks at the backend's root (spec 2 §7 "sla/test (root)", the API base's parent).
 */
export type Base = 'api' | 'cas' | 'ui' | 'sla';
const OTHER_BASES = ['cas', 'ui', 'sla'] as const;

/** `GET /api/user/:gid` → `{ method: 'get', path: '/user/{gid}', base: 'api' }` */
export function splitKey(key: string): { method: string; path: string; base: Base } {
  const [method, url] = key.split(' ');
  const base: Base = OTHER_BASES.find((b) => url.startsWith(`/${b}/`)) ?? 'api';
  const rest = url.slice(base.length + 1) || '/';
  return { method: method.toLowerCase(), path: rest.replace(/:(\w+)/g, '{$1}'), base };
}

/** The other way: `get`, `/user/{gid}` → `GET /api/user/:gid`. */
export function routeKey(method: string, path: string, base: Base = 'api'): string {
  return `${method.toUpperCase()} /${base}${path.replace(/\{(\w+)\}/g, ':$1')}`;
}

/**
 * Every operation of a document's `paths`, with its route key (a path item's own `servers` names its base).
 * @internal for the conformance kit (tools/conformance) and the contract tests, not the running server
 */
export function operationsOf(
  paths: Record<string, Record<string, unknown>>,
): { key: string; method: string; path: string; base: Base }[] {
  return Object.entries(paths).flatMap(([path, item]) => {
    const url = (item.servers as { url: string }[] | undefined)?.[0]?.url ?? '/api';
    const base = OTHER_BASES.find((b) => url === `/${b}`) ?? 'api';
    return Object.keys(item)
      .filter((m) => m !== 'servers')
      .map((method) => ({ key: routeKey(method, path, base), method, path, base }));
  });
}
