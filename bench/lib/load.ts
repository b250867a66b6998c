/**
 * Load drivers for the benches against a real server process:
 *  - `signIn`: people signed on through the real sign-on flow (portal login → sign-on page → credentials →
 *    callback), once each; their cookies and XSRF header are then reused by every request.
 *  - `closedLoop`: autocannon, N connections each sending its own sequence of requests back to back for a time,
 *    opened at once or over a ramp; latency per request kind, status codes, connection errors and timeouts, and how
 *    long each new connection waited for its first answer.
 *  - `paced`: N connections (keep-alive sockets) each sending one request, waiting a random think time and
 *    sending the next, for a given total rate: the latency people see at that rate, without the queueing of
 *    a saturated server.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { Browser } from '../../server/test/processes.js';

export interface SignedIn {
  who: string;
  headers: Record<string, string>;
}

/** Signs each of `people` on `times` times (one browser each) through `base`. */
export async function signIn(base: string, people: string[], times: number): Promise<SignedIn[]> {
  const out: SignedIn[] = [];
  for (let t = 0; t < times; t++)
    for (const who of people) {
      const b = new Browser();
      await b.login(base, who);
      const xsrf = b.jar.get('EPIT-XSRF-TOKEN');
      if (!xsrf) throw new Error(`no XSRF cookie after signing on as ${who}`);
      out.push({
        who,
        headers: { cookie: [...b.jar].map(([k, v]) => `${k}=${v}`).join('; '), 'x-xsrf-token': xsrf },
      });
    }
  return out;
}

export interface Stats {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export function percentiles(ms: number[]): Stats {
  const s = Float64Array.from(ms).sort();
  const q = (p: number) => (s.length ? s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] : 0);
  return { n: s.length, p50: q(50), p95: q(95), p99: q(99), max: s.length ? s[s.length - 1] : 0 };
}

export const fmtStats = (s: Stats) =>
  `p50 ${s.p50.toFixed(1)} ms · p95 ${s.p95.toFixed(1)} ms · p99 ${s.p99.toFixed(1)} ms · max ${s.max.toFixed(0)} ms`;

/** One request of a connection's sequence; `next()` gives its method, path and body for each send. */
export interface Step {
  kind: string;
  method: 'GET' | 'POST';
  next(): { path: string; body?: unknown };
}

export interface LoadResult {
  /** when the measured window began (Date.now()), after the ramp: the server's request log from then is its own */
  from: number;
  /** the measured window, until the end */
  seconds: number;
  requests: number;
  /** latency of every request answered in the window, ms */
  all: Stats;
  byKind: Record<string, Stats>;
  /** answers by status code, and by kind for the ones that are not 2xx (the whole run, ramp included) */
  statuses: Record<string, number>;
  non2xx: Record<string, number>;
  /** connection errors (timeouts included) and timeouts (the whole run, ramp included) */
  errors: number;
  timeouts: number;
  /** each connection error's time (Date.now()) and code, in order */
  errorLog?: { at: number; what: string }[];
  /**
   * closedLoop: for each connection, ms from its start (a new TCP connection) to its first answer: the wait to be
   * accepted by the server included, which a saturated server makes long (docs/performance.md, "Search and mixed load
   * at scale")
   */
  firstAnswer?: Stats;
}

/** One server's address, or several processes' (connection i goes to process i mod n, as a load balancer spreads them). */
const basesOf = (base: string | string[]): string[] => (typeof base === 'string' ? [base] : base);

/** How many connections start together in a closedLoop ramp. */
const RAMP_GROUP = 10;

/**
 * `connections` autocannon connections; connection i sends `sequence(i)` over and over, each step with the headers
 * `headersOf(i)`. With `rampSeconds`, the connections start in groups of RAMP_GROUP spread evenly over the ramp, as
 * people arrive, and the figures (requests, latency) are those of the `seconds` after it, with every connection
 * open; answers, errors and timeouts are counted over the whole run. Without it, all start at once.
 */
