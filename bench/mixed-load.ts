/**
 * npm run bench -- mixed — a mixed load on a real server process with 1,000,000 customers, on SQLite and on
 * PostgreSQL (docs/performance.md, "Search and mixed load at scale").
 *
 * The server is `server/main.ts` as `npm start` runs it (request log on, to a file), on the search bench's cached
 * database (.bench/customers-N, bench/run.ts) or on a throwaway PostgreSQL 15 cluster loaded with the same rows
 * (bench/lib/postgres.ts). Five people (kristi, mari, jaan, liga, tomas) sign on through the real sign-on flow,
 * MIXED_LOGINS times each (default 4: 20 sessions, as from 20 browsers); their cookies and XSRF header are reused.
 * mari, jaan, liga and tomas are given kristi's EDIT_ANY_CUSTOMER privilege in the bench database, so that every
 * connection runs the same four calls as one person, over and over:
 *   GET  /api/context/getUserContext
 *   POST /api/customer-search/customer      the search bench's 200 varied terms in turn
 *   POST /api/context/changeLanguage        EST, ENG, RUS, LAV, LIT in turn (a write)
 *   GET  /api/context/changeRepresented/:id the person's own parties in turn (a write, an audit row, the context)
 * MIXED_CONNECTIONS (default 200) autocannon connections, connection i on session i mod 20, opened 10 at a time over
 * MIXED_RAMP_SECONDS (default 30), as people arrive, then MIXED_SECONDS (default 60) with all of them open. A
 * saturated Node process accepts one new connection per turn of its event loop, so 200 connections opened at the same
 * instant waited up to 17 s to be accepted, past autocannon's 10 s timeout (docs/performance.md, "Search and mixed
 * load at scale"), as they do again with MIXED_RAMP_SECONDS=0. Prints, for the time after the ramp, requests/s and
 * p50 / p95 / p99 (all and per call); for the whole run, how long a new connection waited for its first answer,
 * non-2xx answers and connection errors (target: 0), and the server process's VmRSS sampled every 250 ms (target: max
 * < 400 MB). About 3.5 minutes with both databases, plus about a minute to load PostgreSQL when the search-scale
 * section has not done it yet.
 * BENCH_DATABASES=sqlite (or postgres) for one database only.
 */
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { benchPostgres } from './lib/postgres.js';
import { closedLoop, fmtStats, percentiles, signIn, type SignedIn, type Step } from './lib/load.js';
import {
  describeBenchDb,
  mb,
  sampleRss,
  serverTimes,
  startPortalServer,
  type PortalServer,
  type BenchDatabase,
} from './lib/portal-server.js';

const CONNECTIONS = Number(process.env.MIXED_CONNECTIONS ?? 200);
const SECONDS = Number(process.env.MIXED_SECONDS ?? 60);
const LOGINS = Number(process.env.MIXED_LOGINS ?? 4);
const RAMP = Number(process.env.MIXED_RAMP_SECONDS ?? 30);
export const PEOPLE = ['kristi', 'mari', 'jaan', 'liga', 'tomas'];
const GRANTED = ['mari', 'jaan', 'liga', 'tomas'];
const RSS_LIMIT = 400 * 1024 * 1024;
const LANGUAGES = ['EST', 'ENG', 'RUS', 'LAV', 'LIT'];

const which = () =>
  (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',').filter((d) => d === 'sqlite' || d === 'postgres');

/** The privileges JSON of `person` with EDIT_ANY_CUSTOMER added. */
const withSearch = (privileges: string) => {
  const list = JSON.parse(privileges) as string[];
  return JSON.stringify(list.includes('EDIT_ANY_CUSTOMER') ? list : [...list, 'EDIT_ANY_CUSTOMER']);
};

function grantSqlite(file: string) {
  const sq = new SQLite(file);
  try {
    const read = sq.prepare<[string], { privileges: string }>('select privileges from persons where key = ?');
    const write = sq.prepare('update persons set privileges = ? where key = ?');
    for (const who of GRANTED) {
      const row = read.get(who);
      if (!row) throw new Error(`no person ${who} in ${file}`);
      write.run(withSearch(row.privileges), who);
    }
  } finally {
    sq.close();
  }
}

export async function grantPostgres(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    for (const who of GRANTED) {
      const { rows } = await c.query<{ privileges: string }>('select privileges from persons where key = $1', [who]);
      if (!rows.length) throw new Error(`no person ${who} in the bench database`);
      await c.query('update persons set privileges = $1 where key = $2', [withSearch(rows[0].privileges), who]);
    }
  } finally {
    await c.end();
  }
}

/** The parties a person may open now: those of the context whose change answers 200 (tried once each). */
export async function partiesOf(base: string, s: SignedIn): Promise<string[]> {
  const res = await fetch(`${base}/api/context/getUserContext`, { headers: s.headers });
  if (res.status !== 200) throw new Error(`getUserContext for ${s.who} answered ${res.status}`);
  const ctx = (await res.json()) as { epitPrincipal: { representationRightsCache: Record<string, unknown> } };
  const out: string[] = [];
  for (const gid of Object.keys(ctx.epitPrincipal.representationRightsCache)) {
    const r = await fetch(`${base}/api/context/changeRepresented/${gid}`, { headers: s.headers });
    if (r.status === 200) out.push(gid);
    await r.body?.cancel();
  }
  if (!out.length) throw new Error(`${s.who} may open no party`);
  return out;
}

