/**
 * Bench section "leak" (no leaks in the external-application channel): shipment registration open in the portal for
 * many frame-channel ping cycles on a fast clock, and what the portal tab holds before and after. Figures only, no
 * thresholds.
 *
 * Starts the real server (tools/e2e/serve.ts: a fresh temporary database, RUN_MODE=test) on two free ports (the
 * portal on PORT, the demo applications on PORT + 1), signs mari in through the sign-on page in the system Chromium,
 * picks Maasikas OÜ and opens shipment registration from the dashboard. Playwright's clock is installed before the
 * portal loads and paused once the channel is active; every cycle runs the clock 500 ms (HEALTH_CHECK: the channel
 * pings) and waits, in real time, for the application's pong. Measured through the Chrome DevTools Protocol at the
 * start (after a warm-up) and after the cycles, each after a forced garbage collection:
 *  - the JS heap: Runtime.getHeapUsage usedSize and Performance.getMetrics JSHeapUsedSize;
 *  - 'message' listeners on window: DOMDebugger.getEventListeners (one of them is the bench's own pong counter);
 *  - live timers: an init script counts setTimeout handles not yet fired or cleared and setInterval handles not
 *    cleared (the clock's fake ones, the only ones the page gets once the clock is installed).
 *
 *   npm run bench -- leak                      # this section alone
 *   BENCH_LEAK_CYCLES=2000 npm run bench -- leak
 *   BENCH_DIST_DIR=dist-x npm run bench -- leak   # the portal build to serve (built by serve.ts when stale)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { chromium, type CDPSession, type Page } from '@playwright/test';
import { COOKIE } from '../domain/contract.js';
import { CHANNEL_TIMING } from '../domain/external/index.js';
import { freePort } from '../server/test/free-port.js';
import { CHROMIUM, CHROMIUM_ARGS } from '../tools/lib/chromium.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CYCLES = Number(process.env.BENCH_LEAK_CYCLES ?? 10_000);
const WARM_UP = 200;
const HEALTH_CHECK = CHANNEL_TIMING.HEALTH_CHECK;
/** how long a cycle waits in real time for the pong before it counts it as missed */
const PONG_WAIT_MS = 3_000;

async function startServer(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tools/e2e/serve.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      RUN_MODE: 'test',
      HOST: '127.0.0.1',
      DIST_DIR: process.env.BENCH_DIST_DIR ?? process.env.DIST_DIR ?? 'dist',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => void (stderr = (stderr + d.toString()).slice(-4000)));
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${stderr}`);
    const ok = await fetch(`http://127.0.0.1:${port}/ui/config.json`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return child;
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill('SIGTERM');
  throw new Error(`the server did not answer on port ${port}:\n${stderr}`);
}

/** Runs in the portal's top window before its scripts (after the clock's own script): live timers, pongs. */
function countersScript() {
  if (window.top !== window) return;
  const w = window as unknown as {
    __bench: { timeouts: Set<unknown>; intervals: Set<unknown>; pongs: number; counted: boolean };
  };
  const bench = { timeouts: new Set<unknown>(), intervals: new Set<unknown>(), pongs: 0, counted: true };
  w.__bench = bench;
  // the functions in place now: the clock's fake ones (its init script ran first)
  const st = window.setTimeout.bind(window);
  const ct = window.clearTimeout.bind(window);
  const si = window.setInterval.bind(window);
  const ci = window.clearInterval.bind(window);
  window.setTimeout = ((fn: TimerHandler, ms?: number, ...args: unknown[]) => {
    const id: unknown = st(
      (...a: unknown[]) => {
        bench.timeouts.delete(id);
        if (typeof fn === 'function') (fn as (...x: unknown[]) => void)(...a);
      },
      ms,
      ...args,
    );
    bench.timeouts.add(id);
    return id;
  }) as typeof window.setTimeout;
  window.clearTimeout = ((id?: number) => {
    bench.timeouts.delete(id);
    ct(id);
  }) as typeof window.clearTimeout;
  window.setInterval = ((fn: TimerHandler, ms?: number, ...args: unknown[]) => {
    const id = si(fn, ms, ...args);
    bench.intervals.add(id);
    return id;
  }) as typeof window.setInterval;
  window.clearInterval = ((id?: number) => {
    bench.intervals.delete(id);
    ci(id);
  }) as typeof window.clearInterval;
  window.addEventListener('message', (e: MessageEvent) => {
    const d = e.data as { result?: unknown } | null;
    if (d && typeof d === 'object' && d.result === 'pong') bench.pongs++;
  });
}

interface Sample {
  heapUsed: number;
  jsHeapUsedSize: number;
  messageListeners: number;
  allListeners: number;
  timeouts: number;
  intervals: number;
  pongs: number;
}

async function sample(page: Page, cdp: CDPSession): Promise<Sample> {
  for (let i = 0; i < 3; i++) await cdp.send('HeapProfiler.collectGarbage');
  const usage = await cdp.send('Runtime.getHeapUsage');
  const metrics = await cdp.send('Performance.getMetrics');
  const win = await cdp.send('Runtime.evaluate', { expression: 'window' });
  const { listeners } = await cdp.send('DOMDebugger.getEventListeners', { objectId: win.result.objectId ?? '' });
  await cdp.send('Runtime.releaseObject', { objectId: win.result.objectId ?? '' });
  const counters = await page.evaluate(() => {
    const b = (window as unknown as { __bench: { timeouts: Set<unknown>; intervals: Set<unknown>; pongs: number } })
      .__bench;
    return { timeouts: b.timeouts.size, intervals: b.intervals.size, pongs: b.pongs };
  });
  return {
    heapUsed: usage.usedSize,
    jsHeapUsedSize: metrics.metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? NaN,
    messageListeners: listeners.filter((l) => l.type === 'message').length,
    allListeners: listeners.length,
    ...counters,
  };
}

