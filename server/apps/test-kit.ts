/**
 * Test kit for the demo applications: the portal (createApp) and the applications (createAppsServer) on fresh
 * in-memory databases, joined only by HTTP: a fetch that routes loopback requests by port into the right server's
 * app.inject (PORT → portal, APPS_PORT → applications), and a browser-like client with one cookie jar for the host
 * (cookies ignore ports, as in a browser) that follows redirects across both origins.
 *
 *   const w = await makeAppsWorld();
 *   const b = w.browser();
 *   await b.signIn('mari');                                   // the portal's sign-on: CAS TGC + EPIT-SESSION
 *   const { res, url } = await b.follow(`${w.appsOrigin}/oss/login?guid=EPEE11000015&lang=en`);
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createApp } from '../app.js';
import { openDb, type Db } from '../db/index.js';
import { prepareDb } from '../db/prepare.js';
import { type Env } from '../env.js';
import { testEnv } from '../test/env.js';
import { fakeClock } from '../lib/clock.js';
import { demoPassword, executionOf } from '../test/helpers.js';
import { loopbackFetch } from '../test/loopback-fetch.js';
import { createAppsServer } from './index.js';

interface Cookie {
  value: string;
  path: string;
  expires: number | null;
}

const portOf = (u: URL) => Number(u.port || (u.protocol === 'https:' ? 443 : 80));

/**
 * A browser's cookies for one host: a cookie is one per name and path (RFC 6265 §5.3 step 11), so the same name on
 * two paths is two cookies. Read by name (`get`, `has`: the longest path's, as a browser sends it first), planted by
 * name with its path (`set`), removed by name on every path (`delete`); iterates as [name, cookie].
 */
class CookieJar {
  private readonly byKey = new Map<string, { name: string; cookie: Cookie }>();
  private all(name: string) {
    return [...this.byKey.values()]
      .filter((e) => e.name === name)
      .sort((a, b) => b.cookie.path.length - a.cookie.path.length);
  }
  get(name: string): Cookie | undefined {
    return this.all(name)[0]?.cookie;
  }
  has(name: string): boolean {
    return this.all(name).length > 0;
  }
  set(name: string, cookie: Cookie): this {
    this.byKey.set(`${name}\n${cookie.path}`, { name, cookie });
    return this;
  }
  /** the cookie of this name on `path` only, or (without it) on every path */
  delete(name: string, path?: string): boolean {
    let found = false;
    for (const [key, e] of this.byKey)
      if (e.name === name && (path === undefined || e.cookie.path === path)) found = this.byKey.delete(key) || found;
    return found;
  }
  get size(): number {
    return this.byKey.size;
  }
  *[Symbol.iterator](): IterableIterator<[string, Cookie]> {
    for (const e of [...this.byKey.values()].sort((a, b) => b.cookie.path.length - a.cookie.path.length))
      yield [e.name, e.cookie];
  }
}

export class Browser {
  /** one jar for the host like a browser's (ports share cookies) */
  readonly cookies = new CookieJar();
  constructor(private readonly world: AppsWorld) {}

  private cookieHeader(url: URL): string {
    const now = Date.now();
    return [...this.cookies]
      .filter(([, c]) => (c.expires === null || c.expires > now) && url.pathname.startsWith(c.path))
      .map(([k, c]) => `${k}=${c.value}`)
      .join('; ');
  }

