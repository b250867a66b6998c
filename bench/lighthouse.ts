/**
 * Bench section `lighthouse` (docs/performance.md): Lighthouse 12 in the system Chromium, at mobile (the default
 * preset: a Moto G Power class device, simulated slow 4G and 4× CPU slowdown) and at desktop (Lighthouse's desktop
 * preset: 1350 × 940, fast network, no CPU slowdown), on the landing page, the dashboard signed in and the customer
 * search, each beside a hello world of the same libraries (bench/size.ts `buildHelloWorld`, built with base /ui/ and
 * precompressed as the portal's build is) audited in the same run.
 *
 * Both are served by the real server (bench/portal-process.ts: server/main.ts, NODE_ENV=production): one process
 * with DIST_DIR on the portal's build, one with DIST_DIR on the hello world's, so both get the same headers (the
 * Content-Security-Policy, the `Link` preload hints read from index.html), the same precompressed files and the same
 * static file code. The server has no option for this. The audits alternate (per run and preset: the hello world, then
 * the three pages), so a load change on the machine falls on both. The medians of the runs are printed, the hello
 * world's beside each page's, with the targets: performance within 0.02 of the hello world's, total blocking time at
 * most 1.2× the hello world's, accessibility and best practices 1.00. Scores on a busy machine drop: the load average
 * is printed with every run.
 *
 *   npm run bench -- lighthouse                        # 3 runs (BENCH_LIGHTHOUSE_RUNS)
 *   DIST_DIR=dist-x npx tsx bench/lighthouse.ts [runs]     # runs per page and preset (default 3; medians printed)
 *   BENCH_SCREENS=landing,dashboard npx tsx bench/lighthouse.ts 3   # only the pages whose label has one of these words
 *   BENCH_FORM_FACTORS=desktop npx tsx bench/lighthouse.ts          # only one preset (mobile,desktop by default)
 *   BENCH_LIGHTHOUSE_JSON=/tmp/lh npx tsx bench/lighthouse.ts       # also every run's full report (JSON) in that folder
 *   BENCH_LIGHTHOUSE_TRACES=1 BENCH_LIGHTHOUSE_JSON=/tmp/lh …       # and beside each its trace and DevTools log
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
import lighthouse, { type Config, type Flags, type Result, type RunnerResult } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { precompressed } from '../tools/build/compress.js';
import { buildHelloWorld, SCREENS } from './size.js';
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

async function audit(url: string, cookies: Map<string, string> | null, config?: Config): Promise<RunnerResult> {
  const chrome = await launchChrome();
  try {
    if (cookies) await addCookies(chrome.port, new URL(url).origin, cookies);
    const flags: Flags = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    };
    const result = await lighthouse(url, flags, config);
    if (!result) throw new Error(`lighthouse gave no result for ${url}`);
    return result;
  } finally {
    await chrome.kill();
  }
}

const score = (lhr: Result, id: string) => lhr.categories[id]?.score ?? NaN;
const ms = (lhr: Result, id: string) => lhr.audits[id]?.numericValue ?? NaN;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** the audits of a category that did not pass, with the savings Lighthouse estimates */
function flagged(lhr: Result, id: string): string[] {
  const out: string[] = [];
  for (const ref of lhr.categories[id]?.auditRefs ?? []) {
    const a = lhr.audits[ref.id];
    if (!a || a.score === null || a.score >= 0.9 || a.scoreDisplayMode === 'informative') continue;
    if (a.scoreDisplayMode === 'notApplicable' || a.scoreDisplayMode === 'manual') continue;
    // Lighthouse's hidden audits (weight 0, not in its report)
    if (ref.group === 'hidden') continue;
    out.push(`${ref.id}${a.displayValue ? ` (${a.displayValue})` : ''}`);
  }
  return out;
}

const PRESETS = [
  { name: 'mobile', label: 'mobile (Moto G Power, slow 4G, 4× CPU)', config: undefined },
  { name: 'desktop', label: 'desktop (Lighthouse desktop preset, 1× CPU)', config: desktopConfig },
] as const;

const HELLO = { label: 'hello world of the libraries', path: '/ui/' } as const;

/** one line of medians: the scores, then the timings, both from numeric values so the medians are exact */
function summary(results: Result[]) {
  const perf = median(results.map((r) => score(r, 'performance')));
  const tbt = median(results.map((r) => ms(r, 'total-blocking-time')));
  const a11y = Math.min(...results.map((r) => score(r, 'accessibility')));
  const bp = Math.min(...results.map((r) => score(r, 'best-practices')));
  const timing = (id: string) => median(results.map((r) => ms(r, id)));
  return { perf, tbt, a11y, bp, fcp: timing('first-contentful-paint'), lcp: timing('largest-contentful-paint') };
}

