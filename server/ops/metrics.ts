/**
 * Prometheus metrics (prom-client), served on a listener of their own (METRICS_PORT, bound to METRICS_HOST, default
 * 127.0.0.1), never on the portal's public port. Off unless METRICS_PORT is set: the app then gets `noMetrics`, and
 * counting costs nothing. docs/operations.md "Metrics" lists each one with its labels; ops/prometheus/ holds the
 * alerts and ops/grafana/ the dashboard that read them.
 *
 * Two kinds, so that a sum over the processes never counts twice (server/ops/metrics-processes.test.ts):
 * - per process: counters, histograms and gauges of this process alone (requests, outside calls, signings, logins,
 *   mail, purges, its pool, its memory, its readiness). Summed over the processes they give the portal's figure.
 * - database-wide (`portal_sessions_open`, `portal_outbox_pending`): one count of the shared database, which every
 *   process reports alike. Aggregated with `max`, never `sum` (the PromQL test holds the rules and the dashboard to
 *   it); absent, not 0, while the database does not answer, so a graph shows a gap and no false drop.
 *
 * Every request passes `request()`: prom-client's own histogram validates and hashes the labels again on each
 * observation (about 1.5 µs measured here), so the request counts are kept in plain arrays per label set and handed
 * to prom-client as a histogram when scraped. The rest (outside calls, signings, logins, mail) is rare and uses
 * prom-client as it is.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { getHeapStatistics } from 'node:v8';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { sql } from 'kysely';
import type { Db } from '../db/index.js';
import { isPostgres, poolOf } from '../db/dialect.js';
import type { Clock } from '../lib/clock.js';

export type OutsideService = 'cas' | 'mobile-id' | 'smart-id' | 'registry' | 'address-register';
/**
 * ok: a 2xx answer; http_4xx / http_5xx: another answer; timeout: no answer in time; unreachable: no connection or
 * no readable answer; aborted: the caller left or the server is closing (a long poll cut short)
 */
export type CallOutcome = 'ok' | 'http_4xx' | 'http_5xx' | 'timeout' | 'unreachable' | 'aborted';
export type SigningMethod = 'MID' | 'SID' | 'IDCARD';

/** Where a password was checked: the sign-on form (/cas/login) or a current password asked before a change. */
export type PasswordForm = 'sign-on' | 'current-password';

/** What /ready found (server/ops/health.ts): whether this process is ready, and whether the database answered. */
export interface ReadinessReport {
  ready: boolean;
  databaseUp: boolean;
}

export interface Metrics {
  /** one answered request: `route` is the route pattern (or null when none matched), `ms` its time in the server */
  request(method: string, route: string | null, status: number, ms: number): void;
  /** `longPoll`: a status request the service holds open until the state changes (Mobile-ID, Smart-ID) */
  outsideCall(service: OutsideService, outcome: CallOutcome, seconds: number, longPoll?: boolean): void;
  signingStarted(method: SigningMethod): void;
  /** `method` as the pending signing holds it (one of SigningMethod) */
  signingEnded(method: string, result: string): void;
  /** a wrong password (the throttle's failure) */
  loginFailed(form: PasswordForm): void;
  /** an attempt refused with 429 before its password was checked (server/security/throttle.ts) */
  loginThrottled(form: PasswordForm): void;
  /** a request refused by a rate limit (server/security/rate-limit.ts), by the limit's scope */
  rateLimited(scope: string): void;
  /** a mail the mail server took */
  mailSent(): void;
  /** a try that failed: `gaveUp` when the mail is now `failed` for good, else it is tried again later */
  mailFailed(gaveUp: boolean): void;
  /** one purge: rows deleted per table, or null when it failed */
  purged(rows: Record<string, number> | null): void;
  /** the readiness check (server/ops/health.ts), run once per scrape for `portal_ready` and `portal_database_up` */
  readinessFrom(check: () => Promise<ReadinessReport>): void;
}

export const noMetrics: Metrics = {
  request() {},
  outsideCall() {},
  signingStarted() {},
  signingEnded() {},
  loginFailed() {},
  loginThrottled() {},
  rateLimited() {},
  mailSent() {},
  mailFailed() {},
  purged() {},
  readinessFrom() {},
};

