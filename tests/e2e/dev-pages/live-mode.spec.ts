/**
 * Live mode: with RUN_MODE=live, /osgi-admin, the test pages and their APIs answer 404. A second portal
 * process runs here in live mode, on its own empty database and the same build as the rest of the suite, and
 * Chromium opens the pages on it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '../fixtures';
import { freePort } from '../../../server/test/free-port';

let live: ChildProcess | null = null;
let base = '';
let dataDir = '';
let log = '';

test.beforeAll(async () => {
  test.setTimeout(90_000);
  const port = await freePort();
  dataDir = mkdtempSync(join(tmpdir(), 'epit-live-'));
  base = `http://127.0.0.1:${port}`;
  live = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      RUN_MODE: 'live',
      PUBLIC_ORIGIN: base,
      MAIL: 'off', // no mail server here (a live portal needs SMTP_URL or this)
      PORT: String(port),
      APPS_PORT: String(await freePort()),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DIST_DIR: process.env.DIST_DIR ?? 'dist',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  live.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  const until = Date.now() + 60_000;
  for (;;) {
    if (live.exitCode !== null) throw new Error(`the live-mode portal ended:\n${log}`);
    if (Date.now() > until) throw new Error(`the live-mode portal did not answer:\n${log}`);
    if (
      await fetch(`${base}/ui/config.json`)
        .then((r) => r.ok)
        .catch(() => false)
    )
      break;
    await new Promise((r) => setTimeout(r, 250));
  }
});

test.afterAll(() => {
  live?.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
});

test('RUN_MODE=live: the deployment admin page, the test pages and their APIs answer 404', async ({ page }) => {
  // the portal itself is up in live mode
  const config = (await (await page.request.get(`${base}/ui/config.json`)).json()) as { runMode?: string };
  expect(config.runMode).toBe('live');
  for (const path of ['/ui/osgi-admin', '/ui/test/show', '/ui/test/ax', '/ui/test-component/7']) {
    const res = await page.goto(`${base}${path}`);
    expect(res?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { name: /Deployment|SLA|FISIK|Test component/i })).toHaveCount(0);
  }
  for (const path of [
    '/api/deployment/listBundles',
    '/api/deployment/listDeployments',
    '/sla/test',
    '/api/ax/fisik/AX-1',
    '/api/test/enterprise/11000109',
  ])
    expect((await page.request.get(`${base}${path}`)).status(), path).toBe(404);
});
