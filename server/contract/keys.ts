/**
 * Route keys (`GET /api/user/:gid`, as Fastify registers a route and server/contract/routes.ts names it) and the
 * document's paths (`/user/{gid}` on the API base; `/ticket-check` on the single sign-on base), both ways.
 */

/** `GET /api/user/:gid` → `{ method: 'get', path: '/user/{gid}', base: 'api' }` */
export function splitKey(key: string): { method: string; path: string; base: 'api' | 'cas' } {
  const [method, url] = key.split(' ');
  const base = url.startsWith('/cas/') ? 'cas' : 'api';
  const rest = url.slice(base === 'cas' ? '/cas'.length : '/api'.length) || '/';
  return { method: method.toLowerCase(), path: rest.replace(/:(\w+)/g, '{$1}'), base };
}

/** The other way: `get`, `/user/{gid}` → `GET /api/user/:gid` (`cas`: the path is on the single sign-on base). */
export function routeKey(method: string, path: string, base: 'api' | 'cas' = 'api'): string {
  return `${method.toUpperCase()} /${base}${path.replace(/\{(\w+)\}/g, ':$1')}`;
}
