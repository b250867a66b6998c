/**
 * Shared by the browser benches (bench/size.ts, bench/lighthouse.ts): the real portal server as `npm start` runs it
 * (server/main.ts, NODE_ENV=production, RUN_MODE=test, a fresh temporary DATA_DIR seeded with the demo data) on a
 * built portal folder, and a demo person signed in through the real sign-on flow.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../server/test/processes.js';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The built portal folder (DIST_DIR, default dist/); builds it with `vite build` when missing. */
export function ensureBuild(distDir = process.env.DIST_DIR ?? 'dist'): string {
  const abs = path.resolve(root, distDir);
  if (!existsSync(path.join(abs, 'index.html'))) {
    console.log(`${distDir}/index.html missing: vite build --outDir ${distDir}…`);
    const r = spawnSync('npx', ['vite', 'build', '--outDir', abs, '--emptyOutDir'], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) throw new Error(`vite build exited with ${r.status}`);
  }
  return abs;
}

export const builtAt = (distDir: string) =>
  new Date(statSync(path.join(distDir, 'index.html')).mtimeMs).toISOString().slice(0, 16).replace('T', ' ');

export interface PortalProcess {
  origin: string;
  close(): Promise<void>;
}

/** server/main.ts on a free port, serving `distDir` under /ui/. */
export async function startPortal(distDir: string): Promise<PortalProcess> {
  const port = Number(process.env.BENCH_PORT ?? 0) || (await freePort());
  const dataDir = mkdtempSync(path.join(tmpdir(), 'epit-bench-ui-'));
  let log = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DIST_DIR: distDir,
      RUN_MODE: 'test',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr?.on('data', (d: Buffer) => void (log = (log + d.toString()).slice(-4000)));
  const origin = `http://127.0.0.1:${port}`;
  const close = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        rmSync(dataDir, { recursive: true, force: true });
        resolve();
      };
      if (child.exitCode !== null) return done();
      const kill = setTimeout(() => child.kill('SIGKILL'), 15_000);
      child.once('exit', () => {
        clearTimeout(kill);
        done();
      });
      child.kill('SIGTERM');
    });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the portal exited with ${child.exitCode}:\n${log}`);
    const ok = await fetch(`${origin}/ui/config.json`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    if (Date.now() > deadline) {
      await close();
      throw new Error(`the portal did not answer on ${origin}:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return { origin, close };
}

/** A browser's cookie jar, as far as these benches need one (one host, no expiry). */
class Jar {
  readonly cookies = new Map<string, string>();
  store(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (value === '' || /max-age=0\b|expires=thu, 01 jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/**
 * A demo person through the real sign-on flow (what tests/e2e/fixtures.ts `signInAs` does): the security service,
 * the sign-on form with its `execution` token, the CAS POST and the portal's callback. Returns the cookies.
 */
export async function signIn(origin: string, username: string, password: string): Promise<Map<string, string>> {
  const jar = new Jar();
  const get = async (url: string) => {
    const res = await fetch(new URL(url, origin), { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.store(res);
    return res;
  };
  const start = await get('/api/security/login?target=%2Fui%2F');
  const signOnUrl = start.headers.get('location') ?? '';
  const form = await get(signOnUrl);
  const execution = /name="execution" value="([^"]+)"/.exec(await form.text())?.[1] ?? '';
  const service = new URL(signOnUrl, origin).searchParams.get('service') ?? '';
  const posted = await fetch(new URL('/cas/login', origin), {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ service, username, password, execution }).toString(),
  });
  jar.store(posted);
  const back = posted.headers.get('location') ?? '';
  if (!/[?&]ticket=ST-/.test(back)) throw new Error(`the sign-on service refused ${username}: ${posted.status}`);
  const callback = await get(back);
  if (callback.status !== 302) throw new Error(`the portal refused the ticket: ${callback.status}`);
  return jar.cookies;
}
