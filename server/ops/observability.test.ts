/**
 * The operator's side of the metrics (docs/operations.md "Metrics", "Alerts", "Dashboard"):
 * - every PromQL expression of the rules (ops/prometheus/portal.rules.yml) and of the dashboard
 *   (ops/grafana/portal-dashboard.json) names only metrics that /metrics of a started app exports, or that a
 *   recording rule defines; a misspelled name is caught;
 * - summed over two processes on one database no metric counts twice: per-process counters add up to what happened,
 *   database-wide gauges are the same in both and say so in their HELP, and the rules and the dashboard take them
 *   with max only; while the database does not answer they are absent, not 0;
 * - every alert has its summary, description, severity and a runbook section that exists, and a promtool case where
 *   it fires and one where it does not (the cases run in `npm run check:rules`); docs/operations.md lists every
 *   metric the portal defines.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { sql } from 'kysely';
import type { DB } from '../db/schema.js';
import { isPostgres, openPostgres, poolOf } from '../db/dialect.js';
import { openDb, type Db } from '../db/index.js';
import { executionOf, makeTestApp, serviceOf, type TestApp } from '../test/helpers.js';
import { createMetrics, type MetricsRegistry } from './metrics.js';

const root = path.resolve(import.meta.dirname, '../..');
const read = (p: string) => readFileSync(path.join(root, p), 'utf8');

interface Rule {
  record?: string;
  alert?: string;
  expr: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}
const rules = (parse(read('ops/prometheus/portal.rules.yml')) as { groups: { rules: Rule[] }[] }).groups.flatMap(
  (g) => g.rules,
);
const recorded = new Set(rules.flatMap((r) => (r.record ? [r.record] : [])));
const alerts = rules.filter((r) => r.alert);

/** Every query of the dashboard: panel targets (rows' panels too) and the variables' label_values(metric, label). */
function dashboardQueries(): string[] {
  const dash = JSON.parse(read('ops/grafana/portal-dashboard.json')) as {
    panels: { targets?: { expr: string }[]; panels?: unknown[] }[];
    templating: { list: { type: string; query?: { query: string } }[] };
  };
  const out: string[] = [];
  const walk = (panels: { targets?: { expr: string }[]; panels?: unknown[] }[]) => {
    for (const p of panels) {
      for (const t of p.targets ?? []) out.push(t.expr);
      walk((p.panels ?? []) as typeof panels);
    }
  };
  walk(dash.panels);
  for (const v of dash.templating.list)
    if (v.type === 'query' && v.query) {
      const m = /^label_values\(\s*([^,)]+)/.exec(v.query.query);
      out.push(m ? m[1] : v.query.query);
    }
  return out;
}

const KEYWORDS = new Set(['and', 'or', 'unless', 'by', 'without', 'on', 'ignoring', 'group_left', 'group_right']);
const KEYWORDS_TOO = new Set(['offset', 'bool', 'inf', 'nan', 'atan2']);

/**
 * The metric names a PromQL expression selects: what is left once strings, label matchers, ranges, grouping clauses
 * and Grafana's variables are taken out, less function and aggregation names (followed by a parenthesis), keywords
 * and numbers.
 */