/** `cycles` health-check cycles: the clock runs HEALTH_CHECK, then the pong is awaited in real time. */
async function runCycles(page: Page, cycles: number): Promise<{ missed: number }> {
  const pongs = () => page.evaluate(() => (window as unknown as { __bench: { pongs: number } }).__bench.pongs);
  let missed = 0;
  let seen = await pongs();
  for (let i = 0; i < cycles; i++) {
    await page.clock.runFor(HEALTH_CHECK);
    const answered = await page
      .waitForFunction((n) => (window as unknown as { __bench: { pongs: number } }).__bench.pongs > n, seen, {
        timeout: PONG_WAIT_MS,
        polling: 'raf',
      })
      .then(() => true)
      .catch(() => false);
    if (answered) seen++;
    else {
      missed++;
      seen = await pongs();
    }
  }
  return { missed };
}

export async function leakBench(): Promise<void> {
  const port = await freePort(2);
  const base = `http://localhost:${port}`;
  console.log(
    `no leaks: shipment registration (OSS) open for ${CYCLES.toLocaleString('en')} ping cycles on Playwright's clock (portal :${port}, applications :${port + 1})`,
  );
  const server = await startServer(port);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
    await context.addCookies([{ name: COOKIE.language, value: 'eng', url: base }]);
    const page = await context.newPage();
    await page.clock.install();
    await page.addInitScript(countersScript);

    // mari signs in on the sign-on page, picks Maasikas OÜ and opens shipment registration from the dashboard
    await page.goto(`${base}/api/security/login?target=${encodeURIComponent('/ui/dashboard')}`);
    await page.getByLabel('Username', { exact: true }).fill('mari');
    await page.getByLabel('Password', { exact: true }).fill('Maasikas1');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Choose, whose main page You want to enter' })
      .getByRole('button', { name: 'Maasikas OÜ', exact: true })
      .click();
    await page.getByTestId('shortcuts').getByRole('link', { name: 'Shipment registration' }).click();
    await page
      .frameLocator('#oss-iframe')
      .getByTestId('app-party')
      .filter({ hasText: 'Maasikas OÜ' })
      .waitFor({ timeout: 30_000 });
    await page.locator('[data-testid="external-frame"][data-channel="active"]').waitFor({ timeout: 10_000 });
    const counted = await page.evaluate(() => (window as unknown as { __bench?: { counted: boolean } }).__bench);
    if (!counted) throw new Error('the timer counter did not run in the portal window');

    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 50);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await cdp.send('HeapProfiler.enable');

    await runCycles(page, WARM_UP);
    const start = await sample(page, cdp);
    const t0 = performance.now();
    const { missed } = await runCycles(page, CYCLES);
    const wallS = (performance.now() - t0) / 1000;
    const end = await sample(page, cdp);
    const channel = await page.getByTestId('external-frame').getAttribute('data-channel');
    const stillThere = await page.frameLocator('#oss-iframe').getByTestId('app-party').textContent();

    const mb = (b: number) => `${(b / 1024 / 1024).toFixed(2)} MB`;
    const pct = (a: number, b: number) => `${b >= a ? '+' : ''}${(((b - a) / a) * 100).toFixed(1)} %`;
    const row = (label: string, a: string, b: string, change = '') =>
      console.log(`${label.padEnd(54)} ${a.padStart(12)} → ${b.padStart(12)}${change ? `  (${change})` : ''}`);
    console.log(
      `${CYCLES.toLocaleString('en')} cycles of ${HEALTH_CHECK} ms (${((CYCLES * HEALTH_CHECK) / 60_000).toFixed(1)} min of page time) in ${wallS.toFixed(1)} s after ${WARM_UP} warm-up cycles; pongs ${(end.pongs - start.pongs).toLocaleString('en')}, missed ${missed}; channel at the end: ${channel}, frame shows ${stillThere ?? '(nothing)'}`,
    );
    console.log('after a forced garbage collection, start → end:');
    row('JS heap used (Runtime.getHeapUsage)', mb(start.heapUsed), mb(end.heapUsed), pct(start.heapUsed, end.heapUsed));
    row(
      'JSHeapUsedSize (Performance.getMetrics)',
      mb(start.jsHeapUsedSize),
      mb(end.jsHeapUsedSize),
      pct(start.jsHeapUsedSize, end.jsHeapUsedSize),
    );
    row(
      "'message' listeners on window (1 is the bench's)",
      String(start.messageListeners),
      String(end.messageListeners),
    );
    row('all listeners on window', String(start.allListeners), String(end.allListeners));
    row('live setTimeout handles', String(start.timeouts), String(end.timeouts));
    row('live setInterval handles', String(start.intervals), String(end.intervals));
    await context.close();
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    await new Promise((r) => (server.exitCode !== null ? r(null) : server.once('exit', r)));
  }
}
