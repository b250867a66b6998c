/**
 * PostgreSQL for the load benches: a throwaway cluster (tools/pg/with-cluster, PostgreSQL 15, stopped and removed
 * when the bench ends) holding the same 1,000,000 generated customers as the cached SQLite bench database.
 *
 * The database is made the portal's way (migrations, demo seed, search index of the demo data, through the server's
 * own code), then the generated customers and all their search tokens are bulk-loaded from the SQLite file with
 * COPY (psql, CSV on its standard input) with the token and registry-code indexes dropped and rebuilt afterwards,
 * then VACUUM ANALYZE (statistics, and the visibility map that index-only scans need). Once per bench run, shared
 * by the sections that ask for it; about a minute on two cores.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { Socket } from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { openDb } from '../../server/db/index.js';
import { prepareDb } from '../../server/db/prepare.js';
import { systemClock } from '../../server/lib/clock.js';
import { rebuildSearchIndex } from '../../server/routes/customer-search/search-index.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

let cluster: Promise<{ url: string; child: ChildProcess }> | null = null;

/** Starts the throwaway cluster once per bench process; its server address (database `postgres`). */
function startCluster(): Promise<{ url: string; child: ChildProcess }> {
  cluster ??= new Promise((resolve, reject) => {
    const child = spawn(path.join(root, 'tools/pg/with-cluster'), [], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, PG_PORT: process.env.BENCH_PG_PORT ?? '56432' },
    });
    let out = '';
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /^DATABASE_URL=(\S+)$/m.exec(out);
      if (!m) return;
      // the bench may end without stopping it: the exit handler below does, so nothing here holds the bench open
      child.unref();
      for (const s of [child.stdout, child.stderr]) if (s instanceof Socket) s.unref();
      resolve({ url: m[1], child });
    });
    child.once('exit', (code) => reject(new Error(`tools/pg/with-cluster ended (${code}):\n${err}`)));
    // the cluster must not outlive the bench, whatever way it ends
    process.once('exit', () => child.kill('SIGTERM'));
  });
  return cluster;
}

