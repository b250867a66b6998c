/**
 * Bench section `weight` (JS weight, docs/performance.md): the JS the browser loads for each first screen, at a phone
 * width and a desktop width, against a library-only hello world built with the same packages at the same versions.
 * Figures only, no thresholds (the first signed-in screen's target: at most 1.05× the hello world at both widths).
 *
 *   npm run bench -- weight               # DIST_DIR (default dist) is built first when it has no index.html
 *   DIST_DIR=dist-x npx tsx bench/size.ts
 *   BENCH_FILES=0 npx tsx bench/size.ts   # the sums only, without each page's files
 *
 * 1. The hello world: a temporary folder with one module that uses every library of the portal's browser code
 *    (react, react-dom, xstate, @xstate/react, @tanstack/react-router, @tanstack/react-query, react-intl, zod/mini)
 *    and dayjs, the way the portal uses them (zod/mini as in every browser module, messages precompiled to ASTs, the
 *    ICU parser aliased away as in vite.config.ts), built with vite and @vitejs/plugin-react from this repository's
 *    node_modules. This is the anchor of the ratios. For comparison also the same with classic zod (the anchor of the
 *    figures before 2026-11-29, which credited the portal with classic zod's weight it does not load) and the naive
 *    hello world (classic zod and messages as ICU strings, so react-intl brings its parser), measured first.
 * 2. The portal: the real server (bench/portal-process.ts) on DIST_DIR; Chromium opens each page (the landing page
 *    signed out, the dashboard signed in as mari, the customer search as kristi) in a window of each width (412 px,
 *    a phone; 1280 px, a desktop), every script request under /ui/assets/ is recorded until the network is idle, and
 *    the files' sizes are summed (gzip -9, as sent compressed; raw beside it).
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import react from '@vitejs/plugin-react';
import { build, type PluginOption } from 'vite';
import { CHROMIUM, CHROMIUM_ARGS } from '../tools/lib/chromium.js';
import { browserAliases } from '../tools/i18n/vite-plugin.js';
import { builtAt, ensureBuild, root, signIn, startPortal } from './portal-process.js';

const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
const gzip9 = (buf: Buffer) => gzipSync(buf, { level: 9 }).length;

interface Weight {
  files: number;
  raw: number;
  gzip: number;
}

function weigh(files: string[]): Weight {
  let raw = 0;
  let gzip = 0;
  for (const f of files) {
    const buf = readFileSync(f);
    raw += buf.length;
    gzip += gzip9(buf);
  }
  return { files: files.length, raw, gzip };
}

/** the hello world's variants: `anchor` is the one the ratios divide by */
export type Hello = 'anchor' | 'classic-zod' | 'naive';

const helloModule = (variant: Hello) => `
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createMachine } from 'xstate';
import { useMachine } from '@xstate/react';
import { createRootRoute, createRoute, createRouter, Link, Outlet, RouterProvider } from '@tanstack/react-router';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { FormattedMessage, IntlProvider } from 'react-intl';
import { z } from '${variant === 'anchor' ? 'zod/mini' : 'zod'}';
import dayjs from 'dayjs';

const Greeting = z.object({ name: z.string() });
const toggle = createMachine({
  id: 'toggle',
  initial: 'off',
  states: { off: { on: { 'toggle.flip': 'on' } }, on: { on: { 'toggle.flip': 'off' } } },
});
const messages = ${
  variant !== 'naive'
    ? `{ hello: [{ type: 0, value: 'Hello, ' }, { type: 1, value: 'name' }, { type: 0, value: '!' }] }`
    : `{ hello: 'Hello, {name}!' }`
};

function Hello() {
  const [state, send] = useMachine(toggle);
  const q = useQuery({ queryKey: ['hello'], queryFn: () => Greeting.parse({ name: 'world' }) });
  return (
    <main>
      <h1><FormattedMessage id="hello" values={{ name: q.data?.name ?? '…' }} /></h1>
      <p>{dayjs('2026-11-23').format('DD.MM.YYYY')}</p>
      <button onClick={() => send({ type: 'toggle.flip' })}>{String(state.value)}</button>
      <Link to="/">home</Link>
    </main>
  );
}
const rootRoute = createRootRoute({ component: () => <Outlet /> });
const indexRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: Hello });
const router = createRouter({ routeTree: rootRoute.addChildren([indexRoute]), basepath: import.meta.env.BASE_URL });
const queryClient = new QueryClient();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <IntlProvider locale="en" messages={messages}>
        <RouterProvider router={router} />
      </IntlProvider>
    </QueryClientProvider>
  </StrictMode>,
);
`;

/**
 * Builds the hello world in `dir` (an empty folder the caller removes) and returns its built folder (`dir`/dist):
 * `base` is vite's (the router's basepath follows it), `plugins` come beside @vitejs/plugin-react. bench/lighthouse.ts
 * builds it under /ui/ with the portal's precompression and serves it with the portal's server.
 */
export async function buildHelloWorld(
  variant: Hello,
  dir: string,
  { base = '/', plugins = [] }: { base?: string; plugins?: PluginOption[] } = {},
): Promise<string> {
  mkdirSync(path.join(dir, 'src'));
  symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>hello</title></head>' +
      '<body><div id="root"></div><script type="module" src="/src/main.tsx"></script></body></html>',
  );
  writeFileSync(path.join(dir, 'src', 'main.tsx'), helloModule(variant));
  await build({
    root: dir,
    base,
    configFile: false,
    logLevel: 'silent',
    plugins: [react(), ...plugins],
    resolve: { alias: variant !== 'naive' ? browserAliases : [] },
    build: { outDir: path.join(dir, 'dist') },
  });
  return path.join(dir, 'dist');
}