export async function closedLoop(opts: {
  /** `basesOf` */
  base: string | string[];
  connections: number;
  seconds: number;
  rampSeconds?: number;
  sequence: (connection: number) => Step[];
  headersOf: (connection: number) => Record<string, string>;
}): Promise<LoadResult> {
  const times = new Map<string, number[]>();
  const statuses: Record<string, number> = {};
  const non2xx: Record<string, number> = {};
  const bases = basesOf(opts.base);
  const ramp = opts.rampSeconds ?? 0;
  const firstAnswer: number[] = [];
  const errorLog: { at: number; what: string }[] = [];
  const from = Date.now() + ramp * 1000;
  const measureFrom = performance.now() + ramp * 1000;
  const groups = ramp > 0 ? Math.ceil(opts.connections / RAMP_GROUP) : 1;
  const perGroup = Math.ceil(opts.connections / groups);
  /** one autocannon instance for the connections of group g that go to process k */
  const run = async (g: number, k: number) => {
    const delay = (g * ramp * 1000) / groups;
    const mine: number[] = [];
    for (let i = g * perGroup; i < Math.min(opts.connections, (g + 1) * perGroup); i++)
      if (i % bases.length === k) mine.push(i);
    if (!mine.length) return null;
    await new Promise((r) => setTimeout(r, delay));
    const started = performance.now();
    let clients = 0;
    return autocannon({
      url: bases[k],
      connections: mine.length,
      duration: (measureFrom - started) / 1000 + opts.seconds,
      timeout: 10,
      setupClient(client) {
        const i = mine[clients++];
        const headers = { ...opts.headersOf(i), 'content-type': 'application/json' };
        let kind = '';
        let answered = false;
        const requests = opts.sequence(i).map((step): autocannon.Request => ({
          method: step.method,
          headers,
          setupRequest(req) {
            const { path, body } = step.next();
            return { ...req, path, body: body === undefined ? undefined : JSON.stringify(body) };
          },
          onResponse() {
            kind = step.kind; // the client's 'response' event comes right after, with the time
          },
        }));
        client.setRequests(requests);
        client.on('connError', (e: NodeJS.ErrnoException) =>
          errorLog.push({ at: Date.now(), what: `${e.code ?? e.message} after ${kind || 'the first request'}` }),
        );
        client.on('timeout', () =>
          errorLog.push({ at: Date.now(), what: `timeout after ${kind || 'the first request'}` }),
        );
        client.on('response', (status, _bytes, ms) => {
          const now = performance.now();
          if (!answered) {
            answered = true;
            firstAnswer.push(now - started);
          }
          statuses[status] = (statuses[status] ?? 0) + 1;
          if (status < 200 || status > 299) non2xx[`${kind} ${status}`] = (non2xx[`${kind} ${status}`] ?? 0) + 1;
          if (now < measureFrom) return;
          let list = times.get(kind);
          if (!list) times.set(kind, (list = []));
          list.push(ms);
        });
      },
    });
  };
  const results = (
    await Promise.all(Array.from({ length: groups }, (_, g) => bases.map((_b, k) => run(g, k))).flat())
  ).filter((r) => r !== null);
  const all = [...times.values()].flat();
  return {
    from,
    seconds: (performance.now() - measureFrom) / 1000,
    requests: all.length,
    all: percentiles(all),
    byKind: Object.fromEntries([...times].map(([k, v]) => [k, percentiles(v)])),
    statuses,
    non2xx,
    errors: results.reduce((n, r) => n + r.errors, 0),
    timeouts: results.reduce((n, r) => n + r.timeouts, 0),
    errorLog,
    firstAnswer: percentiles(firstAnswer),
  };
}

/**
 * `connections` keep-alive connections for `seconds`, together sending about `rate` requests a second: each one
 * sends `next(i)`, waits an exponentially distributed think time (mean connections / rate) and sends again.
 */
export async function paced(opts: {
  /** `basesOf` */
  base: string | string[];
  connections: number;
  seconds: number;
  rate: number;
  headersOf: (connection: number) => Record<string, string>;
  next: (connection: number) => { method: 'GET' | 'POST'; path: string; body?: unknown };
}): Promise<LoadResult> {
  const urls = basesOf(opts.base).map((b) => new URL(b));
  const ms: number[] = [];
  const statuses: Record<string, number> = {};
  const non2xx: Record<string, number> = {};
  let errors = 0;
  let timeouts = 0;
  const meanThink = (opts.connections / opts.rate) * 1000;
  const from = Date.now();
  const t0 = performance.now();
  const until = t0 + opts.seconds * 1000;
  const send = (agent: http.Agent, i: number) =>
    new Promise<void>((resolve) => {
      const r = opts.next(i);
      const body = r.body === undefined ? undefined : JSON.stringify(r.body);
      const start = performance.now();
      const url = urls[i % urls.length];
      const req = http.request(
        {
          host: url.hostname,
          port: url.port,
          method: r.method,
          path: r.path,
          agent,
          timeout: 10_000,
          headers: { ...opts.headersOf(i), ...(body ? { 'content-type': 'application/json' } : {}) },
        },
        (res) => {
          res.on('data', () => undefined);
          res.on('end', () => {
            ms.push(performance.now() - start);
            const s = res.statusCode ?? 0;
            statuses[s] = (statuses[s] ?? 0) + 1;
            if (s < 200 || s > 299) non2xx[`${r.path} ${s}`] = (non2xx[`${r.path} ${s}`] ?? 0) + 1;
            resolve();
          });
        },
      );
      req.on('timeout', () => {
        timeouts++;
        req.destroy(new Error('timeout'));
      });
      req.on('error', () => {
        errors++;
        resolve();
      });
      req.end(body);
    });
  const user = async (i: number) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    // start spread over one think time, so the connections do not begin in step
    await new Promise((r) => setTimeout(r, Math.random() * meanThink));
    while (performance.now() < until) {
      await send(agent, i);
      await new Promise((r) => setTimeout(r, -Math.log(1 - Math.random()) * meanThink));
    }
    agent.destroy();
  };
  await Promise.all(Array.from({ length: opts.connections }, (_, i) => user(i)));
  return {
    from,
    seconds: (performance.now() - t0) / 1000,
    requests: ms.length,
    all: percentiles(ms),
    byKind: {},
    statuses,
    non2xx,
    errors,
    timeouts,
  };
}
