/**
 * Test kit for server tests: a fresh in-memory database per app, a controllable clock, and a
 * browser-like cookie jar that walks the real sign-on flow (security/login → CAS → callback).
 *
 *   const t = await makeTestApp();
 *   const mari = await t.login('mari');           // a Client holding EPIT-SESSION and EPIT-XSRF-TOKEN
 *   const res = await mari.get('/api/context/getUserContext');
 *   await mari.post('/api/context/changeLanguage', { value: 'ENG' });   // sends X-XSRF-TOKEN
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createApp, type UiMode } from '../app.js';
import { openDb, type Db } from '../db/index.js';
import { loadDemoData } from '../db/seed.js';
import { prepareDb } from '../db/prepare.js';
import { type Env } from '../env.js';
import { testEnv } from './env.js';
import { fakeClock } from '../lib/clock.js';
import type { Lifecycle } from '../ops/lifecycle.js';
import type { Metrics } from '../ops/metrics.js';
import { loopbackFetch } from './loopback-fetch.js';

export type FakeClock = ReturnType<typeof fakeClock>;

export class Client {
  readonly cookies = new Map<string, string>();
  constructor(readonly app: FastifyInstance) {}

  private store(res: LightMyRequestResponse) {
    for (const c of res.cookies as { name: string; value: string; expires?: Date; maxAge?: number }[]) {
      const expired = c.value === '' || (c.expires && c.expires.getTime() <= Date.now()) || c.maxAge === 0;
      if (expired) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
  }

  private header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    opts: { body?: unknown; form?: Record<string, string>; xsrf?: boolean; headers?: Record<string, string> } = {},
  ) {
    // a browser at the portal's address (the sign-on service registers that origin, never a Host header's)
    const headers: Record<string, string> = { host: `localhost:${this.app.deps.env.port}`, ...(opts.headers ?? {}) };
    if (this.cookies.size) headers.cookie = this.header();
    // like the portal's client: the header on every state change (a GET such as changeRepresented included)
    if (opts.xsrf !== false && this.cookies.has('EPIT-XSRF-TOKEN'))
      headers['x-xsrf-token'] = this.cookies.get('EPIT-XSRF-TOKEN')!;
    let payload: string | undefined;
    if (opts.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      payload = new URLSearchParams(opts.form).toString();
    } else if (opts.body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(opts.body);
    }
    const res = await this.app.inject({ method, url, headers, payload });
    this.store(res);
    return res;
  }

  get(url: string, headers?: Record<string, string>) {
    return this.request('GET', url, { headers });
  }
  post(url: string, body?: unknown, opts: { xsrf?: boolean; headers?: Record<string, string> } = {}) {
    return this.request('POST', url, { body, ...opts });
  }

  /** GET that follows same-origin redirects like a browser; returns the last response and the visited URLs. */
  async follow(url: string, max = 10) {
    const visited: string[] = [url];
    let res = await this.get(url);
    while (res.statusCode >= 300 && res.statusCode < 400 && visited.length <= max) {
      const next = toPath(res.headers.location as string);
      visited.push(next);
      res = await this.get(next);
    }
    return { res, visited };
  }
}

/** The service URL of a CAS login address (the portal's callback, with its login state). */
export const serviceOf = (casLoginLocation: string): string =>
  new URL(casLoginLocation, 'http://localhost').searchParams.get('service') ?? '';

/** 'http://localhost:80/api/x?y' → '/api/x?y' */
export const toPath = (location: string) =>
  location.startsWith('/')
    ? location
    : (() => {
        const u = new URL(location);
        return u.pathname + u.search;
      })();

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  clock: FakeClock;
  env: Env;
  client(): Client;
  /** Full sign-on as a demo person (key = username), ending on the target page with a portal session. */
  login(username: string, target?: string): Promise<Client>;
  close(): Promise<void>;
}

/** The `execution` token of a sign-on page (CAS 3.0 §3.5 login ticket): every POST to /cas/login needs one. */
export function executionOf(html: string): string {
  const m = /name="execution" value="([^"]+)"/.exec(html);
  if (!m) throw new Error('the page has no execution token');
  return m[1];
}

export function demoPassword(username: string): string {
  const p = loadDemoData().persons.find((x) => x.login?.username === username);
  if (!p?.login) throw new Error(`no demo login "${username}"`);
  return p.login.password;
}

/**
 * `ui`: how the portal's pages are served (default none: the API, sign-on and simulators only). `metrics`: a test
 * that reads them makes them on the app's database (`db`, default a fresh one) with createMetrics (server/ops/).
 */
export async function makeTestApp(
  opts: {
    now?: string;
    env?: Partial<Env>;
    ui?: UiMode;
    db?: Db;
    lifecycle?: Lifecycle;
    metrics?: (db: Db, clock: FakeClock) => Metrics;
    logger?: { stream: { write(line: string): void } };
    /** with env.mail.smtpUrl: how often the mail sender looks at the outbox */
    mailPollMs?: number;
  } = {},
): Promise<TestApp> {
  const clock = fakeClock(opts.now ?? new Date().toISOString());
  const db = opts.db ?? openDb(null);
  // env.migrateUpTo: the current code standing in for the build before a migration (server/db/migrator.ts)
  await prepareDb(db, clock, { migrateUpTo: opts.env?.migrateUpTo ?? null });
  const env = testEnv(opts.env);
  // the server's outgoing HTTP (CAS validation, single logout) reaches this same app through app.inject
  const app: FastifyInstance = await createApp({
    db,
    clock,
    env,
    ui: opts.ui ?? { kind: 'none' },
    fetch: loopbackFetch(() => app),
    lifecycle: opts.lifecycle,
    metrics: opts.metrics?.(db, clock),
    logger: opts.logger,
    mailPollMs: opts.mailPollMs,
  });
  await app.ready();
  const client = () => new Client(app);
  return {
    app,
    db,
    clock,
    env,
    client,
    async login(username: string, target = '/ui/dashboard') {
      const c = client();
      const start = await c.get(`/api/security/login?target=${encodeURIComponent(target)}`);
      const casUrl = toPath(start.headers.location as string);
      const service = new URL(casUrl, 'http://localhost').searchParams.get('service')!;
      // the sign-on page (sets EPIT-XSRF-TOKEN like a browser visit would, and the form's execution token)
      const page = await c.get(casUrl);
      const posted = await c.request('POST', '/cas/login', {
        form: { service, username, password: demoPassword(username), execution: executionOf(page.body) },
      });
      if (posted.statusCode !== 302) throw new Error(`CAS login for ${username} answered ${posted.statusCode}`);
      const back = await c.get(toPath(posted.headers.location as string));
      if (back.statusCode !== 302 || !c.cookies.has('EPIT-SESSION'))
        throw new Error(`callback for ${username} answered ${back.statusCode}: ${back.body}`);
      return c;
    },
    async close() {
      await app.close();
      await db.destroy();
    },
  };
}
