/**
 * Bench section `rights` (rights at scale): the rights list of a business customer with 10,000 users, on the server.
 *
 *   npm run bench -- rights               # builds .bench/rights-10000/ once (a few seconds), then measures
 *   npx tsx bench/rights.ts --serve       # the real server on that database (BENCH_PORT, default 8090)
 *   npm run bench -- rights --rebuild     # builds the database again
 *   BENCH_RIGHTS_USERS=2000 npm run bench -- rights
 *
 * What it prints (figures only, no thresholds; the target is p95 < 100 ms): the rights list load as the
 * portal does it, enterprise/users/administrators + enterprise/users/clientapp/OSS + .../PERIODICALS in parallel
 * through app.inject with a real session of mari (a main administrator of the generated customer), RUNS times,
 * p50 / p95 / p99 / max of the whole load (wall clock, and the CPU time it took, which is what counts on a busy
 * shared machine), and p50 / p95 of each call alone, with the load average beside them.
 *
 * Reuse (e.g. a Chromium part in another bench file):
 *
 *   import { prepareRightsBenchDb, startRightsBenchServer, RIGHTS_BENCH_CUSTOMER } from './rights.js';
 *   const dataDir = await prepareRightsBenchDb();          // DATA_DIR holding portal.sqlite (demo data + 10,000 users)
 *   const server = await startRightsBenchServer({ port: 9610, distDir: 'dist' });   // the real server on that data
 *   // sign in as mari / Maasikas1 on `${server.origin}/api/security/login?target=/ui/settings/rights/${RIGHTS_BENCH_CUSTOMER}`
 *   await server.close();
 *
 * The generated customer is RIGHTS_BENCH_CUSTOMER ('Suurettevõte AS', EE, OSS packet 1, PERIODICALS packet 11).
 * Every user has an OSS right (about 8 % ended, 4 % not begun yet, a quarter limited), 40 % a PERIODICALS one, and
 * 5 more besides mari are main administrators. Names are drawn from Estonian first and last names (deterministic),
 * so a search such as "tamm" or "kask" finds a few hundred. Dates are relative to the day the database was built.
 * The same database is reused by every run (sessions the bench opens stay in it; they expire after 12 h).
 */
