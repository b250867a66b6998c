/**
 * npm run bench -- search-scale — the customer search over 1,000,000 customers under 50 concurrent connections, on
 * SQLite and on PostgreSQL, against real server processes (server/main.ts) (search at scale).
 *
 * The database is the search bench's cached one (.bench/customers-N, bench/run.ts); PostgreSQL gets the same rows
 * (bench/lib/postgres.ts). The searches are the search bench's 200 varied terms, sent as the staff person kristi
 * (signed on through the real sign-on flow, 5 sessions) over 50 keep-alive connections, two ways:
 *  - paced: 50 connections, each waiting a random think time between its searches, together SCALE_RATES searches a
 *    second (default 100, 500 and 1000, one run each): the latency people see at that rate. Target: p95 < 20 ms.
 *  - saturated: 50 autocannon connections sending back to back: the most searches a second the server gives, and
 *    the latency then, which is mostly the queue of 50 requests waiting for the processes (about 50 ÷ searches/s).
 * Each configuration of SCALE_PROCESSES (default 1 and 2) server processes on the one database: the connections are
 * spread over them as a load balancer would (connection i to process i mod n; server/db/two-processes.test.ts shows
 * any process serves any request). Each run lasts SCALE_SECONDS (default 20) after a warm-up of every term once per
 * process. Prints p50 / p95 / p99, searches a second, non-2xx answers, errors and the CPU per search. Then, for
 * scale, the same 50 connections saturated with a signed-in call that only reads its session: the most any signed-in
 * call can be served on this machine, and its latency then. About 7.5 minutes with both databases (plus the
 * PostgreSQL load when the mixed-load section has not made it yet).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { benchPostgres } from './lib/postgres.js';
import { closedLoop, fmtStats, paced, percentiles, signIn, type LoadResult, type Step } from './lib/load.js';
import {
  describeBenchDb,
  type BenchDatabase,
  serverTimes,
  startPortalServer,
  type PortalServer,
} from './lib/portal-server.js';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.SCALE_SECONDS ?? 20);
/** A comma-separated list of positive numbers from the environment. */
const numbers = (text: string) =>
  text
    .split(',')
    .map(Number)
    .filter((n) => n > 0);
/** the paced runs' rates, searches a second over the 50 connections together */
const RATES = numbers(process.env.SCALE_RATES ?? '100,500,1000');
/** how many server processes serve the connections, one configuration after the other (a load balancer's spread) */
const PROCESSES = numbers(process.env.SCALE_PROCESSES ?? '1,2');
const TARGET_P95_MS = 20;
const SEARCH = '/api/customer-search/customer';
/** a signed-in call with no work of its own: the ceiling the searches are compared with */
const CEILING = '/api/context/getSimpleUserContext';

/** CPU seconds (user + system) a process has used so far, from /proc (Linux; 0 when it is gone). */
function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ 100)
  } catch {
    return 0;
  }
}

/**
 * CPU used by the server processes and, on PostgreSQL, by the database backends serving them, per search (or per
 * `per`, another call): what one costs whatever else runs on the machine (latency and searches/s depend on it, these
 * hardly).
 */
