/**
 * npm run bench — customer search over a register of 1,000,000 generated customers.
 *
 * Builds once (cached in .bench/, gitignored) a database with the demo data plus 1,000,000
 * generated customers (portal-demo.json is never touched), then runs a varied mix of searches
 * through the real route (app.inject, with kristi's session) and through the query alone, and
 * prints p50 / p95 / p99 / max in ms. No thresholds: figures only.
 *
 * Next, on the same database against a real server process (server/main.ts), on SQLite and on a throwaway PostgreSQL
 * 15 cluster loaded with the same rows: "search-scale" (bench/search-scale.ts, about 7 minutes) the search
 * under 50 connections, and "mixed" (bench/mixed-load.ts, about 3.5 minutes) 200 connections for 60 s of context,
 * search, language and represented changes, with the server's RSS. Loading PostgreSQL adds about 1.5 minutes once.
 *
 * Then two more sections (figures only, a few seconds):
 *  - portal size: what dist/index.html makes the browser load for the first page (the entry chunk,
 *    its static imports and the CSS), raw and gzip, the total of all JS/CSS in dist/assets and the
 *    5 largest chunks (runs `npm run build` first when dist/index.html is missing);
 *  - API latency: context/getUserContext (mari; jaan with 12 rights) and context/checkDeadApplications,
 *    300 calls each through app.inject on a fresh in-memory database with real sign-on sessions.
 *
 * And last, "leak" (bench/leak.ts, about five minutes on two cores): shipment registration open for 10,000 frame-channel ping
 * cycles on a fast clock in Chromium against the real server; the portal tab's JS heap after a forced garbage
 * collection, its 'message' listeners and live timers, at the start and at the end.
 *
 *   npm run bench                 # uses the cache when present
 *   npm run bench -- --rebuild    # builds the database again
 *   npm run bench -- leak         # one or more sections alone: search, search-scale, mixed, backup, address, size, api, leak
 *   npm run bench -- rolling      # bench/rolling.ts: a rolling restart of two processes behind nginx under load
 *   npm run bench -- keepalive    # bench/keepalive.ts: the load tool and nginx's keepalive_requests
 *   BENCH_CUSTOMERS=200000 npm run bench
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import { createApp } from '../server/app.js';
import { openDb, type Db } from '../server/db/index.js';
import { prepareDb } from '../server/db/prepare.js';
import { testEnv } from '../server/test/env.js';
import { systemClock } from '../server/lib/clock.js';
import { customerSearchRows, rebuildSearchIndex } from '../server/routes/customer-search/search-index.js';
import { currentBuild } from '../server/lib/build-id.js';
import { searchCustomers } from '../server/routes/customer-search/search.js';
import { makeTestApp } from '../server/test/helpers.js';
import { gzipSync } from 'node:zlib';
import { backupBench } from './backup.js';
import { leakBench } from './leak.js';
import { addressBench } from './address.js';
import { rightsBench } from './rights.js';
import { rightsUiBench } from './rights-ui.js';
import { weightBench } from './size.js';
import { lighthouseBench } from './lighthouse.js';
import { bootTasksBench } from './boot-tasks.js';
import { mixedLoadBench } from './mixed-load.js';
import { searchScaleBench } from './search-scale.js';
import { stopBenchPostgres } from './lib/postgres.js';
import { perfApiBench } from './perf-api.js';
import { rollingBench } from './rolling.js';
import { keepaliveBench } from './keepalive.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// the servers the benches start stop at once when done; the rolling restart sets its own drain (bench/rolling.ts)
process.env.DRAIN_SECONDS ??= '0';
const N = Number(process.env.BENCH_CUSTOMERS ?? 1_000_000);
const dir = path.join(root, '.bench', `customers-${N}`);
const file = path.join(dir, 'portal.sqlite');
const RUNS = 200;

// deterministic pseudo-random numbers (mulberry32), so every build has the same register
function rng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const SYL = [
  'ka',
  'se',
  'ma',
  'tam',
  'lep',
  'kuu',
  'saa',
  're',
  'jär',
  've',
  'põl',
  'mä',
  'ni',
  'rii',
  'ga',
  'lu',
  'to',
  'pa',
  'ber',
  'zi',
  'dau',
  'gav',
  'ne',
  'mu',
  'šil',
  'ai',
  'ąžu',
  'ol',
  'vil',
  'nius',
  'kal',
  'ev',
  'tar',
  'tu',
  'pär',
  'nu',
  'hii',
  'ra',
  'ök',
  'an',
];
const TRADE = [
  'Ehitus',
  'Logistika',
  'Trükk',
  'Meedia',
  'Kaubandus',
  'Kirjastus',
  'Transport',
  'Puit',
  'Metall',
  'Aiandus',
  'Konsult',
  'Tarkvara',
  'Disain',
  'Kinnisvara',
  'Toit',
  'Pagar',
  'Auto',
  'Remont',
  'Energia',
  'Mööbel',
  'Tekstiil',
  'Reisid',
  'Hooldus',
  'Turva',
  'Kliima',
  'Elekter',
  'Ilu',
  'Sport',
  'Haridus',
  'Tervis',
  'Apteek',
  'Optika',
  'Kala',
  'Piim',
  'Vili',
  'Lilled',
  'Pood',
  'Büroo',
  'Invest',
  'Holding',
  'Grupp',
  'Partnerid',
  'Teenused',
  'Lahendused',
  'Tehnika',
  'Süsteemid',
  'Projekt',
  'Stuudio',
  'Agentuur',
  'Keskus',
];
const FORMS: [string, string, string][] = [
  ['OÜ', 'EE', 'EP'],
  ['AS', 'EE', 'EP'],
  ['MTÜ', 'EE', 'EP'],
  ['SIA', 'LV', 'LV'],
  ['UAB', 'LT', 'UB'],
];
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function generated(i: number, r: () => number) {
  const n = 2 + Math.floor(r() * 2);
  let stem = '';
  for (let k = 0; k < n; k++) stem += SYL[Math.floor(r() * SYL.length)];
  const trade = TRADE[Math.floor(r() * TRADE.length)];
  const [form, country, company] = FORMS[Math.floor(r() ** 1.7 * FORMS.length)];
  const name = country === 'EE' ? `${cap(stem)} ${trade} ${form}` : `${form} ${cap(stem)} ${trade}`;
  const regCode =
    country === 'EE' ? String(12_000_000 + i) : country === 'LV' ? String(41_000_000_000 + i) : String(310_000_000 + i);
  return { jgid: `${company}${country}${regCode}`, regCode, name, country, company };
}

async function build(): Promise<number> {
  const t0 = performance.now();
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const db = openDb(dir);
  await prepareDb(db, systemClock);
  await rebuildSearchIndex(db); // the demo customers and people
  await db.destroy();

  const sq = new SQLite(file);
  sq.pragma('journal_mode = OFF');
  sq.pragma('synchronous = OFF');
  sq.exec(
    'DROP INDEX customer_search_tokens_jgid; DROP INDEX customers_reg_code; CREATE TEMP TABLE load AS SELECT * FROM customer_search_tokens WHERE 0;',
  );
  const now = new Date().toISOString();
  const insC = sq.prepare(
    `INSERT INTO customers (jgid, reg_code, name, country, ep_company_id, is_person, has_contract, contract_stopped, active, credit_rating, user_profile_code, credit_limit, permission_no_check_personal_code, has_finance, created_at)
     VALUES (?, ?, ?, ?, ?, 0, 1, 0, 1, 'A', 'NEW', 0, 0, 0, ?)`,
  );
  // search rows (migration 0260) into a plain table first, then in key order into the WITHOUT ROWID table
  const insT = sq.prepare('INSERT INTO load VALUES (@token, @sort_key, @jgid, @name, @reg_code, @country, @words)');
  const r = rng(20250301);
  const batch = sq.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++) {
      const c = generated(i, r);
      insC.run(c.jgid, c.regCode, c.name, c.country, c.company, now);
      for (const row of customerSearchRows({ ...c, reg_code: c.regCode })) insT.run(row);
    }
  });
  for (let i = 0; i < N; i += 50_000) {
    batch(i, Math.min(N, i + 50_000));
    process.stdout.write(`\r  generated ${Math.min(N, i + 50_000).toLocaleString('en')} customers`);
  }
  process.stdout.write('\n  indexing…\n');
  sq.exec(`INSERT INTO customer_search_tokens SELECT * FROM load ORDER BY token, sort_key, jgid; DROP TABLE load;
           CREATE INDEX customer_search_tokens_jgid ON customer_search_tokens (jgid);
           CREATE INDEX customers_reg_code ON customers (reg_code);
           ANALYZE;`);
  sq.prepare("INSERT INTO meta (key, value) VALUES ('bench.customers', ?), ('bench.search-rows', ?)").run(
    String(N),
    String(N),
  );
  sq.close();
  return performance.now() - t0;
}

function terms(): string[] {
  const r = rng(7);
  const pick = <T>(a: T[]) => a[Math.floor(r() * a.length)];
  const sample = () => generated(Math.floor(r() * N), rng(0)); // any generated company (not the same rng stream as the build)
  const out: string[] = [];
  // names as a person would type them: whole stems, stem prefixes, trades, two words, codes, gids, misses
  const g = rng(20250301);
  const known = Array.from({ length: 2000 }, (_, i) => generated(i * Math.floor(N / 2000), g));
  void sample;
  for (let i = 0; i < 50; i++)
    out.push(
      pick(known)
        .name.split(' ')
        .find((w) => w.length > 3 && !TRADE.includes(w))!
        .toLowerCase(),
    );
  for (let i = 0; i < 40; i++) {
    const w = pick(known)
      .name.split(' ')
      .find((x) => x.length > 3 && !TRADE.includes(x))!;
    out.push(w.slice(0, 3 + Math.floor(r() * 3)));
  }
  for (let i = 0; i < 20; i++) out.push(pick(TRADE).toLowerCase());
  for (let i = 0; i < 30; i++) {
    const c = pick(known);
    out.push(c.regCode.slice(0, 4 + Math.floor(r() * 5)));
  }
  for (let i = 0; i < 25; i++) {
    const c = pick(known);
    const ws = c.name.split(' ');
    out.push(
      `${ws.find((x) => !TRADE.includes(x) && x.length > 3)!.slice(0, 4)} ${ws.find((x) => TRADE.includes(x))!}`,
    );
  }
  for (let i = 0; i < 15; i++) out.push(pick(known).jgid.toLowerCase());
  for (let i = 0; i < 10; i++)
    out.push(pick(['maasikas', 'põldmari', 'testfirma', 'bērzi', 'ąžuolas', 'tamme logistika', 'kase trükk']));
  for (let i = 0; i < 10; i++) out.push(pick(['zzyzx', 'qwerty', 'xylofon', '99999999999', 'nonexistent']));
  return out.slice(0, RUNS);
}

function stats(ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
  return { p50: q(50), p95: q(95), p99: q(99), max: s[s.length - 1], mean: s.reduce((a, b) => a + b, 0) / s.length };
}
const fmt = (x: ReturnType<typeof stats>) =>
  `p50 ${x.p50.toFixed(2)} ms · p95 ${x.p95.toFixed(2)} ms · p99 ${x.p99.toFixed(2)} ms · max ${x.max.toFixed(2)} ms · mean ${x.mean.toFixed(2)} ms`;

const SECTIONS = [
  'search',
  'search-scale',
  'mixed',
  'backup',
  'address',
  'size',
  'weight',
  'lighthouse',
  'boot-tasks',
  'api',
  'perf-api',
  'rolling',
  'keepalive',
  'rights',
  'rights-ui',
  'leak',
] as const;
type Section = (typeof SECTIONS)[number];

async function main() {
  const asked = process.argv.slice(2).filter((a) => !a.startsWith('--'));
  const unknown = asked.filter((a) => !(SECTIONS as readonly string[]).includes(a));
  if (unknown.length) throw new Error(`unknown bench section ${unknown.join(', ')}: one of ${SECTIONS.join(', ')}`);
  const run = (s: Section) => asked.length === 0 || asked.includes(s);
  let first = true;
  const section = async (s: Section, body: () => unknown) => {
    if (!run(s)) return;
    if (!first) console.log('');
    first = false;
    await body();
  };
  await section('search', customerSearch);
  // bench/search-scale.ts, bench/mixed-load.ts: a real server process on SQLite and PostgreSQL
  await section('search-scale', async () =>
    searchScaleBench({ sqliteDir: dir, terms: terms(), built: await ensureCustomers() }),
  );
  await section('mixed', async () =>
    mixedLoadBench({ sqliteDir: dir, terms: terms(), built: await ensureCustomers() }),
  );
  await section('backup', async () => backupBench({ sqliteDir: dir, built: await ensureCustomers() }));
  await stopBenchPostgres(); // the throwaway cluster both sections shared (a no-op when neither ran)
  await section('address', addressBench); // bench/address.ts: the address register over 1,000,000 addresses
  await section('size', portalSize);
  await section('weight', () => weightBench()); // bench/size.ts: the first signed-in screen's JS against a hello world
  await section('lighthouse', () => lighthouseBench()); // bench/lighthouse.ts: three pages beside a hello world, mobile and desktop
  await section('boot-tasks', () => bootTasksBench()); // bench/boot-tasks.ts: the boot's main-thread tasks in a Chromium trace
  await section('api', apiLatency);
  await section('perf-api', perfApiBench); // bench/perf-api.ts: getUserContext against bare Fastify, autocannon
  await section('rolling', rollingBench); // bench/rolling.ts: both processes restarted in turn behind nginx under load
  await section('keepalive', keepaliveBench); // bench/keepalive.ts: why the rolling bench raises nginx's keepalive_requests
  await section('rights', rightsBench); // bench/rights.ts: the rights list of a customer with 10,000 users
  await section('rights-ui', rightsUiBench); // bench/rights-ui.ts: the same list in Chromium, keystroke and page change → paint
  await section('leak', leakBench);
}

/** The cached database with N generated customers, built when missing (or asked with --rebuild): the build's ms, or null. */
let ensured: Promise<number | null> | null = null;
const ensureCustomers = () => (ensured ??= ensureCustomersOnce());
async function ensureCustomersOnce(): Promise<number | null> {
  const rebuild = process.argv.includes('--rebuild');
  let buildMs: number | null = null;
  const sqCheck = existsSync(file) ? new SQLite(file, { readonly: true }) : null;
  const ready = sqCheck
    ? (sqCheck.prepare("SELECT value FROM meta WHERE key = 'bench.search-rows'").get() as { value: string } | undefined)
    : undefined;
  sqCheck?.close();
  if (rebuild || !ready) {
    console.log(`Building ${dir} with ${N.toLocaleString('en')} generated customers…`);
    buildMs = await build();
  }
  return buildMs;
}