function metricNames(expr: string): string[] {
  const s = expr
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`[^`]*`/g, '""')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ')
    .replace(/\$\{?\w+\}?/g, ' ');
  const names: string[] = [];
  for (const m of s.matchAll(/[A-Za-z_:][A-Za-z0-9_:]*/g)) {
    const word = m[0];
    const at = m.index;
    if (/^\s*\(/.test(s.slice(at + word.length))) continue; // a function or an aggregation
    if (at > 0 && /[0-9.]/.test(s[at - 1])) continue; // the exponent of a number (1e3)
    if (KEYWORDS.has(word) || KEYWORDS_TOO.has(word.toLowerCase())) continue;
    names.push(word);
  }
  return names;
}

/** The series names one scrape can hold: each family's samples, with a histogram's _bucket, _sum and _count. */
function exportedNames(text: string): Set<string> {
  const names = new Set<string>();
  for (const [, name, type] of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    names.add(name);
    if (type === 'histogram') for (const s of ['_bucket', '_sum', '_count']) names.add(name + s);
    if (type === 'summary') for (const s of ['_sum', '_count']) names.add(name + s);
  }
  return names;
}

/** Series Prometheus makes itself for every target. */
const PROMETHEUS_OWN = new Set(['up', 'scrape_duration_seconds', 'scrape_samples_scraped']);

/** The names of `exprs` that neither the scrape nor a recording rule defines. */
function unknownNames(exprs: string[], exported: Set<string>): string[] {
  return [
    ...new Set(
      exprs.flatMap(metricNames).filter((n) => !exported.has(n) && !recorded.has(n) && !PROMETHEUS_OWN.has(n)),
    ),
  ];
}

/** The families whose HELP says they count the whole database (every process reports the same figure). */
const databaseWide = (text: string) =>
  [...text.matchAll(/^# HELP (\S+) .*\(database-wide: aggregate with max\)$/gm)].map((m) => m[1]);

/** The value of the sample `name{labels}` in the exposition text, or null when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | null {
  const want = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    const m = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = m[2] ? m[2].split(',') : [];
    if (want.every((l) => have.includes(l))) return Number(m[3]);
  }
  return null;
}

let a: TestApp;
let b: TestApp;
let madeA: MetricsRegistry;
let madeB: MetricsRegistry;
let sqliteDir: string | null = null;

/** Two handles on one database, as two processes have: a fresh PostgreSQL database, or one SQLite file. */
async function twoHandles(): Promise<[Db, () => Db]> {
  const first = openDb(null);
  if (isPostgres(first)) {
    await sql`select 1`.execute(first); // the pool is made now
    const url = poolOf(first)!.options.connectionString!;
    return [first, () => openPostgres<DB>(url, 2)];
  }
  await first.destroy();
  sqliteDir = mkdtempSync(path.join(tmpdir(), 'portal-two-'));
  const dir = sqliteDir;
  return [openDb(dir), () => openDb(dir)];
}

beforeAll(async () => {
  const [dbA, second] = await twoHandles();
  const metrics = (set: (m: MetricsRegistry) => void) => (db: Db, clock: { now(): Date }) => {
    const m = createMetrics({ db, clock, sessionIdleMs: 30 * 60_000 });
    set(m);
    return m.metrics;
  };
  a = await makeTestApp({ db: dbA, metrics: metrics((m) => (madeA = m)) });
  b = await makeTestApp({ db: second(), metrics: metrics((m) => (madeB = m)) });
  // both processes share one clock, as the machines of one deployment do
  b.clock.set(a.clock.now().toISOString());
}, 60_000);

afterAll(async () => {
  await b?.close();
  await a?.close();
  if (sqliteDir) rmSync(sqliteDir, { recursive: true, force: true });
});

describe('the rules and the dashboard', () => {
  it('name only metrics /metrics exports or a recording rule defines', async () => {
    const exported = exportedNames(await madeA.registry.metrics());
    const exprs = [...rules.map((r) => r.expr), ...dashboardQueries()];
    expect(exprs.length).toBeGreaterThan(60);
    // what the check reads: the metric, not the function, the label, the range or the grouping
    expect(
      metricNames(
        'histogram_quantile(0.95, sum by (service, le) (rate(outside_service_request_duration_seconds_bucket{call="request",outcome!="aborted"}[$__rate_interval])))',
      ),
    ).toEqual(['outside_service_request_duration_seconds_bucket']);
    expect(
      metricNames(
        'db_pool_waiting > 0 and on (instance, job) sum without (state) (db_pool_connections{state="in_use"}) >= on (instance, job) db_pool_max',
      ),
    ).toEqual(['db_pool_waiting', 'db_pool_connections', 'db_pool_max']);
    expect(metricNames('portal:api_error_ratio:rate1h > (14.4 * 0.005) or 1e3 < bool up offset 5m')).toEqual([
      'portal:api_error_ratio:rate1h',
      'up',
    ]);
    expect(unknownNames(exprs, exported)).toEqual([]);
    // a misspelled name (http_request_total for http_requests_total) and an unknown recording rule are caught
    expect(
      unknownNames(
        [
          'sum by (route) (rate(http_request_total{route=~"$route"}[5m]))',
          'portal:api_error_ratio:rate7m > 0.1',
          'histogram_quantile(0.99, sum by (le) (rate(http_request_duration_seconds_bucket[5m])))',
        ],
        exported,
      ),
    ).toEqual(['http_request_total', 'portal:api_error_ratio:rate7m']);
  });

  it('take the database-wide gauges with max, never a sum', async () => {
    const wide = databaseWide(await madeA.registry.metrics());
    expect(wide.sort()).toEqual(['portal_outbox_pending', 'portal_sessions_open']);
    const exprs = [...rules.map((r) => r.expr), ...dashboardQueries()];
    let uses = 0;
    for (const expr of exprs)
      for (const name of wide)
        for (const m of expr.matchAll(new RegExp(`\\b${name}\\b`, 'g'))) {
          uses++;
          expect(expr.slice(0, m.index), expr).toMatch(/\bmax\s*\(\s*$/);
        }
    expect(uses).toBeGreaterThanOrEqual(4);
    expect(databaseWide('# HELP x_total made up\n# HELP y made up (database-wide: aggregate with max)')).toEqual(['y']);
  });
});

describe('two processes on one database', () => {
  it('per-process counters add up to what happened; database-wide gauges are the same in both, not to be summed', async () => {
    const mari = await a.login('mari');
    const mary = await b.login('mary');
    for (let i = 0; i < 3; i++) expect((await mari.get('/api/context/getUserContext')).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) expect((await mary.get('/api/context/getUserContext')).statusCode).toBe(200);
    // a wrong password at process b's sign-on form
    const c = b.client();
    const start = await c.get('/api/security/login?target=%2Fui%2Fdashboard');
    const casUrl = start.headers.location as string;
    const page = await c.get(casUrl.replace(/^https?:\/\/[^/]+/, ''));
    const wrong = await c.request('POST', '/cas/login', {
      form: {
        service: serviceOf(casUrl),
        username: 'mari',
        password: 'not her password',
        execution: executionOf(page.body),
      },
    });
    expect(wrong.statusCode).toBe(401);

    const [textA, textB] = await Promise.all([madeA.registry.metrics(), madeB.registry.metrics()]);
    const both = (name: string, labels: Record<string, string> = {}) =>
      [sample(textA, name, labels), sample(textB, name, labels)].map((v) => v ?? 0);
    const sum = (name: string, labels: Record<string, string> = {}) => both(name, labels).reduce((x, y) => x + y);

    const ctx = { method: 'GET', route: '/api/context/getUserContext', status: '200' };
    expect(both('http_requests_total', ctx)).toEqual([3, 2]);
    expect(sum('http_requests_total', ctx)).toBe(5);
    expect(sum('http_request_duration_seconds_count', ctx)).toBe(5);
    // each sign-on validated its ticket once, in the process that served it
    expect(both('outside_service_requests_total', { service: 'cas', outcome: 'ok' })).toEqual([1, 1]);
    expect(both('portal_login_failures_total', { form: 'sign-on' })).toEqual([0, 1]);
    expect(sum('portal_login_failures_total')).toBe(1);
    // each process purged once at start: the purges add up too
    expect(sum('portal_purges_total', { outcome: 'ok' })).toBe(2);
    expect(both('portal_build_info').every((v) => v === 1)).toBe(true);
    expect(both('portal_ready')).toEqual([1, 1]);
    expect(both('portal_database_up')).toEqual([1, 1]);

    // two people are signed on: each process reports the database's 2; a sum would say 4
    expect(both('portal_sessions_open')).toEqual([2, 2]);
    expect(both('portal_outbox_pending')).toEqual([0, 0]);
    for (const name of databaseWide(textA)) expect(sample(textA, name), name).toBe(sample(textB, name));
  });

  it('leave the database-wide gauges absent, not 0, while the database does not answer', async () => {
    // a database on a port nothing listens on: every query fails at once with ECONNREFUSED
    const away = openPostgres<DB>('postgres://portal@127.0.0.1:9/portal', 1);
    try {
      const made = createMetrics({ db: away, clock: a.clock, sessionIdleMs: 30 * 60_000 });
      made.metrics.readinessFrom(() => Promise.resolve({ ready: false, databaseUp: false }));
      const text = await made.registry.metrics();
      for (const name of ['portal_sessions_open', 'portal_outbox_pending']) {
        expect(text).toContain(`# TYPE ${name} gauge`);
        expect(sample(text, name), name).toBeNull();
      }
      expect(sample(text, 'portal_database_up')).toBe(0);
      expect(sample(text, 'portal_ready')).toBe(0);
    } finally {
      await away.destroy();
    }
  });
});

