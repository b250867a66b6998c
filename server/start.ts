/**
 * Start-up shared by `npm start` (main.ts) and `npm run dev` (dev.ts): open and prepare the database,
 * build the app, listen, and shut down cleanly on SIGINT/SIGTERM (server, then database).
 * Failures a person can fix (port in use, DATA_DIR not writable) are reported in one line, no stack.
 */
import { accessSync, constants, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createApp, type UiMode } from './app.js';
import { openDb, type Db } from './db/index.js';
import { prepareDb } from './db/prepare.js';
import { loadEnv, type Env } from './env.js';
import { systemClock } from './lib/clock.js';

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

function openDataDir(dataDir: string): Db {
  try {
    mkdirSync(dataDir, { recursive: true });
    accessSync(dataDir, constants.W_OK);
  } catch (err) {
    throw new StartupError(
      `DATA_DIR ${dataDir} is not a writable directory (${(err as Error).message}). Set DATA_DIR to a folder this user may write.`,
    );
  }
  try {
    return openDb(dataDir);
  } catch (err) {
    throw new StartupError(
      `cannot open the database ${path.join(dataDir, 'portal.sqlite')}: ${(err as Error).message}`,
    );
  }
}

async function listen(app: FastifyInstance, env: Env): Promise<void> {
  try {
    await app.listen({ port: env.port, host: env.host });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE')
      throw new StartupError(`port ${env.port} on ${env.host} is already in use: stop the other server or set PORT.`);
    if (code === 'EACCES')
      throw new StartupError(`no permission to listen on port ${env.port}: choose a port above 1023 with PORT.`);
    throw err;
  }
}

export function start(opts: StartOptions): void {
  const log = (msg: string) => console.log(`[${opts.tag}] ${msg}`);
  let db: Db | null = null;
  let app: FastifyInstance | null = null;
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
    db = openDataDir(env.dataDir);
    const origin = env.publicOrigin ?? `http://localhost:${env.port}`;
    const seeded = await prepareDb(db, systemClock, { origin });
    log(
      `database ${path.join(env.dataDir, 'portal.sqlite')} ${seeded ? 'seeded from the demo data' : 'already seeded'}`,
    );
    await opts.beforeApp?.(env);
    app = await createApp({ db, clock: systemClock, env, logger: env.debug, ui: opts.ui });
    await app.ready();
    await opts.beforeListen?.(app, env);
    await listen(app, env);
    log(`portal at ${origin}/ui/  (sign-on ${origin}/cas/login, console ${origin}/sim/, run mode ${env.runMode})`);
  };

  process.once('SIGINT', () => void shutdown(0));
  process.once('SIGTERM', () => void shutdown(0));
  run().catch((err) => {
    if (err instanceof StartupError) console.error(`[${opts.tag}] cannot start: ${err.message}`);
    else console.error(`[${opts.tag}] failed:`, err);
    void shutdown(1);
  });
}
