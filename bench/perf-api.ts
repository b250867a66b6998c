/**
 * Bench section "perf-api" (the user context as fast as the framework): context/getUserContext on the
 * real server process against a bare Fastify route that returns the same JSON, side by side in one run.
 *
 * 1. Starts the real server as `npm start` does (server/main.ts, NODE_ENV=production, SQLite on a fresh temporary
 *    DATA_DIR seeded with the demo data, RUN_MODE=test, its request log written to a file as in production) on free
 *    ports, and signs mari in through the real sign-on flow: the security service, the sign-on page's form with its
 *    `execution` token, the CAS POST and the portal's callback that validates the ticket and opens the session.
 * 2. Captures mari's getUserContext answer and starts a second, minimal process: Fastify without plugins or hooks,
 *    one GET route that returns that same object (Fastify serialises it per request, as the portal does).
 * 3. Runs autocannon (its own process) with 50 connections against each, a short warm-up first, then
 *    BENCH_API_SECONDS (default 10) each, the real route first and the bare one right after, so both see the same
 *    load on the machine, and prints requests/s, p50/p99, the CPU each process spent per request (from /proc) and
 *    the two ratios of the targets: bare's CPU per request / getUserContext's (≥ 0.8, i.e. at most 1.25× bare's)
 *    and getUserContext's p99 / bare's p99 (≤ 1.5). Both are ratios within one run, so a busy machine moves both
 *    sides; the load average is printed too.
 * 4. Does all that once per setting of the real server: by default with its Prometheus metrics on (METRICS_PORT,
 *    server/ops/metrics.ts, as a deployment runs) and again with them off. The request log is on in both, as in
 *    production. BENCH_API_TRACING=1 adds OpenTelemetry tracing to every setting: the server gets
 *    OTEL_EXPORTER_OTLP_ENDPOINT pointing at a sink this bench runs on the loopback (it answers every export with
 *    200 and counts them), so the spans are made, batched and sent as in production, to nowhere else.
 *
 *   npm run bench -- perf-api
 *   BENCH_API_SECONDS=20 BENCH_API_CONNECTIONS=50 npm run bench -- perf-api
 *   BENCH_API_METRICS=1 npm run bench -- perf-api        # only with metrics (0: only without; default: both)
 *   BENCH_API_TRACING=1 npm run bench -- perf-api        # with OpenTelemetry tracing on (OTLP to a local sink)
 *   BENCH_API_ROUNDS=5 npm run bench -- perf-api         # five rounds of the pair, alternating; medians decide (one
 *                                                        # run's CPU per request moves by ±4 µs on a quiet machine)
 *   BENCH_API_PROCESSES=3 npm run bench -- perf-api      # three pairs of fresh processes per setting, each for
 *                                                        # BENCH_API_ROUNDS rounds; medians over all (a process's
 *                                                        # figure can sit 10 µs from the next one's, same code)
 *   BENCH_API_ENCODING=1 npm run bench -- perf-api       # also getUserContext with a browser's Accept-Encoding (its
 *                                                        # answer compressed; bare Fastify's never is: no ratio)
 *   BENCH_CPU_PROF=/tmp/prof npm run bench -- perf-api   # both servers write a V8 CPU profile there on exit (bare: bare/)
 *   BENCH_SERVER_NODE_ARGS=--single-threaded-gc npm run bench -- perf-api   # more node flags for the real server
 *   npx tsx bench/perf-api.ts                            # the same, without bench/run.ts
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdtempSync, openSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Fastify from 'fastify';
import { freePort } from '../server/test/processes.js';
import { signIn } from './portal-process.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SECONDS = Number(process.env.BENCH_API_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_API_CONNECTIONS ?? 50);
const WARM_UP_SECONDS = Number(process.env.BENCH_API_WARM_UP ?? 10);
const ROUTE = '/api/context/getUserContext';
/** which settings of the real server are measured: with metrics, without, or both (the default) */
const METRICS_SETTINGS: boolean[] =
  process.env.BENCH_API_METRICS === '1' ? [true] : process.env.BENCH_API_METRICS === '0' ? [false] : [true, false];