async function cpuMeter(servers: PortalServer[], databaseUrl: string | null, per = 'search') {
  const backends = async (): Promise<number[]> => {
    if (!databaseUrl) return [];
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    try {
      const r = await c.query<{ pid: number }>(
        'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      );
      return r.rows.map((x) => x.pid);
    } finally {
      await c.end();
    }
  };
  const before = new Map((await backends()).map((pid) => [pid, cpuSeconds(pid)]));
  const server0 = servers.map((s) => cpuSeconds(s.pid));
  return async (requests: number) => {
    const serverCpu = servers.reduce((n, s, i) => n + cpuSeconds(s.pid) - server0[i], 0);
    let dbCpu = 0;
    for (const pid of await backends()) dbCpu += cpuSeconds(pid) - (before.get(pid) ?? 0);
    const us = (s: number) => `${((s / Math.max(1, requests)) * 1e6).toFixed(0)} µs`;
    return `CPU per ${per}: server process${servers.length > 1 ? 'es' : ''} ${us(serverCpu)}${databaseUrl ? `, PostgreSQL backends ${us(dbCpu)}` : ''}`;
  };
}

const which = () =>
  (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',').filter((d) => d === 'sqlite' || d === 'postgres');

const clean = (r: LoadResult) =>
  `${Object.values(r.non2xx).reduce((a, b) => a + b, 0)} non-2xx${
    Object.keys(r.non2xx).length ? ` (${JSON.stringify(r.non2xx)})` : ''
  }, ${r.errors} errors (${r.timeouts} timeouts)`;

/** The target's line for a run: p95 under TARGET_P95_MS with no error and no non-2xx answer. */
const verdict = (r: LoadResult) =>
  `target p95 < ${TARGET_P95_MS} ms, 0 errors: ${
    r.all.p95 < TARGET_P95_MS && !r.errors && !Object.keys(r.non2xx).length
      ? 'met'
      : `MISSED (p95 ${r.all.p95.toFixed(1)} ms${r.errors ? `, ${r.errors} errors` : ''})`
  }`;

/** The request log's times of the searches between two instants, of every process. */
const inServers = (servers: PortalServer[], from: number) =>
  percentiles(servers.flatMap((s) => serverTimes(s.logFile, from, Date.now(), SEARCH)));

async function onDatabase(label: string, servers: PortalServer[], terms: string[], databaseUrl: string | null) {
  const bases = servers.map((s) => s.base);
  const staff = await signIn(bases[0], ['kristi'], 5);
  // warm-up: every term once on each process, as the search bench does (page cache, prepared statements, JIT)
  for (const base of bases)
    for (const [i, term] of terms.entries()) {
      const res = await fetch(`${base}${SEARCH}`, {
        method: 'POST',
        headers: { ...staff[i % staff.length].headers, 'content-type': 'application/json' },
        body: JSON.stringify({ value: term }),
      });
      if (res.status !== 200) throw new Error(`search "${term}" answered ${res.status}: ${await res.text()}`);
    }
  const cursor = Array.from({ length: CONNECTIONS }, (_, i) => (i * 37) % terms.length);
  const nextTerm = (i: number) => terms[(cursor[i] = (cursor[i] + 1) % terms.length)];
  const head = `${label} × ${servers.length}`.padEnd(16);
  const pad = ''.padEnd(16);

  for (const rate of RATES) {
    const p = await paced({
      base: bases,
      connections: CONNECTIONS,
      seconds: SECONDS,
      rate,
      headersOf: (i) => staff[i % staff.length].headers,
      next: (i) => ({ method: 'POST', path: SEARCH, body: { value: nextTerm(i) } }),
    });
    console.log(
      `${rate === RATES[0] ? head : pad} paced ${(p.requests / p.seconds).toFixed(0)} searches/s over ${CONNECTIONS} connections: ${fmtStats(p.all)}; ${clean(p)}`,
    );
    console.log(`${pad}   in the server (its request log): ${fmtStats(inServers(servers, p.from))}`);
    console.log(`${pad}   ${verdict(p)}`);
  }

  /**
   * The 50 connections back to back, each sending `step(i)` over and over, with the CPU per request of the server
   * processes and database backends meanwhile. Only here: at a paced 100/s the process's own timers and collections
   * would count as the requests'.
   */
  const saturated = async (per: string, step: (i: number) => Step) => {
    const cpu = await cpuMeter(servers, databaseUrl, per);
    const r = await closedLoop({
      base: bases,
      connections: CONNECTIONS,
      seconds: SECONDS,
      headersOf: (i) => staff[i % staff.length].headers,
      sequence: (i) => [step(i)],
    });
    return { r, rate: (r.requests / r.seconds).toFixed(0), cpu: await cpu(r.requests) };
  };

  const s = await saturated('search', (i) => ({
    kind: 'search',
    method: 'POST',
    next: () => ({ path: SEARCH, body: { value: nextTerm(i) } }),
  }));
  console.log(
    `${pad} saturated ${s.rate} searches/s over ${CONNECTIONS} connections: ${fmtStats(s.r.all)}; ${clean(s.r)}`,
  );
  console.log(`${pad}   in the server (its request log): ${fmtStats(inServers(servers, s.r.from))}; ${s.cpu}`);
  console.log(`${pad}   ${verdict(s.r)}`);

  // The ceiling of this machine for the same 50 connections: a signed-in call that does no more than every API call
  // does (read its session, server/lib/xsrf.ts) and answers a few bytes. No search can be served faster than this.
  const c = await saturated('call', () => ({ kind: 'session', method: 'GET', next: () => ({ path: CEILING }) }));
  console.log(
    `${pad} for scale, saturated with a call that only reads its session (GET ${CEILING}): ${c.rate} calls/s: ${fmtStats(c.r.all)}; ${clean(c.r)}; ${c.cpu}`,
  );
}

export async function searchScaleBench({ sqliteDir, terms, built }: BenchDatabase): Promise<void> {
  const databases = which();
  console.log(
    `customer search at scale: ${terms.length} varied terms, ${CONNECTIONS} connections, ${SECONDS} s per run, paced at ${RATES.join(', ')} searches/s, then saturated; ${PROCESSES.join(' and ')} server process(es) (server/main.ts)`,
  );
  console.log(`database: ${describeBenchDb(sqliteDir, built)}`);
  for (const d of databases) {
    const t0 = Date.now();
    const databaseUrl = d === 'sqlite' ? null : (await benchPostgres(path.join(sqliteDir, 'portal.sqlite'))).url;
    const env: Record<string, string> = databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: sqliteDir };
    for (const n of PROCESSES) {
      // several processes share the one database (server/db/two-processes.test.ts), each on its own port
      const servers: PortalServer[] = [];
      try {
        for (let k = 0; k < n; k++) servers.push(await startPortalServer(`scale-${d}-${k}`, env));
        await onDatabase(d === 'sqlite' ? 'SQLite' : 'PostgreSQL', servers, terms, databaseUrl);
      } finally {
        await Promise.all(servers.map((s) => s.stop()));
      }
    }
    console.log(`${''.padEnd(16)} (${((Date.now() - t0) / 1000).toFixed(0)} s for this database)`);
  }
}