/** Seconds: a request served from memory takes about a millisecond, a saturated one a few hundred. */
const REQUEST_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Seconds: an outside service answers in tens of milliseconds, a long poll in up to a minute. */
const CALL_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

interface Series {
  labels: { method: string; route: string; status: string };
  /** the status as a number (labels.status is its text) */
  status: number;
  /** observations per bucket (not cumulative); the last slot is +Inf */
  buckets: Float64Array;
  count: number;
  sum: number;
}

/**
 * The request histogram and counter: plain arrays on the request path, prom-client's shape when scraped
 * (`get()` is what prom-client's Registry asks of every metric it holds).
 */
class RequestSeries {
  /** in the order first seen (the scrape's order) */
  private readonly all: Series[] = [];
  /**
   * By route pattern (one of the app's few strings, whose hash V8 keeps), then a short list searched by method and
   * status: a key string made and hashed per request cost more than the rest of the observation.
   */
  private readonly byRoute = new Map<string | null, Series[]>();

  observe(method: string, route: string | null, status: number, seconds: number): void {
    let list = this.byRoute.get(route);
    if (!list) this.byRoute.set(route, (list = []));
    let s: Series | undefined;
    for (const x of list)
      if (x.status === status && x.labels.method === method) {
        s = x;
        break;
      }
    if (!s) {
      s = {
        labels: { method, route: route ?? '(none)', status: String(status) },
        status,
        buckets: new Float64Array(REQUEST_BUCKETS.length + 1),
        count: 0,
        sum: 0,
      };
      list.push(s);
      this.all.push(s);
    }
    let i = 0;
    while (i < REQUEST_BUCKETS.length && seconds > REQUEST_BUCKETS[i]) i++;
    s.buckets[i]++;
    s.count++;
    s.sum += seconds;
  }

  histogram() {
    return {
      name: 'http_request_duration_seconds',
      help: 'Time from the arrival of a request to its answer, by method, route pattern and status',
      type: 'histogram',
      aggregator: 'sum',
      get: () =>
        Promise.resolve({
          name: 'http_request_duration_seconds',
          help: 'Time from the arrival of a request to its answer, by method, route pattern and status',
          type: 'histogram',
          aggregator: 'sum',
          values: this.all.flatMap((s) => {
            let cumulative = 0;
            const buckets = REQUEST_BUCKETS.map((le, i) => {
              cumulative += s.buckets[i];
              return {
                labels: { ...s.labels, le },
                value: cumulative,
                metricName: 'http_request_duration_seconds_bucket',
              };
            });
            return [
              ...buckets,
              {
                labels: { ...s.labels, le: '+Inf' },
                value: s.count,
                metricName: 'http_request_duration_seconds_bucket',
              },
              { labels: s.labels, value: s.sum, metricName: 'http_request_duration_seconds_sum' },
              { labels: s.labels, value: s.count, metricName: 'http_request_duration_seconds_count' },
            ];
          }),
        }),
    };
  }

  counter() {
    return {
      name: 'http_requests_total',
      help: 'Requests answered, by method, route pattern and status',
      type: 'counter',
      aggregator: 'sum',
      get: () =>
        Promise.resolve({
          name: 'http_requests_total',
          help: 'Requests answered, by method, route pattern and status',
          type: 'counter',
          aggregator: 'sum',
          values: this.all.map((s) => ({ labels: s.labels, value: s.count })),
        }),
    };
  }
}

export interface MetricsRegistry {
  metrics: Metrics;
  registry: Registry;
}

/** How long a scrape waits for the database: Prometheus's own scrape timeout is 10 s by default. */
const DATABASE_WAIT_MS = 2000;