describe('alerts and the runbook', () => {
  const ops = read('docs/operations.md');
  /** GitHub's anchors: the heading in lower case, spaces to hyphens, punctuation dropped. */
  const anchors = new Set(
    [...ops.matchAll(/^#{2,4} (.+)$/gm)].map((m) =>
      m[1]
        .toLowerCase()
        .replace(/[^\p{L}\p{N} _-]/gu, '')
        .replace(/ /g, '-'),
    ),
  );

  it('each alert has a summary, a description, a severity and a runbook section that exists', () => {
    expect(alerts.length).toBeGreaterThanOrEqual(16);
    for (const r of alerts) {
      expect(r.annotations?.summary, r.alert).toBeTruthy();
      expect(r.annotations?.description?.length ?? 0, r.alert).toBeGreaterThan(60);
      expect(r.labels?.severity, r.alert).toMatch(/critical|warning/);
      const anchor = /docs\/operations\.md#(.+)$/.exec(r.annotations?.runbook_url ?? '')?.[1];
      expect(anchor, r.alert).toBe(r.alert!.toLowerCase());
      expect(anchors.has(anchor!), `docs/operations.md has no section #${anchor}`).toBe(true);
    }
  });

  it('each alert has a promtool case where it fires and one where it does not', () => {
    type Case = { alertname: string; exp_alerts?: unknown[] };
    const cases = readdirSync(path.join(root, 'ops/prometheus'))
      .filter((f) => f.endsWith('.test.yml'))
      .flatMap((f) =>
        (parse(read(`ops/prometheus/${f}`)) as { tests: { alert_rule_test?: Case[] }[] }).tests.flatMap(
          (t) => t.alert_rule_test ?? [],
        ),
      );
    for (const r of alerts) {
      const mine = cases.filter((c) => c.alertname === r.alert);
      expect(
        mine.some((c) => (c.exp_alerts ?? []).length > 0),
        `${r.alert} fires in no case`,
      ).toBe(true);
      expect(
        mine.some((c) => (c.exp_alerts ?? []).length === 0),
        `${r.alert} is silent in no case`,
      ).toBe(true);
    }
  });

  it('docs/operations.md lists every metric the portal defines', async () => {
    const text = await madeA.registry.metrics();
    const own = [...text.matchAll(/^# TYPE (\S+) /gm)].map((m) => m[1]).filter((n) => !/^(process|nodejs)_/.test(n));
    expect(own.length).toBeGreaterThan(20);
    for (const name of own) expect(ops, name).toContain(`\`${name}\``);
    // prom-client's own process metrics that a rule or the dashboard uses are named too
    const used = [...rules.map((r) => r.expr), ...dashboardQueries()].flatMap(metricNames);
    for (const name of used.filter((n) => /^(process|nodejs)_/.test(n))) expect(ops, name).toContain(`\`${name}\``);
  });
});
