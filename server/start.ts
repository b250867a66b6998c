/**
 * Start-up shared by `npm start` (main.ts) and `npm run dev` (dev.ts): check the settings, open and prepare the
 * database, build the app, listen (the portal on PORT, the demo applications of server/apps/ on APPS_PORT, the
 * metrics on METRICS_PORT when set), and stop as a service behind a load balancer should (server/ops/lifecycle.ts):
 *
 *   SIGTERM  /ready answers 503 at once, the process keeps serving for DRAIN_SECONDS (its last second the handover),
 *            then stops accepting connections, lets the requests in flight finish (at most SHUTDOWN_TIMEOUT_SECONDS),
 *            closes the database pool and exits 0
 *   SIGINT   (Ctrl-C) the same without the drain; a second signal during a drain ends the drain at once
 *
 * Failures a person can fix (a setting that cannot be used, a port in use, DATA_DIR not writable, a database that
 * does not answer) are reported in one line, no stack, and the process exits 1. The settings are checked before the
 * rest of the server is even loaded, so a refusal comes at once. Every line is JSON, as the request log's are
 * (server/ops/startup-log.ts).
 *
 * With OTEL_EXPORTER_OTLP_ENDPOINT set, tracing (server/ops/tracing.ts) starts right after the settings are checked:
 * before the database is opened (its statements are traced from the first) and before Fastify is loaded.
 */
