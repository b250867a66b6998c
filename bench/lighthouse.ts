/**
 * Bench section `lighthouse` (docs/performance.md): Lighthouse 12 (mobile preset: a Moto G Power class device,
 * simulated slow 4G and 4× CPU slowdown) in the system Chromium on the landing page, the dashboard signed in and the
 * customer search, against the real server (bench/portal-process.ts) on DIST_DIR. Prints the performance,
 * accessibility and best-practices scores with the main timings, and what each flags. Figures only, no thresholds
 * (the Lighthouse targets: performance ≥ 0.95, accessibility and best practices 1.00 on the first two). Scores on a
 * busy machine drop: the load average is printed with them.
 *
 *   npm run bench -- lighthouse
 *   DIST_DIR=dist-x npx tsx bench/lighthouse.ts [runs]     # runs per page (default 1; the median is printed)
 *   BENCH_ORIGIN=http://127.0.0.1:8080 npx tsx bench/lighthouse.ts   # a portal already running (npm start)
 *   BENCH_SCREENS=landing,dashboard npx tsx bench/lighthouse.ts 3   # only the pages whose label has one of these words
 *   BENCH_LIGHTHOUSE_JSON=/tmp/lh npx tsx bench/lighthouse.ts       # also every run's full report (JSON) in that folder
 *
 * Each run is a fresh Chromium (CHROME_PATH, default /usr/bin/chromium) with its own profile, so the cache is cold. A signed-in page gets
 * the person's cookies from the real sign-on flow, put into that Chromium's cookie store before the run (Lighthouse
 * clears no cookies), so the page's script sees them as a signed-in browser's (the readable EPIT-SIGNED-IN hint).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { SCREENS } from './size.js';
import { builtAt, ensureBuild, root, signIn, startPortal } from './portal-process.js';

const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
const TIMINGS = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'SI'],
] as const;

/** a fresh Chromium (its own profile, so a cold cache) with the DevTools protocol on a free port */
async function launchChrome(): Promise<{ port: number; kill(): Promise<void> }> {
  const profile = mkdtempSync(path.join(tmpdir(), 'epit-lighthouse-'));
  const child = spawn(
    CHROME,
    [...CHROME_FLAGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const kill = async () => {
    child.kill('SIGKILL');
    await exited;
    // Chromium's helper processes may still write for a moment: a profile left behind in tmp is harmless
    try {
      rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    } catch {
      console.error(`  (could not remove ${profile})`);
    }
  };
  const port = await new Promise<number>((resolve, reject) => {
    let err = '';
    const timer = setTimeout(() => reject(new Error(`Chromium gave no DevTools port:\n${err}`)), 30_000);
    child.stderr?.on('data', (d: Buffer) => {
      err += d.toString();
      const m = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(err);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    child.once('exit', (code) => reject(new Error(`Chromium exited with ${code}:\n${err}`)));
  }).catch(async (error: unknown) => {
    await kill();
    throw error;
  });
  return { port, kill };
}

/** the cookies of a signed-in browser, in the default profile of the Chromium on `port` (over the DevTools protocol) */
async function addCookies(port: number, origin: string, cookies: Map<string, string>): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    await browser.contexts()[0].addCookies([...cookies].map(([name, value]) => ({ name, value, url: `${origin}/` })));
  } finally {
    await browser.close(); // only disconnects: the browser and its default profile stay for Lighthouse
  }
}

async function audit(url: string, cookies: Map<string, string> | null): Promise<Result> {
  const chrome = await launchChrome();
  try {
    if (cookies) await addCookies(chrome.port, new URL(url).origin, cookies);
    const flags: Flags = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    };
    const result = await lighthouse(url, flags);
    if (!result) throw new Error(`lighthouse gave no result for ${url}`);
    return result.lhr;
  } finally {
    await chrome.kill();
  }
}

const score = (lhr: Result, id: string) => lhr.categories[id]?.score ?? NaN;

/** the audits of a category that did not pass, with the savings Lighthouse estimates */
function flagged(lhr: Result, id: string): string[] {
  const out: string[] = [];
  for (const ref of lhr.categories[id]?.auditRefs ?? []) {
    const a = lhr.audits[ref.id];
    if (!a || a.score === null || a.score >= 0.9 || a.scoreDisplayMode === 'informative') continue;
    if (a.scoreDisplayMode === 'notApplicable' || a.scoreDisplayMode === 'manual') continue;
    out.push(`${ref.id}${a.displayValue ? ` (${a.displayValue})` : ''}`);
  }
  return out;
}

export async function lighthouseBench(runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 1)): Promise<void> {
  // BENCH_ORIGIN: audit a portal that is already running (npm start, or behind a proxy) instead of starting one
  const given = process.env.BENCH_ORIGIN;
  const distDir = given ? '' : ensureBuild();
  const portal = given
    ? { origin: given.replace(/\/+$/, ''), close: () => Promise.resolve() }
    : await startPortal(distDir);
  try {
    console.log(
      `Lighthouse 12 mobile (${given ? `portal at ${given}` : `portal from ${path.relative(root, distDir)}/ built ${builtAt(distDir)} UTC`}; ` +
        `${runs} run${runs === 1 ? '' : 's'} per page, the median (lower middle) by performance; load ${loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')})`,
    );
    const only = process.env.BENCH_SCREENS?.split(',').filter(Boolean);
    const reports = process.env.BENCH_LIGHTHOUSE_JSON;
    if (reports) mkdirSync(reports, { recursive: true });
    for (const screen of SCREENS) {
      if (only && !only.some((word) => screen.label.includes(word))) continue;
      const results: Result[] = [];
      for (let i = 0; i < runs; i++) {
        // a fresh session for each run, as a person signing in
        const cookies = screen.who ? await signIn(portal.origin, screen.who.username, screen.who.password) : null;
        const lhr = await audit(portal.origin + screen.path, cookies);
        results.push(lhr);
        if (reports)
          writeFileSync(
            path.join(reports, `${screen.path.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'root'}-${i + 1}.json`),
            JSON.stringify(lhr),
          );
      }
      results.sort((a, b) => score(a, 'performance') - score(b, 'performance'));
      const lhr = results[Math.floor((results.length - 1) / 2)];
      const scores = CATEGORIES.map((c) => `${c} ${score(lhr, c).toFixed(2)}`).join(' · ');
      const timings = TIMINGS.map(([id, label]) => `${label} ${lhr.audits[id]?.displayValue ?? '?'}`).join(' · ');
      const all = runs > 1 ? `  (performance per run: ${results.map((r) => score(r, 'performance')).join(', ')})` : '';
      console.log(`  ${screen.label}`);
      console.log(`    ${scores}${all}`);
      console.log(`    ${timings}`);
      if (lhr.runWarnings.length) console.log(`    warnings: ${lhr.runWarnings.join(' | ')}`);
      for (const c of CATEGORIES) {
        const f = flagged(lhr, c);
        if (f.length) console.log(`    flagged (${c}): ${f.join('; ')}`);
      }
    }
  } finally {
    await portal.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await lighthouseBench(Number(process.argv[2] ?? process.env.BENCH_LIGHTHOUSE_RUNS ?? 1));
}
