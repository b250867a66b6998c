/**
 * Prometheus metrics (prom-client), served on a listener of their own (METRICS_PORT, bound to METRICS_HOST, default
 * 127.0.0.1), never on the portal's public port. Off unless METRICS_PORT is set: the app then gets `noMetrics`, and
 * counting costs nothing.
 *
 *   http_requests_total, http_request_duration_seconds   by method, route pattern and status: the route as registered
 *                                                        (`/api/context/changeRepresented/:gid`), never the address,
 *                                                        so no personal code or id becomes a label; `(none)` when no
 *                                                        route matched
 *   db_pool_connections{state}, db_pool_waiting          PostgreSQL: connections in use and idle, requests waiting
 *   outside_service_requests_total,                      CAS validation, Mobile-ID, Smart-ID, the business register
 *   outside_service_request_duration_seconds             and the address register, by service and outcome
 *   signing_sessions_started_total{method},              signing sessions by method (MID, SID, IDCARD) and by end
 *   signing_sessions_ended_total{method,result}          result (SUCCESS or the end status the person sees)
 *   portal_sessions_open                                 portal sessions neither expired nor idle (read at scrape)
 *   process_*, nodejs_*                                  prom-client's default metrics
 *
 * Every request passes `request()`: prom-client's own histogram validates and hashes the labels again on each
 * observation (about 1.5 µs measured here), so the request counts are kept in plain arrays per label set and handed
 * to prom-client as a histogram when scraped. The rest (outside calls, signings) is rare and uses prom-client as it is.
 */
import { createServer, type Server } from 'node:http';
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

export interface Metrics {
  /** one answered request: `route` is the route pattern (or null when none matched), `ms` its time in the server */
  request(method: string, route: string | null, status: number, ms: number): void;
  outsideCall(service: OutsideService, outcome: CallOutcome, seconds: number): void;
  signingStarted(method: SigningMethod): void;
  /** `method` as the pending signing holds it (one of SigningMethod) */
  signingEnded(method: string, result: string): void;
}

export const noMetrics: Metrics = {
  request() {},
  outsideCall() {},
  signingStarted() {},
  signingEnded() {},
};

/** Seconds: a request served from memory takes about a millisecond, a saturated one a few hundred. */
const REQUEST_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Seconds: an outside service answers in tens of milliseconds, a long poll in up to a minute. */
const CALL_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

interface Series {
  labels: { method: string; route: string; status: string };
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
  private readonly byKey = new Map<string, Series>();

  observe(method: string, route: string | null, status: number, seconds: number): void {
    const key = `${method} ${status} ${route}`;
    let s = this.byKey.get(key);
    if (!s) {
      s = {
        labels: { method, route: route ?? '(none)', status: String(status) },
        buckets: new Float64Array(REQUEST_BUCKETS.length + 1),
        count: 0,
        sum: 0,
      };
      this.byKey.set(key, s);
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
          values: [...this.byKey.values()].flatMap((s) => {
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
          values: [...this.byKey.values()].map((s) => ({ labels: s.labels, value: s.count })),
        }),
    };
  }
}

export interface MetricsRegistry {
  metrics: Metrics;
  registry: Registry;
}

/** The metrics of one portal process: its database (pool, open sessions) and the session lifetime settings. */
export function createMetrics(opts: { db: Db; clock: Clock; sessionIdleMs: number }): MetricsRegistry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new RequestSeries();
  // prom-client's Registry takes any object with a name and get(); these two are the request path's own
  registry.registerMetric(requests.counter() as never);
  registry.registerMetric(requests.histogram() as never);

  const calls = new Counter({
    name: 'outside_service_requests_total',
    help: 'Requests to outside services, by service and outcome',
    labelNames: ['service', 'outcome'],
    registers: [registry],
  });
  const callSeconds = new Histogram({
    name: 'outside_service_request_duration_seconds',
    help: 'Time of requests to outside services (long polls included), by service and outcome',
    labelNames: ['service', 'outcome'],
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

  const { db, clock, sessionIdleMs } = opts;
  if (isPostgres(db)) {
    // looked up when scraped: a test database's pool is made with its first query
    new Gauge({
      name: 'db_pool_connections',
      help: 'Connections of the PostgreSQL pool, by state (in_use, idle)',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const pool = poolOf(db);
        this.set({ state: 'in_use' }, pool ? pool.totalCount - pool.idleCount : 0);
        this.set({ state: 'idle' }, pool?.idleCount ?? 0);
      },
    });
    new Gauge({
      name: 'db_pool_waiting',
      help: 'Queries waiting for a connection of the PostgreSQL pool',
      registers: [registry],
      collect() {
        this.set(poolOf(db)?.waitingCount ?? 0);
      },
    });
  }
  new Gauge({
    name: 'portal_sessions_open',
    help: 'Portal sessions neither expired nor idle',
    registers: [registry],
    async collect() {
      const now = clock.now();
      const idleSince = new Date(now.getTime() - sessionIdleMs).toISOString();
      try {
        const { rows } = await sql<{ n: number | string }>`select count(*) as n from sessions
          where expires_at > ${now.toISOString()} and coalesce(last_seen_at, created_at) > ${idleSince}`.execute(db);
        this.set(Number(rows[0]?.n ?? 0));
      } catch {
        // the database is away: the gauge keeps its last value, the scrape still answers
      }
    },
  });

  return {
    registry,
    metrics: {
      request: (method, route, status, ms) => requests.observe(method, route, status, ms / 1000),
      outsideCall: (service, outcome, seconds) => {
        calls.inc({ service, outcome });
        callSeconds.observe({ service, outcome }, seconds);
      },
      signingStarted: (method) => started.inc({ method }),
      signingEnded: (method, result) => ended.inc({ method, result }),
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