async function customerSearch() {
  const buildMs = await ensureCustomers();
  const db: Db = openDb(dir);
  const count = db.selectFrom('customers').select((eb) => eb.fn.countAll<number>().as('n'));
  const { n } = await count.executeTakeFirstOrThrow();
  const tokens = await db
    .selectFrom('customer_search_tokens')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();

  const app = await createApp({ db, clock: systemClock, env: testEnv({ dataDir: dir }), ui: { kind: 'none' } });
  await app.ready();
  const kristi = await db.selectFrom('persons').select('fgid').where('key', '=', 'kristi').executeTakeFirstOrThrow();
  const sid = `bench-${Date.now()}`;
  await db
    .insertInto('sessions')
    .values({
      id: sid,
      person_fgid: kristi.fgid,
      represented_gid: null,
      language: 'EST',
      dead_seen: '[]',
      created_at: new Date().toISOString(),
      expires_at: new Date(Date.now() + 3600_000).toISOString(),
    })
    .execute();
  const headers = {
    cookie: `EPIT-SESSION=${sid}; EPIT-XSRF-TOKEN=bench`,
    'x-xsrf-token': 'bench',
    'content-type': 'application/json',
  };

  const list = terms();
  // warm-up: page cache and prepared statements, as in a running server
  for (const term of list.slice(0, 30)) await searchCustomers(db, term);

  const routeMs: number[] = [];
  const queryMs: number[] = [];
  let hits = 0;
  let slowest = { term: '', ms: 0 };
  for (const term of list) {
    let t = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: '/api/customer-search/customer',
      headers,
      payload: JSON.stringify({ value: term }),
    });
    const ms = performance.now() - t;
    routeMs.push(ms);
    if (res.statusCode !== 200) throw new Error(`search "${term}" answered ${res.statusCode}: ${res.body}`);
    if (res.json<{ value: unknown[] }>().value.length) hits++;
    if (ms > slowest.ms) slowest = { term, ms };
    t = performance.now();
    await searchCustomers(db, term);
    queryMs.push(performance.now() - t);
  }
  await db.deleteFrom('sessions').where('id', '=', sid).execute();

  console.log(
    `customer search over ${Number(n).toLocaleString('en')} customers (${Number(tokens.n).toLocaleString('en')} index tokens), ${list.length} varied searches, ${hits} with results`,
  );
  console.log(
    buildMs === null
      ? 'build: cached (npm run bench -- --rebuild to build again)'
      : `build: ${(buildMs / 1000).toFixed(1)} s`,
  );
  console.log(`route (app.inject, session + validation + query + JSON): ${fmt(stats(routeMs))}`);
  console.log(`query alone (searchCustomers):                          ${fmt(stats(queryMs))}`);
  console.log(`slowest: "${slowest.term}" ${slowest.ms.toFixed(2)} ms`);
  await app.close();
  await db.destroy();
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
const sizes = (file: string) => {
  const buf = readFileSync(file);
  return { raw: buf.length, gzip: gzipSync(buf).length };
};