/** Builds the hello world in a temporary folder; returns the weight of its JS. */
async function helloWorld(variant: Hello): Promise<Weight> {
  const dir = mkdtempSync(path.join(tmpdir(), 'epit-hello-'));
  try {
    const assets = path.join(await buildHelloWorld(variant, dir), 'assets');
    return weigh(
      readdirSync(assets)
        .filter((f) => f.endsWith('.js'))
        .map((f) => path.join(assets, f)),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

interface Screen {
  label: string;
  path: string;
  who?: { username: string; password: string };
  /** a selector that is on screen once the page has rendered */
  ready: string;
}

export const SCREENS: Screen[] = [
  { label: 'landing /ui/ (signed out)', path: '/ui/', ready: 'main' },
  {
    label: 'dashboard /ui/dashboard (mari)',
    path: '/ui/dashboard',
    who: { username: 'mari', password: 'Maasikas1' },
    ready: 'main',
  },
  {
    label: 'customer search /ui/customer-search (kristi)',
    path: '/ui/customer-search',
    who: { username: 'kristi', password: 'Kask12345' },
    ready: 'main h1',
  },
];

/** The window widths each page is weighed at: a phone (the compact header) and a desktop (header, dropdown, rail). */
export const WIDTHS = [
  { label: '412 px (phone)', width: 412, height: 823 },
  { label: '1280 px (desktop)', width: 1280, height: 800 },
] as const;

type Width = (typeof WIDTHS)[number];

/** The scripts a page loads at one window width, until the network is idle: files in distDir. */
async function scriptsOf(origin: string, distDir: string, screen: Screen, width: Width): Promise<string[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({
      baseURL: origin,
      viewport: { width: width.width, height: width.height },
    });
    if (screen.who) {
      const cookies = await signIn(origin, screen.who.username, screen.who.password);
      await context.addCookies([...cookies].map(([name, value]) => ({ name, value, url: origin })));
    }
    const page = await context.newPage();
    const scripts = new Set<string>();
    page.on('response', (res) => {
      const url = new URL(res.url());
      if (res.request().resourceType() === 'script' && url.pathname.startsWith('/ui/assets/'))
        scripts.add(path.join(distDir, url.pathname.slice('/ui/'.length)));
    });
    await page.goto(screen.path, { waitUntil: 'networkidle' });
    await page.locator(screen.ready).first().waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    return [...scripts];
  } finally {
    await browser.close();
  }
}

/** the first signed-in screen, whose ratio the target is about */
const FIRST_SIGNED_IN = 'dashboard';
const TARGET = 1.05;

export async function weightBench(): Promise<void> {
  const distDir = ensureBuild();
  const hello = await helloWorld('anchor');
  const classic = await helloWorld('classic-zod');
  const naive = await helloWorld('naive');
  const portal = await startPortal(distDir);
  const rows: { width: Width; screen: Screen; w: Weight; files: string[] }[] = [];
  try {
    for (const width of WIDTHS)
      for (const screen of SCREENS) {
        const files = await scriptsOf(portal.origin, distDir, screen, width);
        rows.push({ width, screen, w: weigh(files), files });
      }
  } finally {
    await portal.close();
  }
  console.log(
    `JS weight (gzip -9; portal from ${path.relative(root, distDir)}/ built ${builtAt(distDir)} UTC; load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')})`,
  );
  const line = (label: string, w: Weight, note = '') =>
    console.log(
      `  ${label.padEnd(50)} ${kB(w.gzip).padStart(9)} gzip ${kB(w.raw).padStart(10)} raw  ${String(w.files).padStart(2)} files${note}`,
    );
  line('hello world (anchor: zod/mini, compiled messages)', hello);
  line('hello world with classic zod (anchor until 11-29)', classic);
  line('hello world, naive (ICU strings, parser shipped)', naive);
  const listFiles = process.env.BENCH_FILES !== '0';
  for (const width of WIDTHS) {
    console.log(`  at ${width.label}:`);
    for (const { screen, w, files } of rows.filter((r) => r.width === width)) {
      line(`  ${screen.label}`, w, `  ratio ${(w.gzip / hello.gzip).toFixed(3)}`);
      if (listFiles)
        for (const f of files.map((f) => ({ f, ...weigh([f]) })).sort((a, b) => b.gzip - a.gzip))
          console.log(`        ${path.basename(f.f).padEnd(48)} ${kB(f.gzip).padStart(9)} gzip`);
    }
  }
  for (const { width, w } of rows.filter((r) => r.screen.label.startsWith(FIRST_SIGNED_IN)))
    console.log(
      `  first signed-in screen at ${width.label}: ${kB(w.gzip)} = ${(w.gzip / hello.gzip).toFixed(3)}× the hello ` +
        `world (target ≤ ${TARGET}: ${w.gzip / hello.gzip <= TARGET ? 'met' : 'not met'}; ` +
        `${(w.gzip / classic.gzip).toFixed(3)}× the one with classic zod)`,
    );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await weightBench();
}