  private store(res: LightMyRequestResponse) {
    for (const c of res.cookies as { name: string; value: string; path?: string; expires?: Date; maxAge?: number }[]) {
      const expired = c.value === '' || (c.expires && c.expires.getTime() <= Date.now()) || c.maxAge === 0;
      const path = c.path ?? '/';
      if (expired) this.cookies.delete(c.name, path);
      else
        this.cookies.set(c.name, {
          value: c.value,
          path,
          expires: c.maxAge ? Date.now() + c.maxAge * 1000 : (c.expires?.getTime() ?? null),
        });
    }
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name)?.value;
  }

  async request(
    method: 'GET' | 'POST',
    url: string,
    opts: { form?: Record<string, string>; json?: unknown; headers?: Record<string, string>; xsrf?: boolean } = {},
  ): Promise<LightMyRequestResponse> {
    const u = new URL(url);
    const headers: Record<string, string> = { host: u.host, ...(opts.headers ?? {}) };
    const cookie = this.cookieHeader(u);
    if (cookie) headers.cookie = cookie;
    if (opts.xsrf && this.cookie('EPIT-XSRF-TOKEN')) headers['x-xsrf-token'] = this.cookie('EPIT-XSRF-TOKEN')!;
    let payload: string | undefined;
    if (opts.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      payload = new URLSearchParams(opts.form).toString();
    } else if (opts.json !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(opts.json);
    }
    const res = await this.world.serverFor(u).inject({ method, url: u.pathname + u.search, headers, payload });
    this.store(res);
    return res;
  }

  get(url: string, headers?: Record<string, string>) {
    return this.request('GET', url, { headers });
  }

  /** GET that follows redirects like a browser (across both origins); the last response, its URL and every URL. */
  async follow(url: string, max = 12) {
    const visited = [url];
    let current = url;
    let res = await this.get(current);
    while (res.statusCode >= 300 && res.statusCode < 400 && visited.length <= max) {
      current = new URL(String(res.headers.location), current).toString();
      visited.push(current);
      res = await this.get(current);
    }
    return { res, url: current, visited };
  }

  /** The portal's sign-on as a demo person: CAS TGC and the portal's EPIT-SESSION. */
  async signIn(username: string): Promise<void> {
    const start = await this.follow(`${this.world.portalOrigin}/api/security/login?target=/ui/dashboard`);
    if (start.res.statusCode !== 200) throw new Error(`the sign-on page answered ${start.res.statusCode}`);
    const service = new URL(start.url).searchParams.get('service') ?? '';
    const posted = await this.request('POST', `${this.world.portalOrigin}/cas/login`, {
      form: { service, username, password: demoPassword(username), execution: executionOf(start.res.body) },
    });
    if (posted.statusCode !== 302) throw new Error(`CAS login for ${username} answered ${posted.statusCode}`);
    const back = await this.follow(String(posted.headers.location));
    if (!this.cookie('EPIT-SESSION')) throw new Error(`no portal session for ${username}: ${back.res.statusCode}`);
  }

  /** The portal's logout as the portal page does it: single-signout, then the browser follows to CAS logout. */
  async portalLogout() {
    const out = await this.request('POST', `${this.world.portalOrigin}/api/security/single-signout?locale=et_EE`, {
      xsrf: true,
    });
    if (out.statusCode !== 200) throw new Error(`single-signout answered ${out.statusCode}: ${out.body}`);
    const { value } = out.json<{ value: string }>();
    return this.follow(new URL(value, this.world.portalOrigin).toString());
  }
}

export interface AppsWorld {
  portal: FastifyInstance;
  apps: FastifyInstance;
  db: Db;
  env: Env;
  clock: ReturnType<typeof fakeClock>;
  portalOrigin: string;
  appsOrigin: string;
  /** every URL the two servers fetched of each other (method and URL) */
  fetched: string[];
  serverFor(url: URL): FastifyInstance;
  browser(): Browser;
  /** POST to the simulator console as a browser would (XSRF) */
  sim(path: string, body: unknown): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export async function makeAppsWorld(opts: { env?: Partial<Env> } = {}): Promise<AppsWorld> {
  const clock = fakeClock(new Date().toISOString());
  const db = openDb(null);
  await prepareDb(db, clock);
  const env = testEnv(opts.env);
  const fetched: string[] = [];
  // filled in once both servers exist; the fetch reads it at call time
  const servers: { portal?: FastifyInstance; apps?: FastifyInstance } = {};
  const built = (app: FastifyInstance | undefined) => {
    if (!app) throw new Error('fetch before the servers were built');
    return app;
  };
  const toPortal = loopbackFetch(() => built(servers.portal));
  const toApps = loopbackFetch(() => built(servers.apps));
  const routed: typeof fetch = (input, init) => {
    const req = new Request(input, init);
    fetched.push(`${req.method} ${req.url}`);
    return portOf(new URL(req.url)) === env.appsPort ? toApps(req) : toPortal(req);
  };
  const portal = await createApp({ db, clock, env, ui: { kind: 'none' }, fetch: routed });
  const apps = await createAppsServer({ env, clock, dataDir: null, fetch: routed, switchCacheMs: 0, accessCacheMs: 0 });
  servers.portal = portal;
  servers.apps = apps;
  await portal.ready();
  await apps.ready();
  const portalOrigin = `http://localhost:${env.port}`;
  const world: AppsWorld = {
    portal,
    apps,
    db,
    env,
    clock,
    portalOrigin,
    appsOrigin: `http://localhost:${env.appsPort}`,
    fetched,
    serverFor: (u) => (portOf(u) === env.appsPort ? apps : portal),
    browser: () => new Browser(world),
    async sim(path, body) {
      const b = new Browser(world);
      await b.get(`${portalOrigin}/sim/`);
      return b.request('POST', `${portalOrigin}${path}`, { json: body, xsrf: true });
    },
    async close() {
      await apps.close();
      await portal.close();
      await db.destroy();
    },
  };
  return world;
}