/** Size of the built portal: the first page's JS + CSS (dist/index.html and the entry's static imports), all assets, largest chunks. */
function portalSize() {
  const dist = path.join(root, 'dist');
  const index = path.join(dist, 'index.html');
  if (!existsSync(index)) {
    console.log('dist/index.html missing: running npm run build…');
    const r = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) throw new Error(`npm run build exited with ${r.status}`);
  }
  const html = readFileSync(index, 'utf8');
  // /ui/assets/x.js → dist/assets/x.js (the portal is served under /ui/)
  const local = (url: string) => path.join(dist, url.replace(/^\/ui\//, '').replace(/^\//, ''));
  const attr = (tag: string, name: string) => new RegExp(`\\b${name}="([^"]+)"`).exec(tag)?.[1];
  const entries: string[] = [];
  const css = new Set<string>();
  const js = new Set<string>();
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/g)) {
    const src = attr(tag, 'src') ?? attr(tag, 'href');
    if (!src || /^(data:|https?:)/.test(src)) continue;
    if (tag.startsWith('<script') && /type="module"/.test(tag)) entries.push(local(src));
    else if (/rel="modulepreload"/.test(tag)) js.add(local(src));
    else if (/rel="stylesheet"/.test(tag)) css.add(local(src));
  }
  // follow static imports (import … from "./x.js", import "./x.js", export … from "./x.js"); import("…") is lazy and left out
  const queue = [...entries];
  while (queue.length) {
    const file = queue.shift()!;
    if (js.has(file) && !entries.includes(file)) continue;
    js.add(file);
    const code = readFileSync(file, 'utf8');
    for (const m of code.matchAll(/\b(?:import|export)\s*(?:[\w$*{}\s,]*?\bfrom\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g)) {
      const dep = path.resolve(path.dirname(file), m[1]);
      if (!js.has(dep) && existsSync(dep)) queue.push(dep);
    }
  }
  const sum = (files: Iterable<string>) =>
    [...files].map(sizes).reduce((a, b) => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip }), { raw: 0, gzip: 0 });
  const fmtSize = (s: { raw: number; gzip: number }) => `${kb(s.raw)} raw / ${kb(s.gzip)} gzip`;
  const entry = sum(entries);
  const firstJs = sum(js);
  const firstCss = sum(css);
  // the folder keeps the builds before this one too (tools/build/keep-builds.ts): only this build's files count
  const mine = currentBuild(dist)?.files;
  const assets = readdirSync(path.join(dist, 'assets'))
    .filter((f) => /\.(js|css)$/.test(f) && (!mine || mine.has(`assets/${f}`)))
    .map((f) => path.join(dist, 'assets', f));
  const allJs = assets.filter((f) => f.endsWith('.js'));
  const allCss = assets.filter((f) => f.endsWith('.css'));
  const rel = (f: string) => path.relative(dist, f);
  console.log(
    `portal size (dist/ built ${new Date(statSync(index).mtimeMs).toISOString().slice(0, 16).replace('T', ' ')} UTC; gzip at zlib's default level)`,
  );
  const row = (label: string, size: { raw: number; gzip: number }, note = '') =>
    console.log(`${label.padEnd(48)} ${fmtSize(size)}${note}`);
  row(`first page, entry JS (${entries.map(rel).join(', ')})`, entry);
  row(`first page, JS with static imports (${js.size} files)`, firstJs);
  row(`first page, CSS (${css.size} file${css.size === 1 ? '' : 's'})`, firstCss);
  row(
    'first page, JS + CSS',
    { raw: firstJs.raw + firstCss.raw, gzip: firstJs.gzip + firstCss.gzip },
    '  (route chunks loaded with import() come on top)',
  );
  row(`all assets, ${allJs.length} JS files`, sum(allJs));
  row(`all assets, ${allCss.length} CSS files`, sum(allCss));
  console.log('largest chunks:');
  for (const f of allJs
    .map((f) => ({ f, ...sizes(f) }))
    .sort((a, b) => b.raw - a.raw)
    .slice(0, 5)) {
    console.log(
      `  ${rel(f.f).padEnd(44)} ${kb(f.raw).padStart(9)} raw / ${kb(f.gzip).padStart(8)} gzip${js.has(f.f) ? '  (first page)' : ''}`,
    );
  }
}

