/**
 * npm run bench -- backup — how long `npm run backup` and `npm run restore` (server/ops/backup.ts) take, and how big
 * the backup is, for the demo data and for the search bench's 1,000,000 generated customers (.bench/customers-N,
 * bench/run.ts), on SQLite and on PostgreSQL (the bench's throwaway cluster, loaded with the same rows:
 * bench/lib/postgres.ts). Each restore goes into a new empty data folder or database; then a portal would start on
 * it, so the first query of the restored database (a count of the customers) is timed too. Figures only.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { openDb } from '../server/db/index.js';
import { prepareDb } from '../server/db/prepare.js';
import { systemClock } from '../server/lib/clock.js';
import { backup, restore, type Target } from '../server/ops/backup.js';
import { benchPostgres } from './lib/postgres.js';
import { describeBenchDb, type BenchDatabase } from './lib/portal-server.js';

const withDatabase = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

/** A new empty database beside `url`'s on the same server. */
async function emptyDatabase(url: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  return withDatabase(url, name);
}

async function customers(target: Target): Promise<{ n: number; ms: number }> {
  const t0 = performance.now();
  const db = target.databaseUrl ? openDb(null, target.databaseUrl, 1) : openDb(target.dataDir);
  try {
    const { n } = await db
      .selectFrom('customers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return { n: Number(n), ms: performance.now() - t0 };
  } finally {
    await db.destroy();
  }
}

/** Backs up `source` and restores it into `into`, printing one line with the sizes and times. */
async function roundTrip(label: string, source: Target, into: Target, tmp: string): Promise<void> {
  const file = path.join(tmp, `${label.replace(/\W+/g, '-')}.backup`);
  const saved = await backup(source, file);
  const restored = await restore(into, file);
  const first = await customers(into);
  console.log(
    `  ${label.padEnd(34)} backup ${(saved.bytes / 1e6).toFixed(1).padStart(6)} MB in ${saved.seconds.toFixed(2).padStart(6)} s,` +
      ` restore ${restored.seconds.toFixed(2).padStart(6)} s, then ${first.n.toLocaleString('en')} customers counted in ${(first.ms / 1000).toFixed(2)} s`,
  );
  rmSync(file, { force: true });
}

export async function backupBench({ sqliteDir, built }: Omit<BenchDatabase, 'terms'>): Promise<void> {
  console.log(`Backup and restore (server/ops/backup.ts) of the demo data and of ${describeBenchDb(sqliteDir, built)}`);
  const tmp = mkdtempSync(path.join(tmpdir(), 'epit-bench-backup-'));
  try {
    // the demo data: a fresh database seeded as the first start of `npm start` seeds it
    const demo = { dataDir: path.join(tmp, 'demo'), databaseUrl: null };
    const demoDb = openDb(demo.dataDir);
    await prepareDb(demoDb, systemClock);
    await demoDb.destroy();
    await roundTrip('SQLite, demo data', demo, { dataDir: path.join(tmp, 'demo-restored'), databaseUrl: null }, tmp);
    const n = (await customers({ dataDir: sqliteDir, databaseUrl: null })).n.toLocaleString('en');
    await roundTrip(
      `SQLite, ${n} customers`,
      { dataDir: sqliteDir, databaseUrl: null },
      { dataDir: path.join(tmp, 'big-restored'), databaseUrl: null },
      tmp,
    );
    rmSync(path.join(tmp, 'big-restored'), { recursive: true, force: true });

    const big = await benchPostgres(path.join(sqliteDir, 'portal.sqlite'));
    const demoUrl = await emptyDatabase(big.url, 'epit_bench_demo');
    const pgDemo = openDb(null, demoUrl, 2);
    await prepareDb(pgDemo, systemClock);
    await pgDemo.destroy();
    await roundTrip(
      'PostgreSQL, demo data',
      { dataDir: tmp, databaseUrl: demoUrl },
      { dataDir: tmp, databaseUrl: await emptyDatabase(big.url, 'epit_bench_demo_restored') },
      tmp,
    );
    await roundTrip(
      `PostgreSQL, ${n} customers`,
      { dataDir: tmp, databaseUrl: big.url },
      { dataDir: tmp, databaseUrl: await emptyDatabase(big.url, 'epit_bench_restored') },
      tmp,
    );
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
