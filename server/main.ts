/**
 * `npm start`: migrations, demo seed on an empty database, the portal build when dist/ is missing, then serve.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createApp } from './app.js';
import { openDb } from './db/index.js';
import { prepareDb } from './db/prepare.js';
import { loadEnv } from './env.js';
import { systemClock } from './lib/clock.js';

function buildPortal(rootDir: string): Promise<boolean> {
  return new Promise((resolve) => {
    console.log('[start] dist/index.html is missing: building the portal with `vite build` ...');
    const child = spawn('npx', ['vite', 'build'], { cwd: rootDir, stdio: 'inherit', env: process.env });
    child.on('error', (err) => {
      console.error(`[start] could not run vite build: ${err.message}`);
      resolve(false);
    });
    child.on('exit', (code) => resolve(code === 0));
  });
}

async function main() {
  const env = loadEnv();
  const db = openDb(env.dataDir);
  const origin = env.publicOrigin ?? `http://localhost:${env.port}`;
  const seeded = await prepareDb(db, systemClock, { origin });
  console.log(`[start] database ${path.join(env.dataDir, 'portal.sqlite')} ${seeded ? 'seeded from the demo data' : 'already seeded'}`);

  if (!existsSync(path.join(env.distDir, 'index.html'))) {
    const ok = await buildPortal(env.rootDir);
    if (!ok) {
      console.error('[start] ************************************************************');
      console.error('[start] The portal build FAILED. /ui/ answers "not built" until `npm run build` succeeds;');
      console.error('[start] the API, the sign-on simulator (/cas/) and the simulator console (/sim/) still work.');
      console.error('[start] ************************************************************');
    }
  }

  const app = await createApp({ db, clock: systemClock, env, logger: env.debug });
  await app.listen({ port: env.port, host: env.host });
  console.log(`[start] portal at ${origin}/ui/  (sign-on ${origin}/cas/login, console ${origin}/sim/, run mode ${env.runMode})`);

  const stop = async () => {
    await app.close();
    await db.destroy();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err) => {
  console.error('[start] failed:', err);
  process.exit(1);
});
