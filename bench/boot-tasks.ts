/**
 * Bench section `boot-tasks` (docs/performance.md): the main thread's tasks of a page's boot, from a Chromium
 * performance trace (Playwright, the DevTools protocol), for the three pages of bench/lighthouse.ts at Lighthouse's
 * two window widths (412 and 1350 px), without and with a 4× CPU slowdown. Per run: the first contentful paint, the
 * blocking time (the sum of each task's time over 50 ms, Lighthouse's definition) and the longest task, after the
 * first paint and over the whole boot (from the navigation until the page has been quiet for 2.5 s), and every task
 * of at least BENCH_TASK_MS (default 40 ms) with what ran in it. Steadier on a busy machine than Lighthouse's scores,
 * whose simulation places the tasks on a timeline of its own.
 *
 *   npm run bench -- boot-tasks                              # 3 runs (BENCH_BOOT_RUNS)
 *   DIST_DIR=dist-x npx tsx bench/boot-tasks.ts [runs]
 *   BENCH_CPU=1,4 BENCH_WIDTHS=412,1350 BENCH_SCREENS=dashboard  # slowdowns, widths, pages (words of their labels)
 *   BENCH_PROFILE=1 BENCH_TOP=8                              # also a CPU profile: the functions that took each task's
 *                                                            # time (names read best in a build without minification)
 */
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS } from '../tools/lib/chromium.js';
import { SCREENS } from './size.js';
import { ensureBuild, signIn, startPortal } from './portal-process.js';

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: Record<string, unknown> & { data?: Record<string, unknown> };
}

interface Task {
  start: number;
  ms: number;
  what: string;
  /** trace clock, µs */
  ts: number;
  dur: number;
}

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** the functions that took the most time inside [from, to) (trace clock, µs): inclusive, by name and file */
function profileOf(profile: CpuProfile, from: number, to: number, top: number): string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const incl = new Map<string, number>();
  const self = new Map<string, number>();
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i];
    const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    if (t < from || t >= to) continue;
    const seen = new Set<string>();
    let id: number | undefined = profile.samples[i];
    let first = true;
    while (id !== undefined) {
      const f = byId.get(id)!.callFrame;
      const name = `${f.functionName || '(anon)'} ${path.basename(f.url)}:${f.lineNumber + 1}`;
      if (first) self.set(name, (self.get(name) ?? 0) + dt);
      first = false;
      if (!seen.has(name)) incl.set(name, (incl.get(name) ?? 0) + dt);
      seen.add(name);
      id = parent.get(id);
    }
  }
  const fmt = (m: Map<string, number>) =>
    [...m]
      .filter(([n]) => !/^\((root|program|idle)\)/.test(n))
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([n, v]) => `${n} ${v.toFixed(1)}`)
      .join(' | ');
  return `\n        incl: ${fmt(incl)}\n        self: ${fmt(self)}`;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** the main thread of the page's renderer: the thread with the page's first contentful paint */
function tasksOf(
  events: TraceEvent[],
  minMs: number,
): { fcp: number; tasks: Task[]; tbt: number; longest: number; blocking: number; longestAll: number } {
  const fcpEvent = events.find((e) => e.name === 'firstContentfulPaint');
  if (!fcpEvent) throw new Error('no first contentful paint in the trace');
  const main = events.filter((e) => e.pid === fcpEvent.pid && e.tid === fcpEvent.tid);
  const navStart = main.find((e) => e.name === 'navigationStart')?.ts ?? fcpEvent.ts;
  const fcp = (fcpEvent.ts - navStart) / 1000;
  const runTasks = main.filter((e) => e.name === 'RunTask' && e.ph === 'X' && e.dur !== undefined);
  const tasks: Task[] = [];
  let tbt = 0;
  let longest = 0;
  let blocking = 0;
  let longestAll = 0;
  for (const t of runTasks) {
    const ms = t.dur! / 1000;
    const afterFcp = t.ts >= fcpEvent.ts;
    if (t.ts >= navStart) {
      blocking += Math.max(0, ms - 50);
      longestAll = Math.max(longestAll, ms);
    }
    if (afterFcp) {
      tbt += Math.max(0, ms - 50);
      longest = Math.max(longest, ms);
    }
    if (ms < minMs) continue;
    // what ran inside: the top-level children's names and their times (scripts by file, layout, style, paint)
    const inside = main.filter(
      (e) => e !== t && e.ph === 'X' && e.ts >= t.ts && e.ts + (e.dur ?? 0) <= t.ts + t.dur! && (e.dur ?? 0) >= 2000,
    );
    const byName = new Map<string, number>();
    for (const e of inside) {
      const data = e.args?.data ?? {};
      let name = e.name;
      if (name === 'RunTask' || name === 'ThreadControllerImpl::RunTask') continue;
      if (process.env.BENCH_ALL_EVENTS) {
        byName.set(name, (byName.get(name) ?? 0) + (e.dur ?? 0) / 1000);
        continue;
      }
      if (
        ![
          'FunctionCall',
          'EvaluateScript',
          'Layout',
          'UpdateLayoutTree',
          'Paint',
          'TimerFire',
          'EventDispatch',
          'RunMicrotasks',
          'v8.run',
          'XHRReadyStateChange',
          'ResourceReceivedData',
          'ParseHTML',
          'v8.compile',
          'V8.GCScavenger',
          'MajorGC',
          'MinorGC',
          'FireAnimationFrame',
          'V8.GC_MC_BACKGROUND',
        ].includes(name)
      )
        continue;
      if (name === 'FunctionCall' || name === 'EvaluateScript') {
        const url = typeof data.url === 'string' ? data.url : '';
        name += ` ${path.basename(url)}${typeof data.functionName === 'string' && data.functionName ? ` ${data.functionName}` : ''}`;
      }
      if (name === 'EventDispatch' && typeof data.type === 'string') name += ` ${data.type}`;
      byName.set(name, (byName.get(name) ?? 0) + (e.dur ?? 0) / 1000);
    }
    const what = [...byName]
      .sort((a, b) => b[1] - a[1])
      .slice(0, Number(process.env.BENCH_TOP ?? 5))
      .map(([n, v]) => `${n} ${v.toFixed(0)}`)
      .join(', ');
    tasks.push({ start: (t.ts - navStart) / 1000, ms, what, ts: t.ts, dur: t.dur! });
  }
  return { fcp, tasks, tbt, longest, blocking, longestAll };
}