const TRACING = process.env.BENCH_API_TRACING === '1';
/** rounds of real server then bare per setting, after one warm-up; more than one prints each and decides by medians */
const ROUNDS = Math.max(1, Number(process.env.BENCH_API_ROUNDS ?? 1) || 1);
/** pairs of fresh processes per setting, each measured for ROUNDS rounds; the medians take them all */
const PROCESSES = Math.max(1, Number(process.env.BENCH_API_PROCESSES ?? 1) || 1);
/** what Chromium sends with every call: the context is answered compressed (server/lib/json-text.ts keeps those bytes) */
const BROWSER_ENCODING = process.env.BENCH_API_ENCODING === '1' ? 'gzip, deflate, br, zstd' : null;
/** the user-context targets: CPU per request at most 1.25× bare Fastify's, p99 at most 1.5× bare's, in one run */
const MIN_CPU_RATIO = 0.8;
const MAX_P99_RATIO = 1.5;
/** A ratio to two decimals, or to three where two would round it onto its target from the wrong side (0.798). */
const ratioText = (ratio: number, target: number, ok: boolean) =>
  !ok && ratio.toFixed(2) === target.toFixed(2) ? ratio.toFixed(3) : ratio.toFixed(2);

async function waitFor(url: string, child: ChildProcess, what: string, log: () => string): Promise<void> {
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}:\n${log()}`);
    const ok = await fetch(url)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${what} did not answer at ${url}:\n${log()}`);
}

function stop(child: ChildProcess | null): Promise<void> {
  if (!child || child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

interface Figures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  total: number;
}

/** autocannon in its own process (so its work does not share this process's event loop), JSON result. */
function autocannon(url: string, seconds: number, headers: Record<string, string>): Promise<Figures> {
  const args = [path.join(root, 'node_modules/autocannon/autocannon.js'), '-j', '-n'];
  args.push('-c', String(CONNECTIONS), '-d', String(seconds));
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}=${v}`);
  args.push(url);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => void (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => void (err += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited with ${code}: ${err}`));
      const r = JSON.parse(out.trim().split('\n').pop() ?? '{}') as {
        requests: { average: number; total: number };
        latency: { p50: number; p99: number };
        errors: number;
        non2xx: number;
      };
      resolve({
        requestsPerSecond: r.requests.average,
        p50: r.latency.p50,
        p99: r.latency.p99,
        errors: r.errors,
        non2xx: r.non2xx,
        total: r.requests.total,
      });
    });
  });
}

/** The bare process: Fastify, no plugins, no hooks, one route returning the captured object. */
async function bareServer(port: number, file: string): Promise<void> {
  const body = JSON.parse(readFileSync(file, 'utf8')) as unknown;
  const app = Fastify({ logger: false });
  app.get(ROUTE, () => body);
  await app.listen({ port, host: '127.0.0.1' });
  // a clean exit, so that `--cpu-prof` (BENCH_CPU_PROF) writes its profile
  process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
}

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux); null elsewhere. */
function cpuMs(pid: number | undefined): number | null {
  try {
    // fields after the command name (which is in parentheses and may hold spaces): utime and stime are 14th and 15th
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return (ticks * 1000) / CLOCK_TICKS;
  } catch {
    return null;
  }
}
/** USER_HZ: 100 on every Linux this runs on (sysconf(_SC_CLK_TCK) is not reachable from Node) */
const CLOCK_TICKS = 100;