/** `read()` within DATABASE_WAIT_MS, or null (the database does not answer, or answers with an error). */
async function withinWait<T>(read: () => Promise<T>): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), DATABASE_WAIT_MS)));
  try {
    return await Promise.race([read().catch(() => null), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A gauge without labels whose value may be unknown: `read()` gives null and the scrape has no sample of it (HELP
 * and TYPE only), so Prometheus sees it absent instead of a made-up 0. `aggregator` is prom-client's word for how
 * its cluster mode would merge processes, and says the same to a reader: `max` for a database-wide figure.
 */
function optionalGauge(name: string, help: string, aggregator: 'sum' | 'max', read: () => Promise<number | null>) {
  return {
    name,
    help,
    type: 'gauge',
    aggregator,
    get: async () => {
      const value = await read();
      return { name, help, type: 'gauge', aggregator, values: value === null ? [] : [{ labels: {}, value }] };
    },
  };
}

/** The version of package.json and the commit of the checkout (docs/deployment.md installs with git clone). */
function buildInfo(root = findRoot()): { version: string; commit: string } {
  let version = 'unknown';
  try {
    version =
      (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version?: string }).version ?? version;
  } catch {
    // no package.json beside the code: the version stays unknown
  }
  return { version, commit: gitCommit(root) ?? 'unknown' };
}

/** The nearest folder above this file that holds package.json (the source tree, or the built server's). */
function findRoot(): string {
  let dir = import.meta.dirname;
  while (!existsSync(path.join(dir, 'package.json')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return dir;
}

/** HEAD's commit, read from the .git folder (no git program needed); null when there is none. */
function gitCommit(root: string): string | null {
  try {
    let gitDir = path.join(root, '.git');
    // a worktree: .git is a file naming the real folder
    if (statSync(gitDir).isFile())
      gitDir = path.resolve(
        root,
        readFileSync(gitDir, 'utf8')
          .replace(/^gitdir:\s*/, '')
          .trim(),
      );
    const head = readFileSync(path.join(gitDir, 'HEAD'), 'utf8').trim();
    if (!head.startsWith('ref: ')) return /^[0-9a-f]{40}$/.test(head) ? head : null;
    const ref = head.slice(5);
    // a worktree's branches live in the common folder
    const common = existsSync(path.join(gitDir, 'commondir'))
      ? path.resolve(gitDir, readFileSync(path.join(gitDir, 'commondir'), 'utf8').trim())
      : gitDir;
    for (const dir of [gitDir, common]) {
      const file = path.join(dir, ref);
      if (existsSync(file)) return readFileSync(file, 'utf8').trim();
    }
    const packed = readFileSync(path.join(common, 'packed-refs'), 'utf8');
    return new RegExp(`^([0-9a-f]{40}) ${ref.replace(/[/.]/g, '\\$&')}$`, 'm').exec(packed)?.[1] ?? null;
  } catch {
    return null;
  }
}

/** The memory a cgroup (systemd's MemoryMax, a container's limit) allows this process, or null when unlimited. */
function memoryLimit(): number | null {
  const limit = process.constrainedMemory();
  // Node answers 0, or the largest 64-bit value, when there is no limit
  return limit > 0 && limit < 2 ** 62 ? limit : null;
}

/** The metrics of one portal process: its database (pool, open sessions) and the session lifetime settings. */
export function createMetrics(opts: {
  db: Db;
  clock: Clock;
  sessionIdleMs: number;
  /** the folder of package.json and .git (default: found above this file) */
  rootDir?: string;
}): MetricsRegistry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new RequestSeries();
  // prom-client's Registry takes any object with a name and get(); these are the request path's own and the
  // gauges that may be absent
  const custom = (metric: object) => registry.registerMetric(metric as never);
  custom(requests.counter());
  custom(requests.histogram());

  const build = buildInfo(opts.rootDir);
  new Gauge({
    name: 'portal_build_info',
    help: 'Always 1: the version (package.json) and the commit (the checkout, or unknown) this process runs',
    labelNames: ['version', 'commit'],
    registers: [registry],
  }).set(build, 1);

  const calls = new Counter({
    name: 'outside_service_requests_total',
    help: 'Requests to outside services, by service, kind of call (request or long_poll) and outcome',
    labelNames: ['service', 'call', 'outcome'],
    registers: [registry],
  });
  const callSeconds = new Histogram({
    name: 'outside_service_request_duration_seconds',
    help: 'Time of requests to outside services, by service, kind of call (request or long_poll) and outcome',
    labelNames: ['service', 'call', 'outcome'],
    buckets: CALL_BUCKETS,
    registers: [registry],
  });
  const started = new Counter({
    name: 'signing_sessions_started_total',
    help: 'Signing sessions started, by method',
    labelNames: ['method'],
    registers: [registry],
  });
  const ended = new Counter({
    name: 'signing_sessions_ended_total',
    help: 'Signing sessions ended, by method and result (SUCCESS or the end status the person sees)',
    labelNames: ['method', 'result'],
    registers: [registry],
  });
  const loginFailures = new Counter({
    name: 'portal_login_failures_total',
    help: 'Wrong passwords, by form (sign-on, current-password)',
    labelNames: ['form'],
    registers: [registry],
  });
  const loginThrottled = new Counter({
    name: 'portal_login_throttled_total',
    help: 'Password attempts refused with 429 by the sign-on throttle before any check, by form',
    labelNames: ['form'],
    registers: [registry],
  });
  const rateLimited = new Counter({
    name: 'portal_rate_limited_total',
    help: 'Requests refused with 429 by a rate limit, by scope (csp-report, user-lookup)',
    labelNames: ['scope'],
    registers: [registry],
  });
  const mailSent = new Counter({
    name: 'portal_outbox_sent_total',
    help: 'Mails of the outbox the mail server took',
    registers: [registry],
  });
  const mailFailed = new Counter({
    name: 'portal_outbox_failures_total',
    help: 'Failed tries to send a mail of the outbox, by result (retry: tried again later, given_up: failed for good)',
    labelNames: ['result'],
    registers: [registry],
  });
  const purgedRows = new Counter({
    name: 'portal_purged_rows_total',
    help: 'Rows deleted by the purge of expired rows, by table',
    labelNames: ['table'],
    registers: [registry],
  });
  const purges = new Counter({
    name: 'portal_purges_total',
    help: 'Runs of the purge of expired rows, by outcome (ok, error)',
    labelNames: ['outcome'],
    registers: [registry],
  });
  let lastPurge: number | null = null;
  custom(
    optionalGauge(
      'portal_purge_last_success_timestamp_seconds',
      'When this process last purged expired rows without error (Unix time); absent before its first purge',
      'max',
      () => Promise.resolve(lastPurge),
    ),
  );
  for (const outcome of ['ok', 'error']) purges.inc({ outcome }, 0);
  for (const result of ['retry', 'given_up']) mailFailed.inc({ result }, 0);
  // every label value known from the start, so rate() and increase() see the first event of each
  for (const form of ['sign-on', 'current-password']) {
    loginFailures.inc({ form }, 0);
    loginThrottled.inc({ form }, 0);
  }

  const { db, clock, sessionIdleMs } = opts;
  // registered on SQLite too (without samples there: it has one connection and no pool), so the names a dashboard
  // or a rule uses are the same on both databases; looked up when scraped: a test database's pool is made with its
  // first query
  const pool = () => (isPostgres(db) ? poolOf(db) : null);
  new Gauge({
    name: 'db_pool_connections',
    help: 'Connections of the PostgreSQL pool, by state (in_use, idle)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      if (!isPostgres(db)) return;
      const p = pool();
      this.set({ state: 'in_use' }, p ? p.totalCount - p.idleCount : 0);
      this.set({ state: 'idle' }, p?.idleCount ?? 0);
    },
  });
  custom(
    optionalGauge('db_pool_waiting', 'Queries waiting for a connection of the PostgreSQL pool', 'sum', () =>
      Promise.resolve(isPostgres(db) ? (pool()?.waitingCount ?? 0) : null),
    ),
  );
  custom(
    optionalGauge('db_pool_max', 'Connections the PostgreSQL pool may hold (PG_POOL_MAX)', 'sum', () =>
      Promise.resolve(isPostgres(db) ? (pool()?.options.max ?? null) : null),
    ),
  );

  // readiness: asked once per scrape, for both gauges (prom-client collects every metric at once)
  let readinessCheck: (() => Promise<ReadinessReport>) | null = null;
  let probing: Promise<ReadinessReport | null> | null = null;
  const readiness = () =>
    (probing ??= (readinessCheck ? readinessCheck().catch(() => null) : Promise.resolve(null)).finally(() => {
      probing = null;
    }));
  custom(
    optionalGauge(
      'portal_ready',
      'Whether this process answers GET /ready with 200 (1) or 503 (0)',
      'sum',
      async () => {
        const r = await readiness();
        return r ? Number(r.ready) : null;
      },
    ),
  );
  custom(
    optionalGauge(
      'portal_database_up',
      "Whether this process's database answered its readiness query in time (1) or not (0)",
      'sum',
      async () => {
        const r = await readiness();
        return r ? Number(r.databaseUp) : null;
      },
    ),
  );

  // database-wide: the same in every process (max, never sum); absent while the database does not answer
  custom(
    optionalGauge(
      'portal_sessions_open',
      'Portal sessions neither expired nor idle, in the whole database (database-wide: aggregate with max)',
      'max',
      () =>
        withinWait(async () => {
          const now = clock.now();
          const idleSince = new Date(now.getTime() - sessionIdleMs).toISOString();
          const { rows } = await sql<{ n: number | string }>`select count(*) as n from sessions
            where expires_at > ${now.toISOString()} and coalesce(last_seen_at, created_at) > ${idleSince}`.execute(db);
          return Number(rows[0]?.n ?? 0);
        }),
    ),
  );
  custom(
    optionalGauge(
      'portal_outbox_pending',
      'Mails waiting in the outbox (pending or being sent), in the whole database (database-wide: aggregate with max)',
      'max',
      () =>
        withinWait(async () => {
          const { rows } = await sql<{ n: number | string }>`select count(*) as n from outbox
            where state in ('pending', 'sending')`.execute(db);
          return Number(rows[0]?.n ?? 0);
        }),
    ),
  );

  custom(
    optionalGauge(
      'portal_process_heap_limit_bytes',
      "The V8 heap's limit (--max-old-space-size): the heap cannot grow past it",
      'sum',
      () => Promise.resolve(getHeapStatistics().heap_size_limit),
    ),
  );
  custom(
    optionalGauge(
      'portal_process_memory_limit_bytes',
      "The memory the process's cgroup allows (systemd MemoryMax, a container's limit); absent when unlimited",
      'sum',
      () => Promise.resolve(memoryLimit()),
    ),
  );

  return {
    registry,
    metrics: {
      request: (method, route, status, ms) => requests.observe(method, route, status, ms / 1000),
      outsideCall: (service, outcome, seconds, longPoll = false) => {
        const labels = { service, call: longPoll ? 'long_poll' : 'request', outcome };
        calls.inc(labels);
        callSeconds.observe(labels, seconds);
      },
      signingStarted: (method) => started.inc({ method }),
      signingEnded: (method, result) => ended.inc({ method, result }),
      loginFailed: (form) => loginFailures.inc({ form }),
      loginThrottled: (form) => loginThrottled.inc({ form }),
      rateLimited: (scope) => rateLimited.inc({ scope }),
      mailSent: () => mailSent.inc(),
      mailFailed: (gaveUp) => mailFailed.inc({ result: gaveUp ? 'given_up' : 'retry' }),
      purged: (rows) => {
        purges.inc({ outcome: rows ? 'ok' : 'error' });
        if (!rows) return;
        for (const [table, n] of Object.entries(rows)) purgedRows.inc({ table }, n);
        lastPurge = clock.now().getTime() / 1000;
      },
      readinessFrom: (check) => {
        readinessCheck = check;
      },
    },
  };
}

/** The metrics listener: GET /metrics in Prometheus's text format, 404 for anything else. */
export async function listenMetrics(registry: Registry, port: number, host: string): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found: GET /metrics\n');
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': registry.contentType }).end(text),
      (err: unknown) => res.writeHead(500, { 'content-type': 'text/plain' }).end(`${String(err)}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}