/** context/getUserContext and context/checkDeadApplications through the real routes, on a fresh in-memory database. */
async function apiLatency() {
  const CALLS = 300;
  const t = await makeTestApp();
  try {
    const mari = await t.login('mari');
    const jaan = await t.login('jaan');
    const rights = (c: Awaited<ReturnType<typeof t.login>>) =>
      c.get('/api/context/getUserContext').then((r) => {
        if (r.statusCode !== 200) throw new Error(`getUserContext answered ${r.statusCode}: ${r.body}`);
        const cache = r.json<{
          epitPrincipal: { representationRightsCache: Record<string, { userRoleList: unknown[] }> };
        }>().epitPrincipal.representationRightsCache;
        const entries = Object.values(cache);
        return `${entries.length} rights, ${entries.reduce((n, e) => n + e.userRoleList.length, 0)} roles`;
      });
    const series = async (label: string, call: () => Promise<{ statusCode: number; body: string }>) => {
      for (let i = 0; i < 20; i++) await call(); // warm-up
      const ms: number[] = [];
      for (let i = 0; i < CALLS; i++) {
        const t0 = performance.now();
        const res = await call();
        ms.push(performance.now() - t0);
        if (res.statusCode !== 200) throw new Error(`${label} answered ${res.statusCode}: ${res.body}`);
      }
      const s = stats(ms);
      console.log(
        `${label.padEnd(56)} p50 ${s.p50.toFixed(2)} ms · p95 ${s.p95.toFixed(2)} ms · p99 ${s.p99.toFixed(2)} ms`,
      );
    };
    console.log(`API latency (app.inject on a fresh in-memory database, ${CALLS} calls each after 20 warm-up calls)`);
    const [mariRights, jaanRights] = [await rights(mari), await rights(jaan)];
    await series(`context/getUserContext, mari (${mariRights})`, () => mari.get('/api/context/getUserContext'));
    await series(`context/getUserContext, jaan (${jaanRights})`, () => jaan.get('/api/context/getUserContext'));
    await series('context/checkDeadApplications, mari', () => mari.get('/api/context/checkDeadApplications'));
  } finally {
    await t.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
