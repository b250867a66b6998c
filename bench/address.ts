/**
 * npm run bench -- address — the address register (gazetteer) simulator's prefix search over 1,000,000 generated
 * Estonian addresses (BENCH_ADDRESSES to change the number).
 *
 * Builds once (cached in .bench/addresses-N/, gitignored; `-- --rebuild` to redo) a database with the demo data and
 * N addresses made from the real county, municipality, town and street names of server/sim/address/names.ts plus
 * generated street, village and farm names, then runs 200 varied searches as a person types them (2-character
 * prefixes, street words, street and house number, street and town, zip codes, whole addresses, misses):
 *  - through the portal's route GET /api/address/search (app.inject with a signed-in session; the route asks the
 *    simulator over its HTTP API, here looped back into the same app), and
 *  - through the register's query alone (searchAddresses).
 * Prints p50 / p95 / p99 / max in ms. No thresholds: figures only.
 */
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import { createApp } from '../server/app.js';
import { openDb } from '../server/db/index.js';
import { prepareDb } from '../server/db/prepare.js';
import { testEnv } from '../server/test/env.js';
import { systemClock } from '../server/lib/clock.js';
import { COUNTIES, FARMS, TOWNS, type County } from '../server/sim/address/names.js';
import {
  addressSortKey,
  fold,
  fullName,
  placeSortKey,
  placeTokens,
  searchAddresses,
  type AddressRow,
  type Place,
} from '../server/sim/address/register.js';
import { houseNumber, rng, streetZip } from '../server/sim/address/seed.js';
import { Client, demoPassword, executionOf, toPath } from '../server/test/helpers.js';
import { loopbackFetch } from '../server/test/loopback-fetch.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const N = Number(process.env.BENCH_ADDRESSES ?? 1_000_000);
const dir = path.join(root, '.bench', `addresses-${N}`);
const file = path.join(dir, 'portal.sqlite');
const RUNS = 200;

// Estonian-looking syllables for generated street, village and farm names
const SYL = [
  'ka',
  'se',
  'tam',
  'kuu',
  'saa',
  'mäe',
  'jõe',
  'le',
  'pa',
  'ki',
  'vi',
  'ran',
  'na',
  'met',
  'sa',
  'põl',
  'lu',
  've',
  're',
  'nõm',
  'me',
  'pi',
  'hla',
  'vah',
  'tra',
  'da',
  'ku',
  'sel',
  'ja',
  'ski',
  'nur',
  'mi',
  'o',
  'ala',
  'rii',
  'kõr',
  'ge',
  'ää',
  'ül',
  'vä',
];
const STREET_TYPES = ['tn', 'tn', 'tn', 'tee', 'pst', 'põik', 'allee'];
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function name(r: () => number, min = 2, extra = 2): string {
  const n = min + Math.floor(r() * (extra + 1));
  let s = '';
  for (let k = 0; k < n; k++) s += SYL[Math.floor(r() * SYL.length)];
  return cap(s);
}

interface Generated {
  place: Place;
  addresses: AddressRow[];
}

/** N addresses: 45 % on town streets (real ones first), the rest in generated villages of generated parishes. */
function* generate(): Generator<Generated> {
  const r = rng(9_000_001);
  let made = 0;
  let placeNo = 0;
  let padre = 3_000_000;
  const house = (h: string, zipCode: string): AddressRow => ({ padreId: String(padre++), house: h, zipCode });
  const perTown = Math.ceil((N * 0.45) / TOWNS.length);
  for (const t of TOWNS) {
    const names = new Set<string>();
    let count = 0;
    for (let i = 0; count < perTown && made < N; i++) {
      const streetName = i < t.streets.length ? t.streets[i] : `${name(r)} ${STREET_TYPES[Math.floor(r() * 7)]}`;
      if (names.has(streetName)) continue;
      names.add(streetName);
      const houses = new Set<string>();
      const n = Math.min(5 + Math.floor(r() ** 2 * 140), perTown - count, N - made);
      for (let k = 1; houses.size < n; k++) houses.add(r() < 0.08 ? `${k}a` : String(k));
      const zip = streetZip(t.zipFrom, t.zipSpan, i);
      const place: Place = {
        placeId: String(++placeNo),
        streetName,
        settlement: t.settlement,
        county: t.county.code,
        countyName: t.county.name,
        municipality: t.municipality,
        municipalityName: t.municipalityName,
      };
      yield { place, addresses: [...houses].map((h) => house(h, zip)) };
      count += houses.size;
      made += houses.size;
    }
  }
  // rural: six generated parishes per county, villages with farms and a few village streets
  const counties: County[] = Object.values(COUNTIES);
  const parishes = counties.flatMap((county, c) =>
    Array.from({ length: 6 }, (_, p) => ({
      county,
      municipality: String(1000 + c * 10 + p),
      municipalityName: `${name(r, 2, 1)} vald`,
      zipBase: 61000 + c * 1700 + p * 250,
    })),
  );
  for (let v = 0; made < N; v++) {
    const parish = parishes[v % parishes.length];
    const village = `${name(r, 2, 1)} ${r() < 0.8 ? 'küla' : 'alevik'}`;
    const zip = String(parish.zipBase + (Math.floor(v / parishes.length) % 250));
    const base = {
      settlement: village,
      county: parish.county.code,
      countyName: parish.county.name,
      municipality: parish.municipality,
      municipalityName: parish.municipalityName,
    };
    const farms = new Set<string>();
    const nFarms = 6 + Math.floor(r() * 25);
    while (farms.size < nFarms) farms.add(r() < 0.5 ? FARMS[Math.floor(r() * FARMS.length)] : name(r, 2, 1));
    for (const farm of farms) {
      if (made >= N) return;
      yield { place: { placeId: String(++placeNo), streetName: farm, ...base }, addresses: [house('', zip)] };
      made++;
    }
    const streets = Math.floor(r() * 3);
    for (let s = 0; s < streets && made < N; s++) {
      const n = Math.min(3 + Math.floor(r() * 40), N - made);
      const addresses = Array.from({ length: n }, () => house(houseNumber(r, 60), zip)).filter(
        (a, i, all) => all.findIndex((b) => b.house === a.house) === i,
      );
      yield {
        place: { placeId: String(++placeNo), streetName: `${name(r)} ${STREET_TYPES[s]}`, ...base },
        addresses,
      };
      made += addresses.length;
    }
  }
}