import { accessSync, constants, mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import type { UiMode } from './app.js';
import type { Db } from './db/index.js';
import { ConfigError, loadEnv, type Env } from './env.js';
import { linkOrigin } from './lib/origins.js';
import { HANDOVER_MS, Lifecycle } from './ops/lifecycle.js';
import { startupLog } from './ops/startup-log.js';
import { tracingWanted } from './ops/trace-points.js';
import type { Tracing } from './ops/tracing.js';

export interface StartOptions {
  /** the `name` of the log lines, e.g. 'start' or 'dev' */
  tag: string;
  /** before the app is built (main: build the portal when dist/ is missing) */
  beforeApp?(env: Env): Promise<void>;
  ui?: UiMode;
  /** after app.ready(), before listen (dev: Vite on the app's HTTP server) */
  beforeListen?(app: FastifyInstance, env: Env): Promise<void>;
  /** first step of the shutdown (dev: close Vite) */
  onShutdown?(): Promise<void>;
}

/** What the shutdown may take beyond the drain and SHUTDOWN_TIMEOUT_SECONDS (closing the pool) before exiting anyway. */
const SHUTDOWN_MARGIN_MS = 5_000;

class StartupError extends Error {}

const messageOf = (err: unknown): string => (err instanceof Error ? err.message : 'unknown error');
const codeOf = (err: unknown): string | undefined =>
  err instanceof Error && 'code' in err && typeof err.code === 'string' ? err.code : undefined;

function checkDataDir(dataDir: string): void {
  try {
    mkdirSync(dataDir, { recursive: true });
    accessSync(dataDir, constants.W_OK);
  } catch (err) {
    throw new ConfigError('DATA_DIR', dataDir, `a folder this user may write (${codeOf(err) ?? messageOf(err)})`);
  }
}

/** `setting`: the variable that chooses the port (PORT for the portal, APPS_PORT for the demo applications) */
async function listen(app: FastifyInstance, env: Env, port = env.port, setting = 'PORT'): Promise<void> {
  try {
    await app.listen({ port, host: env.host });
  } catch (err) {
    const code = codeOf(err);
    if (code === 'EADDRINUSE')
      throw new StartupError(`port ${port} on ${env.host} is already in use: stop the other server or set ${setting}.`);
    if (code === 'EACCES')
      throw new StartupError(`no permission to listen on port ${port}: choose a port above 1023 with ${setting}.`);
    throw err;
  }
}

/**
 * Outside live mode anyone may sign on as anyone (the one-click and personal-code demo logins) and read every e-mail
 * with its invitation and reset keys (/sim/): a deployment must not run like that by mistake, so it is said loudly.
 */
export function demoWarning(runMode: Env['runMode']): string[] {
  return [
    '*'.repeat(100),
    `RUN MODE ${runMode.toUpperCase()}: DEMO LOGINS ARE ON. Anyone can sign on as any person, staff included, without a`,
    'password, and the simulators (/sim/) show every e-mail with its keys. Never expose this server. For a deployment',
    'set RUN_MODE=live (the default of `npm run serve`).',
    '*'.repeat(100),
  ];
}

export function start(opts: StartOptions): void {
  const lines = startupLog(opts.tag);
  const log = (msg: string) => lines.info(msg);
  const lifecycle = new Lifecycle();
  let env: Env | null = null;
  let db: Db | null = null;
  let app: FastifyInstance | null = null;
  /** the demo external applications, a second listener on APPS_PORT (server/apps/) */
  let apps: FastifyInstance | null = null;
  let metricsServer: Server | null = null;
  let tracing: Tracing | null = null;
  let stopping = false;
  /** ends the drain early (a second signal) */
  let skipDrain = () => {};

  const shutdown = async (exitCode: number, drain: boolean) => {
    if (stopping) return skipDrain();
    stopping = true;
    const shutdownMs = env?.shutdown.timeoutMs ?? 0;
    const drainMs = drain ? (env?.shutdown.drainMs ?? 0) : 0;
    setTimeout(
      () => {
        lines.error(`shutdown took longer than ${drainMs + shutdownMs + SHUTDOWN_MARGIN_MS} ms: exiting`);
        process.exit(exitCode || 1);
      },
      drainMs + shutdownMs + SHUTDOWN_MARGIN_MS,
    ).unref();
    try {
      if (app && drainMs > 0) {
        const early = new AbortController();
        skipDrain = () => early.abort();
        const handover = Math.min(HANDOVER_MS, drainMs);
        lifecycle.phase = 'draining';
        log(`SIGTERM: draining for ${drainMs / 1000} s (/ready answers 503, requests are still served)`);
        await sleep(drainMs - handover, undefined, { signal: early.signal }).catch(() => undefined);
        lifecycle.phase = 'handover';
        await sleep(handover, undefined, { signal: early.signal }).catch(() => undefined);
      }
      lifecycle.phase = 'stopping';
      await opts.onShutdown?.();
      // app.close(): the listener closes, long polls answer at once (deps.closing), requests in flight finish
      const closed = Promise.all([apps?.close(), app?.close()]);
      // a request that came before SIGTERM keeps its connection open after its answer (no Connection: close on it):
      // closed as soon as it is idle, not after the keep-alive timeout
      const idle = setInterval(() => {
        app?.server.closeIdleConnections();
        apps?.server.closeIdleConnections();
      }, 100);
      const stopClosing = () => clearInterval(idle);
      closed.then(stopClosing, stopClosing);
      const cut = await Promise.race([closed.then(() => false), sleep(shutdownMs, true, { ref: false })]);
      if (cut && app) {
        const open = await new Promise<number>((resolve) => app!.server.getConnections((_e, n) => resolve(n)));
        lines.error(
          `requests still running after SHUTDOWN_TIMEOUT_SECONDS (${shutdownMs / 1000} s): closing ${open} connection(s)`,
        );
        app.server.closeAllConnections();
        apps?.server.closeAllConnections();
        await closed;
      }
      await db?.destroy();
      await new Promise((resolve) => (metricsServer ? metricsServer.close(resolve) : resolve(null)));
      // the spans of the last requests are exported before the process ends
      await tracing?.shutdown().catch((err: unknown) => lines.warn(`traces not exported: ${messageOf(err)}`));
      if (drainMs > 0) log('stopped');
    } catch (err) {
      lines.error('error while shutting down', err);
      exitCode ||= 1;
    }
    process.exit(exitCode);
  };

  const run = async () => {
    env = loadEnv();
    // links in e-mails and the sign-on service URLs must never come from a Host header a client chose
    if (env.runMode === 'live' && !env.publicOrigin)
      throw new StartupError(
        'PUBLIC_ORIGIN is required in live run mode: set it to the address people use, e.g. https://portal.example',
      );
    // password resets and invitations are mails: a live portal that cannot send them must be one meant to be so
    if (env.runMode === 'live' && !env.mail.smtpUrl && !env.mail.off)
      throw new StartupError(
        'SMTP_URL is required in live run mode: set it and MAIL_FROM (e.g. SMTP_URL=smtp://user:password@mail.example:587 MAIL_FROM=portal@example.ee), or set MAIL=off to run without mail',
      );
    // traces, when wanted: before the database and Fastify, so both are traced from the first statement and request
    if (tracingWanted()) {
      const { startTracing } = await import('./ops/tracing.js');
      tracing = startTracing({ serviceVersion: env.appVersion });
      log(tracing.describe);
    }
    // the settings are fine: now the rest of the server (loading it takes a while)
    const [{ createApp }, { createAppsServer }, { openDb }, { databaseName }, { prepareDb }, { systemClock }] =
      await Promise.all([
        import('./app.js'),
        import('./apps/index.js'),
        import('./db/index.js'),
        import('./db/dialect.js'),
        import('./db/prepare.js'),
        import('./lib/clock.js'),
      ]);
    checkDataDir(env.dataDir);
    const where = env.databaseUrl ? databaseName(env.databaseUrl) : path.join(env.dataDir, 'portal.sqlite');
    try {
      db = env.databaseUrl ? openDb(null, env.databaseUrl, env.pgPoolMax) : openDb(env.dataDir);
    } catch (err) {
      throw new StartupError(`cannot open the database ${where}: ${messageOf(err)}`);
    }
    const origin = linkOrigin(env);
    const { isDatabaseUnavailable } = await import('./db/unavailable.js');
    const { SchemaNewerError } = await import('./db/migrator.js');
    const prepared = { origin, live: env.runMode === 'live', migrateUpTo: env.migrateUpTo };
    const seeded = await prepareDb(db, systemClock, prepared).catch((err: unknown) => {
      if (isDatabaseUnavailable(err))
        throw new StartupError(`the database ${where} does not answer (${codeOf(err) ?? messageOf(err)})`);
      if (err instanceof SchemaNewerError) throw new StartupError(err.message);
      throw err;
    });
    const live = env.runMode === 'live';
    const seededWith = live
      ? 'seeded with reference data only (live run mode: no demo people)'
      : 'seeded from the demo data';
    log(`database ${where} ${seeded ? seededWith : 'already seeded'}`);
    if (live) {
      const { liveTrustProblem } = await import('./routes/sign/certificates.js');
      const trust = liveTrustProblem(env.signing.trustDir, path.join(env.rootDir, 'server/trust/epit-demo-ca.pem'));
      if (trust && 'refuse' in trust) throw new StartupError(trust.refuse);
      if (trust) lines.warn(`warning: ${trust.warn}`);
    }
    await opts.beforeApp?.(env);
    let metrics;
    if (env.metrics) {
      const { createMetrics, listenMetrics } = await import('./ops/metrics.js');
      const made = createMetrics({ db, clock: systemClock, sessionIdleMs: env.security.sessionIdleMs });
      metrics = made.metrics;
      try {
        metricsServer = await listenMetrics(made.registry, env.metrics.port, env.metrics.host);
      } catch (err) {
        throw new StartupError(
          `cannot listen for metrics on ${env.metrics.host}:${env.metrics.port} (${codeOf(err) ?? messageOf(err)}): set METRICS_PORT or METRICS_HOST.`,
        );
      }
      log(`metrics at http://${env.metrics.host}:${env.metrics.port}/metrics`);
    }
    // request log
    app = await createApp({ db, clock: systemClock, env, logger: true, ui: opts.ui, lifecycle, metrics, tracing });
    await app.ready();
    await opts.beforeListen?.(app, env);
    await listen(app, env);
    apps = await createAppsServer({ env, clock: systemClock, dataDir: env.dataDir, logger: env.debug });
    await apps.ready();
    try {
      await listen(apps, env, env.appsPort, 'APPS_PORT');
      const appsAt = env.apps.origin ?? `http://localhost:${env.appsPort}`;
      log(
        `demo applications at ${appsAt}/oss/, ${appsAt}/periodicals/, ${appsAt}/finance/ (APPS_PORT ${env.appsPort})`,
      );
    } catch (err) {
      // the portal stands without its demo applications: their frames fail to load, everything else works
      if (!(err instanceof StartupError)) throw err;
      lines.error(`the demo applications did not start: ${err.message}`);
      await apps.close();
      apps = null;
    }
    const signOn = /^https?:\/\//i.test(env.cas.url) ? env.cas.url : `${origin}${env.cas.url}`;
    // only what is on: live run mode has no simulators' console (every /sim address answers 404)
    const console_ = live ? '' : `, console ${origin}/sim/`;
    log(
      `portal at ${origin}/ui/, listening on ${env.host}:${env.port}  (sign-on ${signOn}/login${console_}, run mode ${env.runMode})`,
    );
    // one line (the banner's rows of stars are for a terminal)
    if (env.runMode !== 'live') lines.warn(demoWarning(env.runMode).slice(1, -1).join(' '));
  };

  process.on('SIGINT', () => void shutdown(0, false));
  process.on('SIGTERM', () => void shutdown(0, true));
  run().catch((err: unknown) => {
    if (err instanceof ConfigError || err instanceof StartupError) lines.error(`cannot start: ${err.message}`);
    else lines.error('failed', err);
    void shutdown(1, false);
  });
}