/**
 * The four calls of the mixed load for connection i, on session i mod sessions (bench/rolling.ts runs the same):
 * getUserContext, a customer search (the terms in turn), changeLanguage and changeRepresented (the person's parties in turn).
 */
export function mixedSequence(
  sessions: SignedIn[],
  parties: Map<string, string[]>,
  terms: string[],
): (i: number) => Step[] {
  return (i) => {
    const s = sessions[i % sessions.length];
    const own = parties.get(s.who)!;
    let n = i * 7; // each connection starts elsewhere in the lists
    return [
      { kind: 'getUserContext', method: 'GET', next: () => ({ path: '/api/context/getUserContext' }) },
      {
        kind: 'customer search',
        method: 'POST',
        next: () => ({ path: '/api/customer-search/customer', body: { value: terms[n++ % terms.length] } }),
      },
      {
        kind: 'changeLanguage',
        method: 'POST',
        next: () => ({ path: '/api/context/changeLanguage', body: { value: LANGUAGES[n % LANGUAGES.length] } }),
      },
      {
        kind: 'changeRepresented',
        method: 'GET',
        next: () => ({ path: `/api/context/changeRepresented/${own[n % own.length]}` }),
      },
    ];
  };
}

async function onDatabase(label: string, server: PortalServer, terms: string[]) {
  const t0 = Date.now();
  const sessions = await signIn(server.base, PEOPLE, LOGINS);
  const parties = new Map<string, string[]>();
  for (const s of sessions) if (!parties.has(s.who)) parties.set(s.who, await partiesOf(server.base, s));
  const signOnMs = Date.now() - t0;

  const sequence = mixedSequence(sessions, parties, terms);

  const idle = server.rss() ?? 0;
  const rss = sampleRss(server);
  const r = await closedLoop({
    base: server.base,
    connections: CONNECTIONS,
    seconds: SECONDS,
    rampSeconds: RAMP,
    sequence,
    headersOf: (i) => sessions[i % sessions.length].headers,
  });
  const mem = rss.stop();
  const inServer = percentiles(serverTimes(server.logFile, r.from, Date.now()));
  const non2xx = Object.values(r.non2xx).reduce((a, b) => a + b, 0);
  const pad = ''.padEnd(12);
  console.log(
    `${label.padEnd(12)}${(r.requests / r.seconds).toFixed(0)} requests/s (${r.requests.toLocaleString('en')} in ${r.seconds.toFixed(0)} s), all calls: ${fmtStats(r.all)}`,
  );
  console.log(`${pad}in the server (its request log): ${fmtStats(inServer)}`);
  if (r.firstAnswer)
    console.log(`${pad}a new connection's first answer (its wait to be accepted included): ${fmtStats(r.firstAnswer)}`);
  for (const [kind, st] of Object.entries(r.byKind))
    console.log(`${pad}  ${kind.padEnd(18)} ${st.n.toLocaleString('en').padStart(8)} × ${fmtStats(st)}`);
  console.log(
    `${pad}non-2xx ${non2xx}${non2xx ? ` ${JSON.stringify(r.non2xx)}` : ''}, connection errors ${r.errors} (timeouts ${r.timeouts}): ${
      non2xx === 0 && r.errors === 0 ? 'target 0 met' : 'target 0 MISSED'
    }`,
  );
  console.log(
    `${pad}server RSS: ${mb(idle)} before the load, max ${mb(mem.max)} during it, ${mb(mem.last)} at the end: ${
      mem.max < RSS_LIMIT ? 'target < 400 MB met' : 'target < 400 MB MISSED'
    }`,
  );
  console.log(`${pad}(${sessions.length} sessions signed on in ${(signOnMs / 1000).toFixed(1)} s)`);
}

export async function mixedLoadBench({ sqliteDir, terms, built }: BenchDatabase): Promise<void> {
  const file = path.join(sqliteDir, 'portal.sqlite');
  console.log(
    `mixed load: ${CONNECTIONS} connections for ${SECONDS} s, ${PEOPLE.length} people × ${LOGINS} sessions, getUserContext + customer search + changeLanguage + changeRepresented, real server process (server/main.ts)`,
  );
  console.log(`database: ${describeBenchDb(sqliteDir, built)}`);
  for (const d of which()) {
    const t0 = Date.now();
    let env: Record<string, string>;
    if (d === 'sqlite') {
      grantSqlite(file);
      env = { DATA_DIR: sqliteDir };
    } else {
      const { url } = await benchPostgres(file);
      await grantPostgres(url);
      env = { DATABASE_URL: url };
    }
    const server = await startPortalServer(`mixed-${d}`, env);
    try {
      await onDatabase(d === 'sqlite' ? 'SQLite' : 'PostgreSQL', server, terms);
    } finally {
      await server.stop();
    }
    console.log(`${''.padEnd(12)}(${((Date.now() - t0) / 1000).toFixed(0)} s for this database)`);
  }
}
