/**
 * Traces and the request log, end to end (docs/operations.md, "Tracing" and "Log fields"): a real portal process
 * with tracing on exports to an OTLP/HTTP receiver started here (OTLP JSON), and reaches the address register through
 * a recording proxy here. A request with a `traceparent` must give a server span of that trace named by the route
 * pattern, database spans and an outside call's span under it, the same trace passed on to the register with the
 * request's id, and one request log line with both ids; nothing personal in any span or in that line.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT_CONTEXT } from '@opentelemetry/api';
import { SamplingDecision, TraceIdRatioBasedSampler } from '@opentelemetry/sdk-trace';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyPostgresDatabase } from '../db/dialect.js';
import { loadDemoData } from '../db/seed.js';
import { testDatabaseUrl } from '../env.js';
import { Browser, freePort, ready, startPortal, stopPortal, type PortalProcess } from '../test/processes.js';
import { samplerFrom } from './tracing.js';

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: { key: string; value: Record<string, unknown> }[];
}
const SERVER = 2;
const CLIENT = 3;

const attr = (span: OtlpSpan, key: string): unknown => {
  const v = span.attributes?.find((a) => a.key === key)?.value;
  return v ? Object.values(v)[0] : undefined;
};

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const body = (req: IncomingMessage): Promise<string> =>
  new Promise((resolve) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString()));
    req.on('end', () => resolve(text));
  });

let tmp: string;
let portal: PortalProcess;
let dropDatabase: (() => Promise<void>) | null = null;
/** every span the receiver got, and the raw bodies (the "nothing personal" check reads them whole) */
const spans: OtlpSpan[] = [];
const exported: string[] = [];
/** the headers of every call the address register got */
const registerCalls: IncomingHttpHeaders[] = [];
const servers: Server[] = [];