async function build(): Promise<number> {
  const t0 = performance.now();
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const db = openDb(dir);
  await prepareDb(db, systemClock);
  await db.destroy();

  const sq = new SQLite(file);
  sq.pragma('journal_mode = OFF');
  sq.pragma('synchronous = OFF');
  sq.exec(
    'DROP INDEX address_register_place; DROP INDEX address_register_zip; DROP INDEX address_register_tokens_token;',
  );
  const insP = sq.prepare(
    'INSERT INTO address_register_places (place_id, street_name, settlement, county, county_name, municipality, municipality_name, sort_key) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const insA = sq.prepare(
    'INSERT INTO address_register (padre_id, place_id, house, zip_code, full_name, sort_key) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const insT = sq.prepare('INSERT INTO address_register_tokens (token, sort_key, place_id) VALUES (?, ?, ?)');
  const write = sq.transaction((batch: Generated[]) => {
    for (const { place: p, addresses } of batch) {
      const key = placeSortKey(p);
      insP.run(p.placeId, p.streetName, p.settlement, p.county, p.countyName, p.municipality, p.municipalityName, key);
      for (const tok of placeTokens(p)) insT.run(tok, key, p.placeId);
      for (const a of addresses)
        insA.run(a.padreId, p.placeId, fold(a.house), a.zipCode, fullName(p, a), addressSortKey(key, fold(a.house)));
    }
  });
  let batch: Generated[] = [];
  let count = 0;
  for (const g of generate()) {
    batch.push(g);
    count += g.addresses.length;
    if (batch.length >= 5_000) {
      write(batch);
      batch = [];
      process.stdout.write(`\r  generated ${count.toLocaleString('en')} addresses`);
    }
  }
  write(batch);
  process.stdout.write(`\r  generated ${count.toLocaleString('en')} addresses\n  indexing…\n`);
  sq.exec(`CREATE INDEX address_register_place ON address_register (place_id, sort_key);
           CREATE INDEX address_register_zip ON address_register (zip_code, sort_key);
           CREATE INDEX address_register_tokens_token ON address_register_tokens (token, sort_key, place_id);
           ANALYZE;`);
  sq.prepare("INSERT INTO meta (key, value) VALUES ('bench.addresses', ?)").run(String(N));
  sq.close();
  return performance.now() - t0;
}

/** What people type into an address box, drawn from the register itself. */
function terms(sq: SQLite.Database): string[] {
  const r = rng(77);
  const places = sq.prepare('SELECT count(*) AS n FROM address_register_places').get() as { n: number };
  const placeAt = sq.prepare(
    'SELECT p.street_name, p.settlement, a.house, a.zip_code FROM address_register_places p JOIN address_register a ON a.place_id = p.place_id WHERE p.rowid = ? LIMIT 1',
  );
  const sample = () =>
    placeAt.get(1 + Math.floor(r() * places.n)) as {
      street_name: string;
      settlement: string;
      house: string;
      zip_code: string;
    };
  const first = (s: string) => s.split(/[ -]/)[0];
  const realStreets = TOWNS.flatMap((t) => t.streets.map((s) => ({ street: s, town: t.settlement })));
  const pick = <T>(a: T[]) => a[Math.floor(r() * a.length)];
  const out: string[] = [];
  for (let i = 0; i < 25; i++) out.push(first(pick(realStreets).street).slice(0, 2 + Math.floor(r() * 4)));
  for (let i = 0; i < 25; i++) {
    const s = sample();
    out.push(
      first(s.street_name)
        .slice(0, 3 + Math.floor(r() * 4))
        .toLowerCase(),
    );
  }
  for (let i = 0; i < 30; i++) {
    const s = sample();
    out.push(s.house ? `${s.street_name} ${s.house}` : `${s.street_name} ${first(s.settlement)}`);
  }
  for (let i = 0; i < 25; i++) {
    const s = pick(realStreets);
    out.push(`${first(s.street)} ${first(s.town).slice(0, 4)}`);
  }
  for (let i = 0; i < 20; i++) {
    const s = sample();
    out.push(`${s.street_name} ${s.house}, ${s.settlement}, ${s.zip_code}`.replace(/ ,/, ','));
  }
  for (let i = 0; i < 20; i++) out.push(sample().zip_code.slice(0, 3 + Math.floor(r() * 3)));
  for (let i = 0; i < 20; i++)
    out.push(
      pick(['tallinn', 'tartu', 'pärnu', 'harju', 'narva', 'lasnamäe', 'kesklinna', 'viljandi', 'küla', 'mustamäe']),
    );
  for (let i = 0; i < 15; i++) out.push(pick(['na', 'ka', 'ta', 'pä', 'mä', 'ri', 'ko', 'sõ']));
  for (let i = 0; i < 10; i++) out.push(pick(['qwx', 'zzyzx tn', 'xylofon 5', 'tallinn 99999', 'narva mnt 9999']));
  for (let i = 0; i < 10; i++) out.push(pick(['narva mnt 7', 'tamme tn 5 tartu', 'riia tartu', 'kuusalu']));
  return out.slice(0, RUNS);
}

function stats(ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
  return { p50: q(50), p95: q(95), p99: q(99), max: s[s.length - 1] };
}
const fmt = (x: ReturnType<typeof stats>) =>
  `p50 ${x.p50.toFixed(2)} ms · p95 ${x.p95.toFixed(2)} ms · p99 ${x.p99.toFixed(2)} ms · max ${x.max.toFixed(2)} ms`;

export async function addressBench(): Promise<void> {
  const rebuild = process.argv.includes('--rebuild');
  let buildMs: number | null = null;
  const check = existsSync(file) ? new SQLite(file, { readonly: true }) : null;
  const ready = check
    ? (check.prepare("SELECT value FROM meta WHERE key = 'bench.addresses'").get() as { value: string } | undefined)
    : undefined;
  check?.close();
  if (rebuild || !ready) {
    console.log(`Building ${dir} with ${N.toLocaleString('en')} generated addresses…`);
    buildMs = await build();
  }
  const sq = new SQLite(file, { readonly: true });
  const counts = sq
    .prepare(
      'SELECT (SELECT count(*) FROM address_register) AS a, (SELECT count(*) FROM address_register_places) AS p, (SELECT count(*) FROM address_register_tokens) AS t',
    )
    .get() as { a: number; p: number; t: number };
  const list = terms(sq);
  sq.close();

  const db = openDb(dir);
  const app = await createApp({
    db,
    clock: systemClock,
    env: testEnv({ dataDir: dir }),
    ui: { kind: 'none' },
    fetch: loopbackFetch(() => app),
  });
  await app.ready();
  try {
    // mari signs on through the sign-on simulator like a browser would
    const mari = new Client(app);
    const start = await mari.get('/api/security/login?target=%2Fui%2Fdashboard');
    const casUrl = toPath(start.headers.location as string);
    const service = new URL(casUrl, 'http://localhost').searchParams.get('service')!;
    const page = await mari.get(casUrl);
    const posted = await mari.request('POST', '/cas/login', {
      form: { service, username: 'mari', password: demoPassword('mari'), execution: executionOf(page.body) },
    });
    await mari.get(toPath(posted.headers.location as string));

    for (const term of list.slice(0, 30)) await searchAddresses(db, term, 10); // warm-up: page cache, statements
    const routeMs: number[] = [];
    const queryMs: number[] = [];
    let hits = 0;
    let slowest = { term: '', ms: 0 };
    for (const term of list) {
      let t = performance.now();
      const res = await mari.get(`/api/address/search?q=${encodeURIComponent(term)}`);
      const ms = performance.now() - t;
      if (res.statusCode !== 200) throw new Error(`address search "${term}" answered ${res.statusCode}: ${res.body}`);
      routeMs.push(ms);
      if (res.json<{ value: unknown[] }>().value.length) hits++;
      t = performance.now();
      await searchAddresses(db, term, 10);
      const q = performance.now() - t;
      queryMs.push(q);
      if (q > slowest.ms) slowest = { term, ms: q };
    }
    console.log(
      `address search over ${counts.a.toLocaleString('en')} addresses (${counts.p.toLocaleString('en')} streets and farms, ${counts.t.toLocaleString('en')} index tokens), ${list.length} varied searches, ${hits} with results`,
    );
    console.log(
      buildMs === null
        ? 'build: cached (npm run bench -- address --rebuild to build again)'
        : `build: ${(buildMs / 1000).toFixed(1)} s`,
    );
    console.log(`route (portal → register over HTTP, app.inject): ${fmt(stats(routeMs))}`);
    console.log(`prefix search alone (searchAddresses):          ${fmt(stats(queryMs))}`);
    console.log(`slowest query: "${slowest.term}" ${slowest.ms.toFixed(2)} ms`);
  } finally {
    await app.close();
    await db.destroy();
  }
}
