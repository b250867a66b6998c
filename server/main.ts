/**
 * `npm start` and `npm run serve`: migrations, the seed on an empty database, the portal build when dist/ is missing
 * (outside live run mode), then serve. A live process never builds: several of them would build into one folder at
 * once, and a production install builds once, before any process starts (docs/deployment.md).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ConfigError } from './env.js';
import { startupLog } from './ops/startup-log.js';
import { start } from './start.js';

const log = startupLog('start');

function buildPortal(rootDir: string): Promise<boolean> {
  return new Promise((resolve) => {
    log.info('dist/index.html is missing: building the portal with `vite build` ...');
    const child = spawn('npx', ['vite', 'build'], { cwd: rootDir, stdio: 'inherit', env: process.env });
    child.on('error', (err) => {
      log.error(`could not run vite build: ${err.message}`);
      resolve(false);
    });
    child.on('exit', (code) => resolve(code === 0));
  });
}

start({
  tag: 'start',
  async beforeApp(env) {
    if (existsSync(path.join(env.distDir, 'index.html'))) return;
    if (env.runMode === 'live')
      throw new ConfigError('DIST_DIR', env.distDir, "a folder holding the portal's build: run `npm run build` first");
    if (await buildPortal(env.rootDir)) return;
    log.error(
      'The portal build FAILED. /ui/ answers "not built" until `npm run build` succeeds; the API, the sign-on simulator (/cas/) and the simulator console (/sim/) still work.',
    );
  },
});