/** autocannon against `url` while counting the CPU time of the server process `pid`: µs of CPU per request. */
async function measure(url: string, seconds: number, headers: Record<string, string>, pid: number | undefined) {
  const before = cpuMs(pid);
  const figures = await autocannon(url, seconds, headers);
  const after = cpuMs(pid);
  const cpuPerRequest = before !== null && after !== null ? ((after - before) * 1000) / figures.total : null;
  return { ...figures, cpuPerRequest };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');

/**
 * A stand-in OTLP/HTTP collector on the loopback: reads each export, answers 200 with an empty message (a valid
 * ExportTraceServiceResponse in protobuf, `{}` in JSON) and counts the exports and their bytes.
 */
async function otlpSink(port: number): Promise<{ close(): Promise<void>; exports: () => number; bytes: () => number }> {
  let exports = 0;
  let bytes = 0;
  const server = createServer((req, res) => {
    req.on('data', (d: Buffer) => void (bytes += d.length));
    req.on('end', () => {
      exports++;
      const json = (req.headers['content-type'] ?? '').includes('json');
      res.writeHead(200, { 'content-type': json ? 'application/json' : 'application/x-protobuf' });
      res.end(json ? '{}' : '');
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    exports: () => exports,
    bytes: () => bytes,
  };
}

type Measured = Figures & { cpuPerRequest: number | null };

const row = (label: string, f: Measured) =>
  console.log(
    `${label.padEnd(34)} ${Math.round(f.requestsPerSecond).toLocaleString('en').padStart(7)} requests/s · p50 ${f.p50.toFixed(1)} ms · p99 ${f.p99.toFixed(1)} ms · ${f.cpuPerRequest === null ? '' : `${Math.round(f.cpuPerRequest)} µs CPU per request · `}${f.total.toLocaleString('en')} requests, ${f.errors} errors, ${f.non2xx} non-2xx`,
  );

/**
 * the environment without any OpenTelemetry setting of the shell, so the bench alone decides about tracing; with
 * tracing on, the shell's sampler (OTEL_TRACES_SAMPLER, OTEL_TRACES_SAMPLER_ARG) is kept, and printed
 */
const SAMPLER_SETTINGS = ['OTEL_TRACES_SAMPLER', 'OTEL_TRACES_SAMPLER_ARG'];
const withoutOtel = (env: NodeJS.ProcessEnv) =>
  Object.fromEntries(
    Object.entries(env).filter(([k]) => !k.startsWith('OTEL_') || (TRACING && SAMPLER_SETTINGS.includes(k))),
  );
/** the sampler the traced server runs with, as OpenTelemetry reads it (its default: every trace, parentbased_always_on) */
const sampler = () =>
  process.env.OTEL_TRACES_SAMPLER
    ? `${process.env.OTEL_TRACES_SAMPLER}${process.env.OTEL_TRACES_SAMPLER_ARG ? ` ${process.env.OTEL_TRACES_SAMPLER_ARG}` : ''}`
    : 'parentbased_always_on (the default)';

/** The real server (npm start's process) with one setting, mari signed in. */
async function startPortal(tmp: string, name: string, metrics: boolean, otlp: string | null) {
  const [port, appsPort, metricsPort] = [await freePort(), await freePort(), await freePort()];
  const base = `http://127.0.0.1:${port}`;
  const serverLog = path.join(tmp, `${name}.log`);
  const profile = process.env.BENCH_CPU_PROF;
  // the request log goes to a file, as a production deployment writes it to a file or the journal
  const logFd = openSync(serverLog, 'w');
  const server = spawn(
    process.execPath,
    [
      // more node flags, as in the load benches (bench/lib/portal-server.ts); without npm start's heap cap, as the
      // figures of docs/performance.md were measured
      ...(process.env.BENCH_SERVER_NODE_ARGS ?? '').split(/\s+/).filter(Boolean),
      ...(profile ? ['--cpu-prof', `--cpu-prof-dir=${path.join(profile, name)}`] : []),
      '--import',
      'tsx',
      'server/main.ts',
    ],
    {
      cwd: root,
      env: {
        ...withoutOtel(process.env),
        NODE_ENV: 'production',
        PORT: String(port),
        APPS_PORT: String(appsPort),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(tmp, `${name}-data`),
        RUN_MODE: 'test',
        DEBUG: '',
        METRICS_PORT: metrics ? String(metricsPort) : '',
        // tracing is off unless an OTLP endpoint is set: only the sink of this bench, or none at all
        ...(otlp ? { OTEL_EXPORTER_OTLP_ENDPOINT: otlp } : {}),
      },
      stdio: ['ignore', logFd, logFd],
    },
  );
  const tail = () => readFileSync(serverLog, 'utf8').slice(-4000);
  await waitFor(`${base}/api/context/getSimpleUserContext`, server, 'the portal server', tail);
  const cookie = [...(await signIn(base, 'mari', 'Maasikas1'))].map(([k, v]) => `${k}=${v}`).join('; ');
  const answer = await fetch(base + ROUTE, { headers: { cookie } });
  if (answer.status !== 200) throw new Error(`getUserContext answered ${answer.status}: ${await answer.text()}`);
  return { server, base, cookie, json: await answer.text(), metricsPort, serverLog };
}

export async function perfApiBench(): Promise<void> {
  const tmp = mkdtempSync(path.join(tmpdir(), 'epit-perf-api-'));
  const barePort = await freePort();
  const profile = process.env.BENCH_CPU_PROF;
  const sinkPort = await freePort();
  const sink = TRACING ? await otlpSink(sinkPort) : null;
  const otlp = sink ? `http://127.0.0.1:${sinkPort}` : null;
  let portal: Awaited<ReturnType<typeof startPortal>> | null = null;
  let bare: ChildProcess | null = null;
  const verdicts: string[] = [];
  try {
    for (const metrics of METRICS_SETTINGS) {
      const setting = `${metrics ? 'metrics on' : 'metrics off'}, tracing ${TRACING ? `on (sampler ${sampler()})` : 'off'}`;
      // with BENCH_API_PROCESSES, fresh processes again: one process's CPU per request can sit several µs from the
      // next one's for the same code (what the JIT made of it), and the medians take every process's rounds
      const rounds: { real: Measured; plain: Measured }[] = [];
      for (let pair = 1; pair <= PROCESSES; pair++) {
        portal = await startPortal(tmp, `${metrics ? 'metrics' : 'plain'}${pair > 1 ? `-${pair}` : ''}`, metrics, otlp);
        const { json, cookie, base, server } = portal;
        // a bare process per portal process: the context names the apps server's address, whose port each server picks anew
        {
          const contextFile = path.join(tmp, 'context.json');
          writeFileSync(contextFile, json);
          let bareLog = '';
          const bareProfile = profile ? ['--cpu-prof', `--cpu-prof-dir=${path.join(profile, 'bare')}`] : [];
          const bareArgs = [
            ...bareProfile,
            '--import',
            'tsx',
            fileURLToPath(import.meta.url),
            '--bare',
            String(barePort),
          ];
          bare = spawn(process.execPath, bareArgs, {
            cwd: root,
            env: { ...process.env, NODE_ENV: 'production', BENCH_BARE_BODY: contextFile },
            stdio: ['ignore', 'ignore', 'pipe'],
          });
          bare.stderr?.on('data', (d: Buffer) => void (bareLog = (bareLog + d.toString()).slice(-4000)));
          await waitFor(`http://127.0.0.1:${barePort}${ROUTE}`, bare, 'the bare Fastify server', () => bareLog);
        }
        const bareUrl = `http://127.0.0.1:${barePort}${ROUTE}`;
        const bareJson = await (await fetch(bareUrl)).text();
        if (bareJson !== json) throw new Error('the bare server does not answer the same JSON');

        if (pair === 1)
          console.log(
            `\ngetUserContext against bare Fastify, ${setting} (targets: CPU per request bare / getUserContext ≥ ${MIN_CPU_RATIO}, p99 getUserContext / bare ≤ ${MAX_P99_RATIO}): the real server process (npm start, SQLite, demo data, request log to a file) and a bare Fastify process with one route returning the same ${json.length}-byte JSON; autocannon ${CONNECTIONS} connections, ${SECONDS} s each after ${WARM_UP_SECONDS} s warm-up`,
          );
        console.log(`load average before: ${load()} (${process.env.BENCH_NOTE ?? 'figures drop on a busy machine'})`);
        const headers = { cookie };
        await autocannon(base + ROUTE, WARM_UP_SECONDS, headers);
        await autocannon(bareUrl, WARM_UP_SECONDS, {});
        // one round: the real server, then bare right after; with more rounds the two alternate and the medians decide
        for (let round = 1; round <= ROUNDS; round++) {
          const real = await measure(base + ROUTE, SECONDS, headers, server.pid);
          const plain = await measure(bareUrl, SECONDS, {}, bare.pid);
          rounds.push({ real, plain });
          const of = PROCESSES > 1 ? ` p${pair} ${round}/${ROUNDS}` : ROUNDS > 1 ? ` ${round}/${ROUNDS}` : '';
          row(`context/getUserContext (mari)${of}`, real);
          row(`bare Fastify, same JSON${of}`, plain);
        }
        if (pair < PROCESSES) {
          await stop(server);
          portal = null;
          await stop(bare);
          bare = null;
        }
      }
      if (!portal) throw new Error('no portal process');
      const { server, cookie, base } = portal;
      if (BROWSER_ENCODING) {
        const headers = { cookie, 'accept-encoding': BROWSER_ENCODING };
        await autocannon(base + ROUTE, WARM_UP_SECONDS, headers);
        row("getUserContext, browser's encoding", await measure(base + ROUTE, SECONDS, headers, server.pid));
      }
      const ratios = (of: (r: { real: Measured; plain: Measured }) => number | null) => {
        const all = rounds.map(of);
        return all.includes(null) ? null : median(all as number[]);
      };
      const throughput = ratios((r) => r.real.requestsPerSecond / r.plain.requestsPerSecond)!;
      const p99Ratio = ratios((r) => r.real.p99 / Math.max(r.plain.p99, 1))!;
      const cpuRatio = ratios((r) =>
        r.real.cpuPerRequest !== null && r.plain.cpuPerRequest !== null
          ? r.plain.cpuPerRequest / r.real.cpuPerRequest
          : null,
      );
      if (ROUNDS > 1)
        console.log(
          `CPU ratio per round: ${rounds.map((r) => (r.real.cpuPerRequest && r.plain.cpuPerRequest ? (r.plain.cpuPerRequest / r.real.cpuPerRequest).toFixed(2) : '?')).join(', ')}; the medians below`,
        );
      const cpuOk = cpuRatio !== null && cpuRatio >= MIN_CPU_RATIO;
      const p99Ok = p99Ratio <= MAX_P99_RATIO;
      const verdict = `${setting}: CPU ratio ${cpuRatio === null ? 'unknown (no /proc)' : ratioText(cpuRatio, MIN_CPU_RATIO, cpuOk)} (target ≥ ${MIN_CPU_RATIO}: ${cpuOk ? 'met' : 'NOT met'}) · p99 ratio ${ratioText(p99Ratio, MAX_P99_RATIO, p99Ok)} (target ≤ ${MAX_P99_RATIO}: ${p99Ok ? 'met' : 'NOT met'}) · requests/s ratio ${throughput.toFixed(2)}`;
      console.log(verdict);
      verdicts.push(verdict);
      if (rounds.some((r) => r.real.errors || r.real.non2xx))
        console.log('getUserContext had errors: the figures above are not valid');
      if (metrics) {
        const text = await (await fetch(`http://127.0.0.1:${portal.metricsPort}/metrics`)).text();
        const counted =
          /^http_requests_total\{method="GET",route="\/api\/context\/getUserContext",status="200"\} (\d+)$/m.exec(text);
        console.log(
          `the metrics counted ${Number(counted?.[1] ?? 0).toLocaleString('en')} getUserContext answers (warm-up and run)`,
        );
      }
      if (sink)
        console.log(`the OTLP sink has received ${sink.exports()} exports, ${sink.bytes().toLocaleString('en')} bytes`);
      console.log(`load average after: ${load()}`);
      await stop(server);
      portal = null;
      await stop(bare);
      bare = null;
    }
    console.log(`\nsummary (load average now ${load()}):\n${verdicts.join('\n')}`);
  } finally {
    await stop(bare);
    await stop(portal?.server ?? null);
    await sink?.close();
    if (profile)
      console.log(
        `CPU profiles of the real server in ${profile}/metrics and /plain, of the bare process in ${profile}/bare`,
      );
    rmSync(tmp, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const at = process.argv.indexOf('--bare');
  if (at >= 0) {
    await bareServer(Number(process.argv[at + 1]), process.env.BENCH_BARE_BODY ?? '');
  } else {
    await perfApiBench();
  }
}