/** Stops the cluster (SIGTERM: with-cluster stops PostgreSQL and removes its folder). */
export async function stopBenchPostgres(): Promise<void> {
  if (!cluster) return;
  const { child } = await cluster.catch(() => ({ child: null }));
  cluster = null;
  loaded.clear();
  if (!child || child.exitCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
}

const withDatabase = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

/** A CSV field: NULL unquoted and empty, anything else quoted (SQLite gives text, numbers and null here). */
function csv(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return `"${v.replaceAll('"', '""')}"`;
  if (typeof v === 'number' || typeof v === 'bigint') return `"${v}"`;
  throw new Error(`a value COPY cannot take as CSV: ${typeof v}`);
}

/** COPY `table (columns)` FROM STDIN through psql, fed with `rows` as CSV; the number of rows sent. */
async function copyIn(url: string, table: string, columns: string[], rows: Iterable<unknown[]>): Promise<number> {
  const psql = spawn(
    path.join(PG_BIN, 'psql'),
    [url, '-v', 'ON_ERROR_STOP=1', '-q', '-c', `COPY ${table} (${columns.join(', ')}) FROM STDIN (FORMAT csv)`],
    { stdio: ['pipe', 'ignore', 'pipe'] },
  );
  let err = '';
  psql.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const exited = once(psql, 'exit') as Promise<[number | null]>;
  let n = 0;
  let chunk = '';
  for (const row of rows) {
    chunk += `${row.map(csv).join(',')}\n`;
    n++;
    if (chunk.length > 1 << 20) {
      if (!psql.stdin.write(chunk)) await once(psql.stdin, 'drain');
      chunk = '';
    }
  }
  psql.stdin.end(chunk);
  const [code] = await exited;
  if (code !== 0) throw new Error(`COPY ${table} failed (psql ${code}): ${err}`);
  return n;
}

const loaded = new Map<string, Promise<{ url: string; seconds: number }>>();

/**
 * A database on the bench cluster with what the SQLite bench database `sqliteFile` holds: the demo data made by the
 * portal's own migrations and seed, plus every other customer and all customer search tokens copied over.
 */
export function benchPostgres(sqliteFile: string): Promise<{ url: string; seconds: number }> {
  let p = loaded.get(sqliteFile);
  if (!p) loaded.set(sqliteFile, (p = load(sqliteFile)));
  return p;
}

/** What the SQLite bench database was built with (meta `bench.customers`), to know a loaded copy of it. */
function builtWith(sqliteFile: string): string {
  const sq = new SQLite(sqliteFile, { readonly: true });
  try {
    const row = sq.prepare<[], { value: string }>("select value from meta where key = 'bench.customers'").get();
    return row?.value ?? 'unknown';
  } finally {
    sq.close();
  }
}

async function load(sqliteFile: string): Promise<{ url: string; seconds: number }> {
  const t0 = performance.now();
  // BENCH_PG_URL: a PostgreSQL server of your own (tools/pg/with-cluster without a command keeps one), where a
  // database loaded by an earlier run is used again; otherwise a throwaway cluster for this run
  const serverUrl = process.env.BENCH_PG_URL ?? (await startCluster()).url;
  const name = 'epit_bench';
  const url = withDatabase(serverUrl, name);
  const mark = `${builtWith(sqliteFile)} customers, ${path.basename(path.dirname(sqliteFile))}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    if ((await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount) {
      const probe = new pg.Client({ connectionString: url });
      await probe.connect();
      const found = await probe
        .query<{ value: string }>("select value from meta where key = 'bench.loaded'")
        .catch(() => ({ rows: [] }));
      await probe.end();
      if (found.rows[0]?.value === mark) {
        console.log(`  PostgreSQL: ${name} on ${serverUrl} already holds them (BENCH_PG_URL)`);
        return { url, seconds: 0 };
      }
    }
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }

  const db = openDb(null, url);
  await prepareDb(db, systemClock);
  await rebuildSearchIndex(db); // the demo's tokens and the meta mark, as the first search would make them
  await db.destroy();

  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const existing = new Set((await c.query<{ jgid: string }>('select jgid from customers')).rows.map((r) => r.jgid));
  const pgColumns = new Set(
    (
      await c.query<{ column_name: string }>(
        "select column_name from information_schema.columns where table_schema = 'public' and table_name = 'customers'",
      )
    ).rows.map((r) => r.column_name),
  );
  const indexes = (
    await c.query<{ indexname: string; indexdef: string }>(
      `select indexname, indexdef from pg_indexes where schemaname = 'public'
         and (tablename = 'customer_search_tokens' or indexname = 'customers_reg_code')`,
    )
  ).rows;
  for (const i of indexes) await c.query(`drop index ${i.indexname}`);
  await c.query('truncate customer_search_tokens');

  const sq = new SQLite(sqliteFile, { readonly: true });
  try {
    const columns = (sq.pragma('table_info(customers)') as { name: string }[])
      .map((col) => col.name)
      .filter((col) => pgColumns.has(col));
    const customers = function* () {
      const it = sq
        .prepare(`select ${columns.join(', ')} from customers`)
        .raw()
        .iterate() as IterableIterator<unknown[]>;
      const j = columns.indexOf('jgid');
      for (const row of it) if (!existing.has(row[j] as string)) yield row;
    };
    process.stdout.write('  PostgreSQL: copying customers…');
    const nc = await copyIn(url, 'customers', columns, customers());
    process.stdout.write(` ${nc.toLocaleString('en')}; search tokens…`);
    const tokens = sq
      .prepare('select token, sort_key, jgid, name, reg_code, country, words from customer_search_tokens')
      .raw()
      .iterate() as IterableIterator<unknown[]>;
    const cols = ['token', 'sort_key', 'jgid', 'name', 'reg_code', 'country', 'words']; // migration 0260
    const nt = await copyIn(url, 'customer_search_tokens', cols, tokens);
    process.stdout.write(` ${nt.toLocaleString('en')}; indexing…`);
  } finally {
    sq.close();
  }
  await c.query("set maintenance_work_mem = '512MB'");
  for (const i of indexes) await c.query(i.indexdef);
  await c.query('vacuum analyze customers, customer_search_tokens');
  await c.query("insert into meta (key, value) values ('bench.loaded', $1)", [mark]);
  await c.end();
  const seconds = (performance.now() - t0) / 1000;
  process.stdout.write(` done in ${seconds.toFixed(0)} s\n`);
  return { url, seconds };
}