export async function lighthouseBench(runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3)): Promise<void> {
  const distDir = ensureBuild();
  const helloDir = mkdtempSync(path.join(tmpdir(), 'epit-hello-lh-'));
  const only = process.env.BENCH_SCREENS?.split(',').filter(Boolean);
  const screens = SCREENS.filter((s) => !only || only.some((word) => s.label.includes(word)));
  const presets = PRESETS.filter((p) => (process.env.BENCH_FORM_FACTORS ?? 'mobile,desktop').includes(p.name));
  const reports = process.env.BENCH_LIGHTHOUSE_JSON;
  if (reports) mkdirSync(reports, { recursive: true });
  try {
    // the hello world as the portal's build is made: under /ui/, with .br and .gz beside each file
    const helloDist = await buildHelloWorld('anchor', helloDir, { base: '/ui/', plugins: [precompressed()] });
    const portal = await startPortal(distDir);
    const hello = await startPortal(helloDist).catch(async (e: unknown) => {
      await portal.close();
      throw e;
    });
    // results[preset][target]: target 0 the hello world, then the screens
    const results = presets.map(() => [HELLO, ...screens].map((): Result[] => []));
    const loads: string[] = [];
    try {
      console.log(
        `Lighthouse 12 (portal from ${path.relative(root, distDir)}/ built ${builtAt(distDir)} UTC, hello world built ` +
          `now; both served by server/main.ts; ${runs} run${runs === 1 ? '' : 's'} per page and preset, medians)`,
      );
      for (let i = 0; i < runs; i++) {
        loads.push(load());
        console.log(`  run ${i + 1}: load ${loads[i]}`);
        for (const [p, preset] of presets.entries()) {
          for (const [t, target] of [HELLO, ...screens].entries()) {
            const origin = t === 0 ? hello.origin : portal.origin;
            const who = 'who' in target ? target.who : undefined;
            // a fresh session for each run, as a person signing in
            const cookies = who ? await signIn(origin, who.username, who.password) : null;
            const { lhr, artifacts } = await audit(origin + target.path, cookies, preset.config);
            results[p][t].push(lhr);
            if (reports) {
              const name = t === 0 ? 'hello' : target.path.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'root';
              writeFileSync(path.join(reports, `${preset.name}-${name}-${i + 1}.json`), JSON.stringify(lhr));
              // what Lighthouse's simulation (lantern) is computed from, to read its graph again: the trace, the
              // DevTools log, the URL and the settings, as lighthouse/core/computed/metrics/lantern-*.js take them
              if (process.env.BENCH_LIGHTHOUSE_TRACES === '1') {
                const { Trace, DevtoolsLog, URL } = artifacts;
                writeFileSync(
                  path.join(reports, `${preset.name}-${name}-${i + 1}.trace.json`),
                  JSON.stringify({ Trace, DevtoolsLog, URL, settings: lhr.configSettings }),
                );
              }
            }
          }
        }
      }
    } finally {
      await Promise.all([portal.close(), hello.close()]);
    }
    console.log(`  load after the runs: ${load()}`);
    for (const [p, preset] of presets.entries()) {
      console.log(`  ${preset.label}`);
      const base = summary(results[p][0]);
      const row = (label: string, s: ReturnType<typeof summary>, rs: Result[], note: string) =>
        console.log(
          `    ${label.padEnd(46)} perf ${s.perf.toFixed(2)} · TBT ${Math.round(s.tbt)
            .toString()
            .padStart(4)} ms · FCP ${(s.fcp / 1000).toFixed(2)} s · LCP ${(s.lcp / 1000).toFixed(2)} s · ` +
            `a11y ${s.a11y.toFixed(2)} · bp ${s.bp.toFixed(2)}  (perf per run ${rs.map((r) => score(r, 'performance').toFixed(2)).join(' ')}; ` +
            `TBT ${rs.map((r) => Math.round(ms(r, 'total-blocking-time'))).join(' ')} ms)${note}`,
        );
      row(HELLO.label, base, results[p][0], '');
      for (const [k, screen] of screens.entries()) {
        const rs = results[p][k + 1];
        const s = summary(rs);
        const dPerf = s.perf - base.perf;
        // both 0 ms: as good as the hello world
        const tbtRatio = s.tbt === 0 ? 0 : base.tbt === 0 ? Infinity : s.tbt / base.tbt;
        const verdict = [
          `perf ${dPerf >= 0 ? '+' : '−'}${Math.abs(dPerf).toFixed(2)} ${dPerf >= -0.02 - 1e-9 ? 'holds' : 'MISSES'} (≥ −0.02)`,
          `TBT ${Number.isFinite(tbtRatio) ? tbtRatio.toFixed(2) : '∞'}× ${tbtRatio <= 1.2 ? 'holds' : 'MISSES'} (≤ 1.2×)`,
          `a11y ${s.a11y === 1 ? 'holds' : 'MISSES'}`,
          `bp ${s.bp === 1 ? 'holds' : 'MISSES'}`,
        ].join(' · ');
        row(screen.label, s, rs, '');
        console.log(`      against the hello world: ${verdict}`);
        // what the median run (by performance) flags
        const mid = [...rs].sort((a, b) => score(a, 'performance') - score(b, 'performance'))[
          Math.floor((rs.length - 1) / 2)
        ];
        if (mid.runWarnings.length) console.log(`      warnings: ${mid.runWarnings.join(' | ')}`);
        for (const c of CATEGORIES) {
          const f = flagged(mid, c);
          if (f.length) console.log(`      flagged (${c}): ${f.join('; ')}`);
        }
      }
    }
  } finally {
    rmSync(helloDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await lighthouseBench(Number(process.argv[2] ?? process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));
}