import { existsSync, rmSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { isValidPersonalCode } from '../domain/fields/personal-code.js';
import { createApp } from '../server/app.js';
import { openDb, type Db } from '../server/db/index.js';
import { prepareDb } from '../server/db/prepare.js';
import { testEnv } from '../server/test/env.js';
import { systemClock } from '../server/lib/clock.js';
import { addDays, isoDay } from '../server/lib/dates.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const RIGHTS_BENCH_USERS = Number(process.env.BENCH_RIGHTS_USERS ?? 10_000);
export const RIGHTS_BENCH_CUSTOMER = 'EPEE19000001';
const dir = path.join(root, '.bench', `rights-${RIGHTS_BENCH_USERS}`);
const RUNS = 200;
const WARMUP = 20;

// deterministic pseudo-random numbers (mulberry32), so every build has the same people
function rng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST = [
  'Mari',
  'Jaan',
  'Kati',
  'Peeter',
  'Liis',
  'Andres',
  'Kadri',
  'Toomas',
  'Eva',
  'Mart',
  'Anu',
  'Rein',
  'Tiina',
  'Jüri',
  'Maarja',
  'Priit',
  'Kersti',
  'Aivar',
  'Helen',
  'Tõnu',
  'Ülle',
  'Margus',
  'Signe',
  'Indrek',
];
const LAST = [
  'Tamm',
  'Saar',
  'Sepp',
  'Mägi',
  'Kask',
  'Kukk',
  'Rebane',
  'Ilves',
  'Pärn',
  'Koppel',
  'Lepik',
  'Kuusk',
  'Karu',
  'Kallas',
  'Lepp',
  'Oja',
  'Vaher',
  'Mets',
  'Kivi',
  'Raud',
  'Põder',
  'Lõhmus',
  'Jõgi',
  'Org',
  'Männik',
  'Tamme',
  'Saarsalu',
  'Kaasik',
  'Luik',
  'Aas',
];

/** An EE personal code with a valid check digit, unique per i (birth dates spread over 1950–1999). */
function personalCode(i: number): string {
  const g = 3 + (i % 2);
  const yy = 50 + (i % 50);
  const mm = 1 + (Math.floor(i / 50) % 12);
  const dd = 1 + (Math.floor(i / 600) % 28);
  const serial = 100 + (Math.floor(i / 16_800) % 900);
  const base = `${g}${String(yy).padStart(2, '0')}${String(mm).padStart(2, '0')}${String(dd).padStart(2, '0')}${serial}`;
  for (let c = 0; c < 10; c++) if (isValidPersonalCode('EE', base + c)) return base + c;
  throw new Error(`no check digit for ${base}`);
}

async function build(): Promise<void> {
  rmSync(dir, { recursive: true, force: true });
  const db = openDb(dir);
  await prepareDb(db, systemClock);
  await db.destroy();

  const now = new Date();
  const day = (offset: number) => isoDay(addDays(now, offset));
  const sq = new SQLite(path.join(dir, 'portal.sqlite'));
  sq.pragma('synchronous = OFF');
  const mari = sq.prepare("SELECT fgid FROM persons WHERE key = 'mari'").get() as { fgid: string };
  sq.prepare(
    `INSERT INTO customers (jgid, reg_code, name, country, ep_company_id, is_person, has_contract, contract_stopped, active,
       credit_rating, user_profile_code, credit_limit, email, phone, permission_no_check_personal_code, packet_oss,
       packet_periodicals, has_finance, created_at)
     VALUES (?, '19000001', 'Suurettevõte AS', 'EE', 'EP', 0, 1, 0, 1, 'A', 'NEW', 5000, 'info@suur.example.ee',
       '+372 600 0000', 0, 1, 11, 1, ?)`,
  ).run(RIGHTS_BENCH_CUSTOMER, now.toISOString());
  const insP = sq.prepare(
    `INSERT INTO persons (fgid, key, country, personal_code, first_name, last_name, auth_channel, privileges,
       preferred_language, email, not_active, created_at)
     VALUES (?, NULL, 'EE', ?, ?, ?, 'WEB', '["SHOW_REPRESENTEES","SHOW_MY_SETTINGS"]', 'EST', ?, 0, ?)`,
  );
  const insR = sq.prepare(
    `INSERT INTO rights (person_fgid, represented_gid, application, role_id, begin_date, end_date, not_active)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const r = rng(20261123);
  const pick = <T>(a: readonly T[]) => a[Math.floor(r() * a.length)];
  sq.transaction(() => {
    insR.run(mari.fgid, RIGHTS_BENCH_CUSTOMER, 'AXAPTA', 900, day(-400), null, 0);
    for (let i = 0; i < RIGHTS_BENCH_USERS; i++) {
      const code = personalCode(i);
      const fgid = `EE${code}`;
      const first = pick(FIRST);
      const last = pick(LAST);
      insP.run(fgid, code, first, last, `${first}.${last}.${i}@example.ee`.toLowerCase(), now.toISOString());
      insR.run(fgid, fgid, 'OSS', null, null, null, 0);
      const x = r();
      const [begin, end] =
        x < 0.08
          ? [day(-400), day(-1 - Math.floor(r() * 300))] // ended
          : x < 0.12
            ? [day(1 + Math.floor(r() * 60)), null] // not begun yet
            : x < 0.37
              ? [day(-Math.floor(r() * 200)), day(1 + Math.floor(r() * 365))] // limited
              : [day(-Math.floor(r() * 800)), null];
      insR.run(fgid, RIGHTS_BENCH_CUSTOMER, 'OSS', pick([101, 102, 103]), begin, end, r() < 0.02 ? 1 : 0);
      if (r() < 0.4) insR.run(fgid, RIGHTS_BENCH_CUSTOMER, 'PERIODICALS', pick([111, 112]), day(-100), null, 0);
      if (i % 2000 === 7) insR.run(fgid, RIGHTS_BENCH_CUSTOMER, 'AXAPTA', 900, day(-100), null, 0);
    }
  })();
  sq.exec('ANALYZE');
  sq.prepare("INSERT INTO meta (key, value) VALUES ('bench.rights.users', ?)").run(String(RIGHTS_BENCH_USERS));
  sq.close();
}

/**
 * The data folder (DATA_DIR) of the bench database: the demo data plus RIGHTS_BENCH_USERS users of
 * RIGHTS_BENCH_CUSTOMER. Built once into .bench/rights-<n>/ and reused; `rebuild` (or `--rebuild` on the command
 * line) builds it again.
 */
export async function prepareRightsBenchDb(opts: { rebuild?: boolean } = {}): Promise<string> {
  const file = path.join(dir, 'portal.sqlite');
  let ready = false;
  if (existsSync(file)) {
    const sq = new SQLite(file, { readonly: true });
    try {
      ready = sq.prepare("SELECT value FROM meta WHERE key = 'bench.rights.users'").get() !== undefined;
    } catch {
      ready = false;
    }
    sq.close();
  }
  if (opts.rebuild || process.argv.includes('--rebuild') || !ready) {
    console.log(`Building ${path.relative(root, dir)} with ${RIGHTS_BENCH_USERS.toLocaleString('en')} users…`);
    const t0 = performance.now();
    await build();
    console.log(`  built in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
  return dir;
}

/** The real server (portal, API, sign-on simulator, console) on the bench database, listening on 127.0.0.1:port. */
export async function startRightsBenchServer(opts: {
  port: number;
  distDir?: string;
}): Promise<{ origin: string; app: FastifyInstance; close(): Promise<void> }> {
  const dataDir = await prepareRightsBenchDb();
  const db = openDb(dataDir);
  await prepareDb(db, systemClock); // migrations added since the build; the seed sees data and does nothing
  const env = testEnv({ dataDir, port: opts.port, distDir: path.resolve(root, opts.distDir ?? 'dist') });
  const app = await createApp({ db, clock: systemClock, env, ui: { kind: 'static' } });
  await app.listen({ port: opts.port, host: '127.0.0.1' });
  return {
    origin: `http://127.0.0.1:${opts.port}`,
    app,
    async close() {
      await app.close();
      await db.destroy();
    },
  };
}

async function openSession(db: Db, key: string): Promise<Record<string, string>> {
  const p = await db.selectFrom('persons').select('fgid').where('key', '=', key).executeTakeFirstOrThrow();
  const id = `bench-rights-${Date.now()}`;
  const now = Date.now();
  await db
    .insertInto('sessions')
    .values({
      id,
      person_fgid: p.fgid,
      represented_gid: RIGHTS_BENCH_CUSTOMER,
      language: 'EST',
      dead_seen: '[]',
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + 12 * 3600_000).toISOString(),
    })
    .execute();
  return { cookie: `EPIT-SESSION=${id}; EPIT-XSRF-TOKEN=bench`, 'x-xsrf-token': 'bench' };
}

/**
 * One turn of the event loop between loads, as a server gets between requests. app.inject settles on microtasks
 * alone, so back-to-back loads never let the loop reach its check phase; light-my-request's fake sockets keep every
 * answer's buffers until it does (about 5 MB per OSS answer), the heap grows by hundreds of MB over the runs and
 * the growing mark-compacts land in the figures. A real server sees no such pile-up.
 */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

function stats(ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
  return { p50: q(50), p95: q(95), p99: q(99), max: s[s.length - 1], min: s[0] };
}

/** The `rights` section of `npm run bench`. */
export async function rightsBench(): Promise<void> {
  console.log(`Rights list of a customer with ${RIGHTS_BENCH_USERS.toLocaleString('en')} users (server, app.inject)`);
  const dataDir = await prepareRightsBenchDb();
  const db = openDb(dataDir);
  await prepareDb(db, systemClock);
  const app = await createApp({ db, clock: systemClock, env: testEnv({ dataDir }), ui: { kind: 'none' } });
  await app.ready();
  try {
    const headers = await openSession(db, 'mari');
    const urls = {
      administrators: `/api/enterprise/users/administrators/${RIGHTS_BENCH_CUSTOMER}`,
      OSS: `/api/enterprise/users/clientapp/OSS/${RIGHTS_BENCH_CUSTOMER}`,
      PERIODICALS: `/api/enterprise/users/clientapp/PERIODICALS/${RIGHTS_BENCH_CUSTOMER}`,
    };
    const call = async (url: string, into?: number[]) => {
      const t0 = performance.now();
      const res = await app.inject({ method: 'GET', url, headers });
      if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
      into?.push(performance.now() - t0);
      return res;
    };
    const sizes = Object.fromEntries(
      await Promise.all(Object.entries(urls).map(async ([k, u]) => [k, (await call(u)).rawPayload.length] as const)),
    );
    const oss = (await call(urls.OSS)).json<{ list: unknown[] }>();
    for (let i = 0; i < WARMUP; i++) await Promise.all(Object.values(urls).map((u) => call(u)));
    const whole: number[] = [];
    // CPU time of this process per load: on a shared, busy machine the wall clock mostly measures waiting for a core,
    // while the load runs on one thread (SQLite is synchronous), so its CPU time is what it takes on an idle core
    const cpu: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      await turn();
      const t0 = performance.now();
      const c0 = process.cpuUsage();
      await Promise.all(Object.values(urls).map((u) => call(u)));
      const c = process.cpuUsage(c0);
      whole.push(performance.now() - t0);
      cpu.push((c.user + c.system) / 1000);
    }
    const each: Record<string, number[]> = { administrators: [], OSS: [], PERIODICALS: [] };
    for (let i = 0; i < RUNS / 2; i++)
      for (const [k, u] of Object.entries(urls)) {
        await turn();
        await call(u, each[k]);
      }
    const w = stats(whole);
    console.log(
      `  OSS list ${oss.list.length.toLocaleString('en')} entries; answers ${Object.entries(sizes)
        .map(([k, n]) => `${k} ${(n / 1024).toFixed(0)} kB`)
        .join(', ')}`,
    );
    console.log(
      `  whole load (3 calls in parallel), ${RUNS} runs: p50 ${w.p50.toFixed(1)} ms · p95 ${w.p95.toFixed(1)} ms · p99 ${w.p99.toFixed(1)} ms · max ${w.max.toFixed(1)} ms · min ${w.min.toFixed(1)} ms   (target p95 < 100 ms)`,
    );
    const c = stats(cpu);
    console.log(
      `  CPU time of the whole load, ${RUNS} runs: p50 ${c.p50.toFixed(1)} ms · p95 ${c.p95.toFixed(1)} ms · max ${c.max.toFixed(1)} ms`,
    );
    console.log(
      `  each call alone, ${RUNS / 2} runs, p50 / p95: ${Object.entries(each)
        .map(([k, v]) => `${k} ${stats(v).p50.toFixed(1)} / ${stats(v).p95.toFixed(1)} ms`)
        .join(' · ')}`,
    );
    // figures on a shared machine move with its load: print it beside them
    console.log(
      `  load average while measuring: ${loadavg()
        .map((x) => x.toFixed(2))
        .join(', ')} on ${cpus().length} cores`,
    );
  } finally {
    await app.close();
    await db.destroy();
  }
}

// `npx tsx bench/rights.ts` runs the section alone; `npx tsx bench/rights.ts --serve` serves the bench database on
// BENCH_PORT (default 8090) with the built portal of DIST_DIR (default dist) until Ctrl-C, to look at it by hand
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--serve')) {
    const server = await startRightsBenchServer({
      port: Number(process.env.BENCH_PORT ?? 8090),
      distDir: process.env.DIST_DIR,
    });
    console.log(`${server.origin}/ui/settings/rights/${RIGHTS_BENCH_CUSTOMER} (sign in as mari / Maasikas1)`);
    process.once('SIGINT', () => void server.close());
  } else await rightsBench();
}
