/**
 * The Prometheus metrics (server/ops/metrics.ts) of an app on a fresh database: requests by route pattern (never an
 * address with an id in it), outside-service calls by service and outcome, signing sessions, open portal sessions,
 * the pool on PostgreSQL, and nothing of it on the public port. The listener of its own: server/ops/service.test.ts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { isPostgres } from '../db/dialect.js';
import { executionOf, makeTestApp, serviceOf, type TestApp } from '../test/helpers.js';
import { THROTTLE } from '../security/throttle.js';
import { customer, quickChecks, TESTFIRMA, type SignJson } from '../routes/sign/test-kit.js';
import { ServiceUnreachableError, metered } from '../clients/service-http.js';
import { createMetrics, type MetricsRegistry } from './metrics.js';

let t: TestApp | null = null;
let made: MetricsRegistry;
afterEach(async () => {
  await t?.close();
  t = null;
});

const withMetrics = () =>
  makeTestApp({
    metrics: (db, clock) => (made = createMetrics({ db, clock, sessionIdleMs: 30 * 60_000 })).metrics,
  });

/** The value of the sample `name{labels}` in the exposition text, or null when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | null {
  const want = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    const m = /^([a-z_]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = m[2] ? m[2].split(',') : [];
    if (want.every((l) => have.includes(l))) return Number(m[3]);
  }
  return null;
}

// a fresh database is migrated and seeded for each test: on a busy machine that alone can pass the default 5 s
describe('metrics', { timeout: 30_000 }, () => {
  it('count requests by route pattern and status, with their time; no id or personal code becomes a label', async () => {
    t = await withMetrics();
    const mari = await t.login('mari');
    for (let i = 0; i < 3; i++) expect((await mari.get('/api/context/getUserContext')).statusCode).toBe(200);
    expect((await mari.get('/api/context/changeRepresented/EPEE11000015')).statusCode).toBe(200);
    expect((await mari.get('/api/no/such/EE48709050218')).statusCode).toBe(404);
    const text = await made.registry.metrics();

    const ctx = { method: 'GET', route: '/api/context/getUserContext', status: '200' };
    expect(sample(text, 'http_requests_total', ctx)).toBe(3);
    expect(sample(text, 'http_request_duration_seconds_count', ctx)).toBe(3);
    expect(sample(text, 'http_request_duration_seconds_bucket', { ...ctx, le: '+Inf' })).toBe(3);
    expect(sample(text, 'http_request_duration_seconds_sum', ctx)).toBeGreaterThan(0);
    expect(
      sample(text, 'http_requests_total', {
        method: 'GET',
        route: '/api/context/changeRepresented/:gid',
        status: '200',
      }),
    ).toBe(1);
    expect(sample(text, 'http_requests_total', { method: 'GET', route: '(none)', status: '404' })).toBe(1);
    // the sign-on: the portal's callback validated mari's ticket with the sign-on service (CAS)
    expect(sample(text, 'outside_service_requests_total', { service: 'cas', outcome: 'ok' })).toBe(1);
    expect(sample(text, 'portal_sessions_open')).toBe(1);
    expect(text).not.toMatch(/EPEE11000015|48709050218|EE48709050218/);
    // prom-client's default metrics of the process
    expect(sample(text, 'process_cpu_seconds_total')).not.toBeNull();
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).not.toBeNull();
    // the pool: PostgreSQL only (SQLite has one connection and no pool)
    expect(sample(text, 'db_pool_connections', { state: 'in_use' }) !== null).toBe(isPostgres(t.db));
    expect(sample(text, 'db_pool_waiting') !== null).toBe(isPostgres(t.db));
  });

  it('count signing sessions by method and result, and the calls to Mobile-ID', async () => {
    t = await withMetrics();
    await quickChecks(t);
    const mary = await t.login('mary');
    const start = await mary.post('/api/sign/mobile/start', {
      mobileNr: '+37200000766',
      customer: customer(TESTFIRMA.code, TESTFIRMA.name),
    });
    expect(start.json<SignJson>().status).toBe('SUCCESS');
    let status = 'RUNNING';
    for (let i = 0; i < 5 && status === 'RUNNING'; i++) {
      t.clock.advance(2000);
      status = (await mary.get('/api/sign/mobile/check')).json<SignJson>().status;
    }
    expect(status).toBe('SUCCESS');
    const text = await made.registry.metrics();
    expect(sample(text, 'signing_sessions_started_total', { method: 'MID' })).toBe(1);
    expect(sample(text, 'signing_sessions_ended_total', { method: 'MID', result: 'SUCCESS' })).toBe(1);
    // the certificate and the signature session, each answered; the status requests are long polls, apart
    const mid = { service: 'mobile-id', outcome: 'ok' };
    expect(sample(text, 'outside_service_requests_total', { ...mid, call: 'request' })).toBeGreaterThanOrEqual(2);
    expect(sample(text, 'outside_service_requests_total', { ...mid, call: 'long_poll' })).toBeGreaterThanOrEqual(1);
    for (const call of ['request', 'long_poll'])
      expect(sample(text, 'outside_service_request_duration_seconds_count', { ...mid, call })).toBe(
        sample(text, 'outside_service_requests_total', { ...mid, call }),
      );
    // the business register was asked whether mary is a board member
    expect(
      sample(text, 'outside_service_requests_total', { service: 'registry', outcome: 'ok' }),
    ).toBeGreaterThanOrEqual(1);
  });

  it('an outside call without an answer counts as timeout or unreachable, an error answer by its class', async () => {
    t = await withMetrics();
    const { metrics } = made;
    const failing = (reason: string) =>
      metered(() => Promise.reject(new ServiceUnreachableError('http://sk.example', reason)), 'smart-id', metrics);
    await expect(failing('timed out')({ method: 'GET', url: 'x', timeoutMs: 1 })).rejects.toThrow();
    await expect(failing('ECONNREFUSED')({ method: 'GET', url: 'x', timeoutMs: 1 })).rejects.toThrow();
    await metered(
      () => Promise.resolve({ status: 503, json: null }),
      'address-register',
      metrics,
    )({
      method: 'GET',
      url: 'x',
      timeoutMs: 1,
    });
    const text = await made.registry.metrics();
    expect(sample(text, 'outside_service_requests_total', { service: 'smart-id', outcome: 'timeout' })).toBe(1);
    expect(sample(text, 'outside_service_requests_total', { service: 'smart-id', outcome: 'unreachable' })).toBe(1);
    expect(sample(text, 'outside_service_requests_total', { service: 'address-register', outcome: 'http_5xx' })).toBe(
      1,
    );
  });

  it('count wrong passwords at the sign-on form, and the attempts the throttle refuses', async () => {
    t = await withMetrics();
    const c = t.client();
    const attempt = async () => {
      const start = await c.get('/api/security/login?target=%2Fui%2Fdashboard');
      const casUrl = start.headers.location as string;
      const page = await c.get(casUrl.replace(/^https?:\/\/[^/]+/, ''));
      const form = {
        service: serviceOf(casUrl),
        username: 'mari',
        password: 'wrong',
        execution: executionOf(page.body),
      };
      return (await c.request('POST', '/cas/login', { form })).statusCode;
    };
    // THROTTLE.userFailures wrong passwords, then the next attempt waits (server/security/throttle.ts)
    const codes = [];
    for (let i = 0; i <= THROTTLE.userFailures; i++) codes.push(await attempt());
    expect(codes).toEqual([...Array<number>(THROTTLE.userFailures).fill(401), 429]);
    const text = await made.registry.metrics();
    expect(sample(text, 'portal_login_failures_total', { form: 'sign-on' })).toBe(THROTTLE.userFailures);
    expect(sample(text, 'portal_login_throttled_total', { form: 'sign-on' })).toBe(1);
    expect(sample(text, 'portal_login_failures_total', { form: 'current-password' })).toBe(0);
  });

  it('are not on the public port', async () => {
    t = await withMetrics();
    for (const url of ['/metrics', '/api/metrics'])
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });
});