async function traceBoot(
  browser: Browser,
  origin: string,
  screen: (typeof SCREENS)[number],
  width: number,
  cpu: number,
): Promise<{ events: TraceEvent[]; profile?: CpuProfile }> {
  const context = await browser.newContext({
    viewport: { width, height: width < 700 ? 823 : 940 },
    deviceScaleFactor: width < 700 ? 1.75 : 1,
    isMobile: width < 700,
    hasTouch: width < 700,
  });
  try {
    if (screen.who) {
      const cookies = await signIn(origin, screen.who.username, screen.who.password);
      await context.addCookies([...cookies].map(([name, value]) => ({ name, value, url: `${origin}/` })));
    }
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    if (cpu > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
    await browser.startTracing(page, {
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'toplevel',
        'loading',
        'blink.user_timing',
        'v8.execute',
      ],
    });
    if (process.env.BENCH_PROFILE) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      await cdp.send('Profiler.start');
    }
    await page.goto(origin + screen.path, { waitUntil: 'load' });
    await page.locator(screen.ready).first().waitFor();
    // quiet for 2 s: no new long task can come from the boot after that
    await page.waitForTimeout(2500 * Math.max(1, cpu / 2));
    const profile = process.env.BENCH_PROFILE
      ? ((await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile }).profile
      : undefined;
    const buffer = await browser.stopTracing();
    return { events: (JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] }).traceEvents, profile };
  } finally {
    await context.close();
  }
}

export async function bootTasksBench(runs = Number(process.env.BENCH_BOOT_RUNS ?? 3)): Promise<void> {
  const distDir = ensureBuild();
  const only = process.env.BENCH_SCREENS?.split(',').filter(Boolean);
  const screens = SCREENS.filter((s) => !only || only.some((w) => s.label.includes(w)));
  const cpus = (process.env.BENCH_CPU ?? '1,4').split(',').map(Number);
  const widths = (process.env.BENCH_WIDTHS ?? '412,1350').split(',').map(Number);
  const minMs = Number(process.env.BENCH_TASK_MS ?? 40);
  const portal = await startPortal(distDir);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const out: string[] = [];
  try {
    console.log(
      `boot tasks of ${path.relative(process.cwd(), distDir)}/ (${runs} runs; load ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')})`,
    );
    for (const cpu of cpus)
      for (const width of widths)
        for (const screen of screens) {
          const tbts: number[] = [];
          const blocks: number[] = [];
          const longsAll: number[] = [];
          const longs: number[] = [];
          for (let i = 0; i < runs; i++) {
            const { events, profile } = await traceBoot(browser, portal.origin, screen, width, cpu);
            const r = tasksOf(events, minMs);
            tbts.push(r.tbt);
            longs.push(r.longest);
            blocks.push(r.blocking);
            longsAll.push(r.longestAll);
            console.log(
              `  ${cpu}× ${width} px ${screen.label} run ${i + 1}: FCP ${r.fcp.toFixed(0)} ms, TBT after FCP ${r.tbt.toFixed(0)} ms, longest ${r.longest.toFixed(0)} ms; whole boot: blocking ${r.blocking.toFixed(0)} ms, longest ${r.longestAll.toFixed(0)} ms (load ${loadavg()[0].toFixed(2)})`,
            );
            for (const t of r.tasks)
              console.log(
                `      task at ${t.start.toFixed(0)} ms: ${t.ms.toFixed(0)} ms — ${t.what}` +
                  (profile ? profileOf(profile, t.ts, t.ts + t.dur, Number(process.env.BENCH_TOP ?? 5)) : ''),
              );
          }
          out.push(
            `  ${cpu}× CPU, ${width} px, ${screen.label}: TBT after FCP median ${median(tbts).toFixed(0)} ms (${tbts.map((t) => t.toFixed(0)).join(' ')}), longest task median ${median(longs).toFixed(0)} ms (${longs.map((t) => t.toFixed(0)).join(' ')}); whole boot: blocking median ${median(blocks).toFixed(0)} ms (${blocks.map((t) => t.toFixed(0)).join(' ')}), longest median ${median(longsAll).toFixed(0)} ms (${longsAll.map((t) => t.toFixed(0)).join(' ')})`,
          );
        }
  } finally {
    await browser.close();
    await portal.close();
  }
  console.log(
    `summary (load after ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}):`,
  );
  for (const l of out) console.log(l);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await bootTasksBench(Number(process.argv[2] ?? process.env.BENCH_BOOT_RUNS ?? 3));
}
