/**
 * Start-up shared by `npm start` (main.ts) and `npm run dev` (dev.ts): open and prepare the database,
 * build the app, listen (the portal on PORT, the demo applications of server/apps/ on APPS_PORT), and shut down
 * cleanly on SIGINT/SIGTERM (servers, then database).
 * Failures a person can fix (port in use, DATA_DIR not writable) are reported in one line, no stack.
 */
import { accessSync, constants, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createApp, type UiMode } from './app.js';
import { createAppsServer } from './apps/index.js';
import { openDb, type Db } from './db/index.js';
import { databaseName } from './db/dialect.js';
import { prepareDb } from './db/prepare.js';
import { loadEnv, type Env } from './env.js';
import { systemClock } from './lib/clock.js';
import { linkOrigin } from './lib/origins.js';

export interface StartOptions {
  /** log prefix, e.g. 'start' or 'dev' */
  tag: string;
  /** before the app is built (main: build the portal when dist/ is missing) */
  beforeApp?(env: Env): Promise<void>;
  ui?: UiMode;
  /** after app.ready(), before listen (dev: Vite on the app's HTTP server) */
  beforeListen?(app: FastifyInstance, env: Env): Promise<void>;
  /** first step of the shutdown (dev: close Vite) */
  onShutdown?(): Promise<void>;
}

/** Most a shutdown may take before the process exits anyway (open long polls end at once, see lib/deps.ts). */
const SHUTDOWN_GRACE_MS = 10_000;

class StartupError extends Error {}

const messageOf = (err: unknown): string => (err instanceof Error ? err.message : 'unknown error');

function openDataDir(dataDir: string): Db {
  try {
    mkdirSync(dataDir, { recursive: true });
    accessSync(dataDir, constants.W_OK);
  } catch (err) {
    throw new StartupError(
      `DATA_DIR ${dataDir} is not a writable directory (${messageOf(err)}). Set DATA_DIR to a folder this user may write.`,
    );
  }
  try {
    return openDb(dataDir);
  } catch (err) {
    throw new StartupError(`cannot open the database ${path.join(dataDir, 'portal.sqlite')}: ${messageOf(err)}`);
  }
}

/** `setting`: the variable that chooses the port (PORT for the portal, APPS_PORT for the demo applications) */
async function listen(app: FastifyInstance, env: Env, port = env.port, setting = 'PORT'): Promise<void> {
  try {
    await app.listen({ port, host: env.host });
  } catch (err) {
    const code = err instanceof Error && 'code' in err ? err.code : undefined;
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
  const log = (msg: string) => console.log(`[${opts.tag}] ${msg}`);
  let db: Db | null = null;
  let app: FastifyInstance | null = null;
  /** the demo external applications, a second listener on APPS_PORT (server/apps/) */
  let apps: FastifyInstance | null = null;
  let stopping = false;

  const shutdown = async (exitCode: number) => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => {
      console.error(`[${opts.tag}] shutdown took longer than ${SHUTDOWN_GRACE_MS} ms: exiting`);
      process.exit(exitCode || 1);
    }, SHUTDOWN_GRACE_MS).unref();
    try {
      await opts.onShutdown?.();
      await apps?.close();
      await app?.close();
      await db?.destroy();
    } catch (err) {
      console.error(`[${opts.tag}] error while shutting down:`, err);
      exitCode ||= 1;
    }
    process.exit(exitCode);
  };

  const run = async () => {
    const env = loadEnv();
    // links in e-mails and the sign-on service URLs must never come from a Host header a client chose
    if (env.runMode === 'live' && !env.publicOrigin)
      throw new StartupError(
        'PUBLIC_ORIGIN is required in live run mode: set it to the address people use, e.g. https://portal.example',
      );
    db = env.databaseUrl ? openDb(null, env.databaseUrl, env.pgPoolMax) : openDataDir(env.dataDir);
    const origin = linkOrigin(env);
    const seeded = await prepareDb(db, systemClock, { origin, live: env.runMode === 'live' });
    log(
      `database ${env.databaseUrl ? databaseName(env.databaseUrl) : path.join(env.dataDir, 'portal.sqlite')} ${seeded ? 'seeded from the demo data' : 'already seeded'}`,
    );
    await opts.beforeApp?.(env);
    app = await createApp({ db, clock: systemClock, env, logger: true, ui: opts.ui }); // request log (issue 14)
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
      console.error(`[${opts.tag}] the demo applications did not start: ${err.message}`);
      await apps.close();
      apps = null;
    }
    const signOn = /^https?:\/\//i.test(env.cas.url) ? env.cas.url : `${origin}${env.cas.url}`;
    log(`portal at ${origin}/ui/  (sign-on ${signOn}/login, console ${origin}/sim/, run mode ${env.runMode})`);
    if (env.runMode !== 'live') demoWarning(env.runMode).forEach((line) => console.warn(`[${opts.tag}] ${line}`));
  };

  process.once('SIGINT', () => void shutdown(0));
  process.once('SIGTERM', () => void shutdown(0));
  run().catch((err) => {
    if (err instanceof StartupError) console.error(`[${opts.tag}] cannot start: ${err.message}`);
    else console.error(`[${opts.tag}] failed:`, err);
    void shutdown(1);
  });
}
