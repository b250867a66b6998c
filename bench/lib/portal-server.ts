/**
 * A real portal server process for the load benches (bench/mixed-load.ts, bench/search-scale.ts): `server/main.ts`
 * as `npm start` runs it, on SQLite (a DATA_DIR) or PostgreSQL (DATABASE_URL), with its request log written to a
 * file (as a deployment would send it to a log collector), and a sampler of its resident memory (VmRSS).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import { freePort } from '../../server/test/processes.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** What the bench sections on a real server process get from bench/run.ts: the cached customer database. */
export interface BenchDatabase {
  sqliteDir: string;
  terms: string[];
  /** ms the SQLite database took to build in this run, or null when cached */
  built: number | null;
}

export interface PortalServer {
  base: string;
  pid: number;
  /** the file with the process's stdout and stderr (its request log) */
  logFile: string;
  /** VmRSS in bytes now, or null once the process is gone */
  rss(): number | null;
  /** SIGTERM and wait for the exit (a clean shutdown): its exit code */
  stop(): Promise<number | null>;
}

/** VmRSS of a process in bytes, read from /proc (Linux); null when the process is gone. */
export function rssOf(pid: number): number | null {
  try {
    const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : null;
  } catch {
    return null;
  }
}

const ended = (c: ChildProcess) => c.exitCode !== null || c.signalCode !== null;

/**
 * Starts `node --import tsx server/main.ts` with `env` (DATABASE_URL, or DATA_DIR for SQLite) and resolves once it
 * answers HTTP. A placeholder build in a temporary DIST_DIR keeps it from building the portal. `port`: the port to
 * listen on (a process started again behind a load balancer takes its old one), else a free one.
 */
export async function startPortalServer(
  label: string,
  env: Record<string, string>,
  opts: { port?: number } = {},
): Promise<PortalServer> {
  const tmp = mkdtempSync(path.join(tmpdir(), `epit-bench-${label}-`));
  writeFileSync(path.join(tmp, 'index.html'), '<!doctype html><title>placeholder</title>');
  const logFile = path.join(tmp, 'server.log');
  const fd = openSync(logFile, 'w');
  const port = opts.port ?? (await freePort());
  // BENCH_SERVER_NODE_ARGS: more node flags for the server, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to see where
  // its time goes under load (the profile is written when it stops)
  // The heap cap is the one `npm start` runs with (package.json): without it V8 sizes the old space from the
  // machine's memory and lets garbage pile up far past the ~40 MB that stays live.
  const nodeArgs = [
    '--max-old-space-size=512',
    ...(process.env.BENCH_SERVER_NODE_ARGS ?? '').split(/\s+/).filter(Boolean),
  ];
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: '',
      ...env,
      PORT: String(port),
      APPS_PORT: String(await freePort()),
      HOST: '127.0.0.1',
      // a real build when the bench gives one (bench/rolling.ts: a release), else the placeholder
      DIST_DIR: env.DIST_DIR ?? tmp,
      RUN_MODE: 'test',
    },
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  const base = `http://127.0.0.1:${port}`;
  const logTail = () => readFileSync(logFile, 'utf8').slice(-4000);
  const stop = async () => {
    if (!ended(child)) {
      const exit = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exit;
    }
    // keep the log when the bench asks for it (BENCH_KEEP_LOGS=1), to read what the server said under load
    if (process.env.BENCH_KEEP_LOGS !== '1') rmSync(tmp, { recursive: true, force: true });
    return child.exitCode;
  };
  const until = Date.now() + 120_000;
  for (;;) {
    if (ended(child))
      throw new Error(`the ${label} server ended (${child.exitCode ?? child.signalCode}):\n${logTail()}`);
    try {
      if ((await fetch(`${base}/api/context/getSimpleUserContext`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) {
      await stop();
      throw new Error(`the ${label} server did not answer within 120 s:\n${logTail()}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { base, pid: child.pid!, logFile, rss: () => rssOf(child.pid!), stop };
}

/** Samples a process's VmRSS every `everyMs` until stopped: the largest value, and the first and last ones. */
export function sampleRss(server: PortalServer, everyMs = 250) {
  let max = 0;
  let first: number | null = null;
  let last: number | null = null;
  const take = () => {
    const v = server.rss();
    if (v === null) return;
    first ??= v;
    last = v;
    if (v > max) max = v;
  };
  take();
  const timer = setInterval(take, everyMs);
  return {
    stop() {
      clearInterval(timer);
      take();
      return { max, first: first ?? 0, last: last ?? 0 };
    },
  };
}

export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** "1,000,016 customers in .bench/customers-1000000 (cached)": what the load benches run on. */
export function describeBenchDb(sqliteDir: string, built: number | null): string {
  const sq = new SQLite(path.join(sqliteDir, 'portal.sqlite'), { readonly: true });
  try {
    const { n } = sq.prepare<[], { n: number }>('select count(*) as n from customers').get()!;
    const how = built === null ? 'cached' : `built in ${(built / 1000).toFixed(0)} s`;
    return `${n.toLocaleString('en')} customers (${path.relative(root, sqliteDir)}, ${how})`;
  } finally {
    sq.close();
  }
}

/**
 * What the server itself measured (its request log, server/security/request-log.ts: `ms` from the request's arrival
 * to the answer) for the requests answered between `from` and `to` (epoch ms), all routes or one: the server's own
 * share of the latency, without the time a request waited in the socket or in the load generator.
 */
export function serverTimes(logFile: string, from: number, to: number, route?: string): number[] {
  const out: number[] = [];
  for (const line of readFileSync(logFile, 'utf8').split('\n')) {
    if (!line.startsWith('{') || !line.includes('"msg":"request"')) continue;
    const entry = JSON.parse(line) as { time?: number; ms?: number; route?: string | null };
    if (typeof entry.ms !== 'number' || typeof entry.time !== 'number') continue;
    if (entry.time < from || entry.time > to || (route && entry.route !== route)) continue;
    out.push(entry.ms);
  }
  return out;
}