beforeAll(async () => {
  tmp = mkdtempSync(path.join(tmpdir(), 'epit-tracing-'));
  const receiver = createServer((req, res) => {
    void body(req).then((text) => {
      exported.push(text);
      const doc = JSON.parse(text) as { resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[] };
      for (const r of doc.resourceSpans) for (const s of r.scopeSpans) spans.push(...s.spans);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  const port = await freePort();
  // the address register: the portal's own simulator, behind a proxy that records what each call carried
  const proxy = createServer((req, res) => {
    registerCalls.push(req.headers);
    void fetch(`http://127.0.0.1:${port}${req.url}`).then(async (answer) => {
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text());
    });
  });
  servers.push(receiver, proxy);
  const [receiverUrl, proxyUrl] = await Promise.all([listen(receiver), listen(proxy)]);
  const env: Record<string, string> = {
    OTEL_EXPORTER_OTLP_ENDPOINT: receiverUrl,
    OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
    OTEL_BSP_SCHEDULE_DELAY: '100',
    // half of the traces that begin here are kept; a caller's decision is followed
    OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
    OTEL_TRACES_SAMPLER_ARG: '0.5',
    ADDRESS_REGISTER_URL: `${proxyUrl}/sim/address-api`,
    DATA_DIR: path.join(tmp, 'data'),
    DATABASE_URL: '',
  };
  const server = testDatabaseUrl();
  if (server) {
    const database = await emptyPostgresDatabase(server);
    dropDatabase = () => database.drop();
    env.DATABASE_URL = database.url;
  }
  portal = await startPortal('traced', tmp, env, { port });
  // a fresh database is migrated and seeded first: on a busy machine that takes a while
  await ready(portal, 120_000);
}, 150_000);

afterAll(async () => {
  if (portal) await stopPortal(portal);
  for (const s of servers) s.close();
  await dropDatabase?.();
  rmSync(tmp, { recursive: true, force: true });
}, 30_000);

async function spansOf(traceId: string, done: (found: OtlpSpan[]) => boolean): Promise<OtlpSpan[]> {
  const until = Date.now() + 15_000;
  for (;;) {
    const found = spans.filter((s) => s.traceId === traceId);
    if (done(found) || Date.now() > until) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
}

const hex = (bytes: number) =>
  [...crypto.getRandomValues(new Uint8Array(bytes))].map((b) => b.toString(16).padStart(2, '0')).join('');

describe('tracing on', { timeout: 60_000 }, () => {
  it("continues the caller's trace through the database and the address register, and logs both ids", async () => {
    const browser = new Browser();
    await browser.login(portal.base, 'jaan');
    const found = JSON.parse((await browser.get(`${portal.base}/api/address/search?q=Narva`)).text) as {
      value: { padreId: string }[];
    };
    const padreId = found.value[0].padreId;

    const traceId = hex(16);
    const callerSpan = hex(8);
    const requestId = `test-${hex(8)}`;
    const calls = registerCalls.length;
    const res = await browser.request(`${portal.base}/api/address/${padreId}`, {
      headers: {
        traceparent: `00-${traceId}-${callerSpan}-01`,
        'x-request-id': requestId,
        'user-agent': 'trace-test/1.0',
      },
    });
    expect(res.status).toBe(200);

    const trace = await spansOf(
      traceId,
      (f) => f.some((s) => s.kind === SERVER) && f.some((s) => s.kind === CLIENT && !s.name.startsWith('db ')),
    );
    // the request's span: a child of the caller's, named by the route pattern
    if (process.env.TRACE_DUMP) console.log(JSON.stringify(trace, null, 1));
    const request = trace.find((s) => s.kind === SERVER);
    expect(request, JSON.stringify(trace)).toBeDefined();
    expect(request!.parentSpanId).toBe(callerSpan);
    expect(request!.name).toBe('GET /api/address/:padreId');
    expect(attr(request!, 'http.route')).toBe('/api/address/:padreId');
    expect(attr(request!, 'http.response.status_code')).toBe(200);
    // its descendants: the session's statement, and the call to the register
    const ids = new Set([request!.spanId]);
    for (let grew = true; grew;) {
      grew = false;
      for (const s of trace)
        if (s.parentSpanId && ids.has(s.parentSpanId) && !ids.has(s.spanId)) grew = ids.add(s.spanId).size > 0;
    }
    const under = trace.filter((s) => s.spanId !== request!.spanId && ids.has(s.spanId));
    const db = under.filter((s) => s.name.startsWith('db '));
    expect(db.map((s) => s.name)).toContain('db select sessions');
    expect(attr(db[0], 'db.system.name')).toBe(testDatabaseUrl() ? 'postgresql' : 'sqlite');
    const outside = under.find((s) => s.kind === CLIENT && !s.name.startsWith('db '));
    expect(outside?.name).toBe('GET 127.0.0.1');

    // the register got the same trace, under the portal's span of that call, and the request's id
    const call = registerCalls.slice(calls).find((h) => h.traceparent?.includes(traceId));
    expect(call?.traceparent).toBe(`00-${traceId}-${outside!.spanId}-01`);
    expect(call?.['x-request-id']).toBe(requestId);

    // one request line with both ids, the client's address and its user agent
    const line = portal.log
      .split('\n')
      .find((l) => l.includes(`"reqId":"${requestId}"`) && l.includes('"msg":"request"'));
    expect(line).toBeDefined();
    const logged = JSON.parse(line!) as Record<string, unknown>;
    expect(logged).toMatchObject({
      traceId,
      route: '/api/address/:padreId',
      status: 200,
      ip: '127.0.0.1',
      ua: 'trace-test/1.0',
    });

    // nothing personal: no personal code, customer id, e-mail, session id or ticket in any span or in the line
    const demo = loadDemoData();
    const secrets = [
      ...demo.persons.flatMap((p) => [p.personalCode, p.fgid, p.email].filter((v): v is string => !!v)),
      ...demo.customers.map((c) => c.jgid),
      browser.jar.get('EPIT-SESSION')!,
    ];
    const everything = exported.join('\n');
    for (const secret of secrets) {
      expect(everything.includes(secret), `exported spans hold ${secret}`).toBe(false);
      expect(line!.includes(secret), `the log line holds ${secret}`).toBe(false);
    }
    expect(everything).not.toMatch(/ST-[A-Za-z0-9]/); // a CAS service ticket (the sign-on's callback)
    expect(everything).not.toContain(padreId); // no path, no query
  });

  it("follows a caller's decision not to sample: nothing exported, the trace id and the 00 flags passed on", async () => {
    const browser = new Browser();
    await browser.login(portal.base, 'jaan');
    const found = JSON.parse((await browser.get(`${portal.base}/api/address/search?q=Narva`)).text) as {
      value: { padreId: string }[];
    };
    const url = `${portal.base}/api/address/${found.value[0].padreId}`;
    const [unsampled, sampled] = [hex(16), hex(16)];
    const requestId = `test-${hex(8)}`;
    const calls = registerCalls.length;
    const res = await browser.request(url, {
      headers: { traceparent: `00-${unsampled}-${hex(8)}-00`, 'x-request-id': requestId },
    });
    expect(res.status).toBe(200);
    // the register is called in the request's (unsampled) context: same trace, not sampled, the request's id
    const call = registerCalls.slice(calls).find((h) => h.traceparent?.includes(unsampled));
    expect(call?.traceparent).toMatch(new RegExp(`^00-${unsampled}-[0-9a-f]{16}-00$`));
    expect(call?.['x-request-id']).toBe(requestId);
    // a sampled request after it: once its spans are exported, none of the unsampled trace has been
    await browser.request(url, { headers: { traceparent: `00-${sampled}-${hex(8)}-01` } });
    expect((await spansOf(sampled, (f) => f.some((s) => s.kind === SERVER))).length).toBeGreaterThan(0);
    expect(spans.filter((s) => s.traceId === unsampled)).toEqual([]);
    // its log line carries the trace id all the same
    const line = portal.log.split('\n').find((l) => l.includes(`"reqId":"${requestId}"`));
    expect(line).toContain(`"traceId":"${unsampled}"`);
  });

  it('keeps a trace that begins here exactly when the ratio sampler keeps its trace id, its span a root', async () => {
    const browser = new Browser();
    const sent = Array.from({ length: 24 }, () => `ratio-${hex(8)}`);
    for (const id of sent)
      await browser.request(`${portal.base}/api/context/getSimpleUserContext`, { headers: { 'x-request-id': id } });
    await new Promise((r) => setTimeout(r, 200));
    const traceIds = sent.map((id) => {
      const line = portal.log.split('\n').find((l) => l.includes(`"reqId":"${id}"`));
      return (JSON.parse(line!) as { traceId: string }).traceId;
    });
    expect(new Set(traceIds).size).toBe(sent.length);
    const half = new TraceIdRatioBasedSampler(0.5);
    const kept = traceIds.filter((t) => half.shouldSample(ROOT_CONTEXT, t).decision !== SamplingDecision.NOT_RECORD);
    // 24 random ids: all on one side has a chance of 2 in 16 million
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThan(sent.length);
    for (const t of kept) await spansOf(t, (f) => f.some((s) => s.kind === SERVER));
    // a request after them, kept by its caller: once it is exported, everything before it has been
    const last = hex(16);
    await browser.request(`${portal.base}/api/context/getSimpleUserContext`, {
      headers: { traceparent: `00-${last}-${hex(8)}-01` },
    });
    await spansOf(last, (f) => f.some((s) => s.kind === SERVER));
    const exported = spans.filter((s) => s.kind === SERVER && traceIds.includes(s.traceId));
    expect(exported.map((s) => s.traceId).sort()).toEqual([...kept].sort());
    for (const s of exported) {
      expect(s.parentSpanId ?? '').toBe('');
      expect(s.name).toBe('GET /api/context/getSimpleUserContext');
    }
  });

  it('ends the span of a request whose caller went away, without a status code', async () => {
    const browser = new Browser();
    const route = '/api/context/getSimpleUserContext';
    await browser.get(`${portal.base}${route}`); // the XSRF cookie the simulator's console asks for
    const slow = await browser.post(`${portal.base}/sim/api/faults`, {
      mode: 'slow',
      prefixes: [route],
      delayMs: 1000,
    });
    expect(slow.status).toBe(200);
    try {
      const traceId = hex(16);
      const gone = new AbortController();
      const call = fetch(`${portal.base}${route}`, {
        headers: { traceparent: `00-${traceId}-${hex(8)}-01` },
        signal: gone.signal,
      });
      setTimeout(() => gone.abort(), 200);
      await expect(call).rejects.toThrow();
      const found = await spansOf(traceId, (f) => f.some((s) => s.kind === SERVER));
      const request = found.find((s) => s.kind === SERVER);
      expect(request?.name).toBe(`GET ${route}`);
      expect(attr(request!, 'http.response.status_code')).toBeUndefined();
    } finally {
      await browser.post(`${portal.base}/sim/api/faults`, { mode: 'off' });
    }
  });

  it('takes a well-formed X-Request-Id only; otherwise the id is a random UUID', async () => {
    const browser = new Browser();
    const sent = ['bad id with spaces', 'x"}{"level":60', 'x'.repeat(65), null];
    for (const id of sent)
      await browser.request(`${portal.base}/api/context/getSimpleUserContext`, {
        headers: id === null ? {} : { 'x-request-id': id, 'user-agent': `id-test-${sent.indexOf(id)}` },
      });
    await new Promise((r) => setTimeout(r, 200));
    const lines = portal.log
      .split('\n')
      .filter((l) => l.includes('"route":"/api/context/getSimpleUserContext"'))
      .map((l) => JSON.parse(l) as { reqId: string; ua: string | null });
    const ours = lines.slice(-sent.length);
    expect(ours).toHaveLength(sent.length);
    for (const l of ours) expect(l.reqId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(new Set(ours.map((l) => l.reqId)).size).toBe(sent.length);
  });

  it('writes its start-up lines as JSON', () => {
    const startup = portal.log.split('\n').filter((l) => l.trim() && !l.includes('"msg":"request"'));
    expect(startup.length).toBeGreaterThan(2);
    for (const l of startup) expect(() => JSON.parse(l) as unknown, l).not.toThrow();
    expect(startup.some((l) => /"msg":"traces to http:\/\/127\.0\.0\.1:\d+ \(OTLP http\/json\)"/.test(l))).toBe(true);
  });
});

describe('the sampler setting', () => {
  it('names the SDK samplers as the specification does, and refuses what it does not know', () => {
    const sampler = (env: Record<string, string>) => samplerFrom(env).toString();
    expect(sampler({})).toBe(sampler({ OTEL_TRACES_SAMPLER: 'parentbased_always_on' }));
    expect(sampler({})).toMatch(/^ParentBased\{root=AlwaysOnSampler/);
    expect(sampler({ OTEL_TRACES_SAMPLER: 'always_off' })).toBe('AlwaysOffSampler');
    expect(sampler({ OTEL_TRACES_SAMPLER: 'traceidratio', OTEL_TRACES_SAMPLER_ARG: '0.25' })).toBe(
      'TraceIdRatioBased{0.25}',
    );
    expect(sampler({ OTEL_TRACES_SAMPLER: 'parentbased_traceidratio' })).toMatch(/root=TraceIdRatioBased\{1\}/);
    expect(() => samplerFrom({ OTEL_TRACES_SAMPLER: 'jaeger_remote' })).toThrow(
      /OTEL_TRACES_SAMPLER is "jaeger_remote"/,
    );
    expect(() => samplerFrom({ OTEL_TRACES_SAMPLER: 'traceidratio', OTEL_TRACES_SAMPLER_ARG: '1.5' })).toThrow(
      /OTEL_TRACES_SAMPLER_ARG is "1.5"; allowed: a ratio from 0 to 1/,
    );
  });
});
