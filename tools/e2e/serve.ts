/**
 * The Playwright webServer (playwright.config.ts): builds the portal when dist/ is missing or older than its
 * sources, then starts the real server (server/main.ts) in this process on PORT with a fresh temporary
 * DATA_DIR (removed again on exit) and RUN_MODE=test.
 *
 * The build lives here and not in a Playwright globalSetup because Playwright starts the webServer
 * before globalSetup runs.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../lib/machines';

/** unit tests and model specs sit beside the sources but never reach the build */
const NOT_BUILT = /\.(test|model)\.tsx?$/;

/** newest modification time under the given paths (files or folders), test files aside */
function newest(paths: string[]): number {
  let max = 0;
  const visit = (p: string) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) for (const f of readdirSync(p)) visit(join(p, f));
    else if (!NOT_BUILT.test(p)) max = Math.max(max, st.mtimeMs);
  };
  paths.forEach(visit);
  return max;
}

// DIST_DIR (default dist/) lets two checkouts' test runs build side by side without overwriting each other
const distDir = process.env.DIST_DIR ? join(ROOT, process.env.DIST_DIR) : join(ROOT, 'dist');
const built = join(distDir, 'index.html');
const sources = [
  'src',
  'locales',
  'machines',
  'domain',
  'public',
  'index.html',
  'vite.config.ts',
  'package-lock.json',
].map((p) => join(ROOT, p));
if (process.env.E2E_SKIP_BUILD !== '1' && (!existsSync(built) || statSync(built).mtimeMs < newest(sources))) {
  console.error(
    `[e2e] ${existsSync(built) ? 'the build is older than the sources' : 'there is no build'}: vite build --outDir ${distDir}`,
  );
  const r = spawnSync('npx', ['vite', 'build', '--outDir', distDir, '--emptyOutDir'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: process.env,
  });
  // like npm start: the API, /cas/ and /sim/ still work without a build, so only the /ui/ tests fail
  if (r.status !== 0) console.error('[e2e] ***** the portal build FAILED: tests of /ui/ will fail *****');
}

const dataDir = process.env.DATA_DIR || mkdtempSync(join(tmpdir(), 'epit-e2e-'));
const ownDataDir = !process.env.DATA_DIR;
process.env.DATA_DIR = dataDir;
process.env.RUN_MODE ??= 'test';
process.env.PORT ??= '8181';
if (ownDataDir) process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
console.error(`[e2e] server on port ${process.env.PORT}, DATA_DIR ${dataDir}`);

await import('../../server/main');
