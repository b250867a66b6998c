/**
 * Bench section `weight` (JS weight, docs/performance.md): the JS the browser loads for the first signed-in screen,
 * against a library-only hello world built with the same packages at the same versions. Figures only, no thresholds
 * (the first-screen weight target: ratio ≤ 1.15).
 *
 *   npm run bench -- weight               # DIST_DIR (default dist) is built first when it has no index.html
 *   DIST_DIR=dist-x npx tsx bench/size.ts
 *
 * 1. The hello world: a temporary folder with one module that uses every library the portal ships (react,
 *    react-dom, xstate, @xstate/react, @tanstack/react-router, @tanstack/react-query, react-intl, zod, dayjs) the
 *    way the portal uses it (messages precompiled to ASTs, the ICU parser aliased away as in vite.config.ts), built
 *    with vite and @vitejs/plugin-react from this repository's node_modules. For comparison also the naive hello
 *    world (messages as ICU strings, so react-intl brings its parser), which is what was measured first.
 * 2. The portal: the real server (bench/portal-process.ts) on DIST_DIR; Chromium opens each page (the landing page
 *    signed out, the dashboard signed in as mari, the customer search as kristi), every script request under
 *    /ui/assets/ is recorded until the network is idle, and the files' sizes are summed (gzip -9, as sent
 *    compressed; raw beside it).
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

const helloModule = (compiled: boolean) => `
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createMachine } from 'xstate';
import { useMachine } from '@xstate/react';
import { createRootRoute, createRoute, createRouter, Link, Outlet, RouterProvider } from '@tanstack/react-router';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { FormattedMessage, IntlProvider } from 'react-intl';
import { z } from 'zod';
import dayjs from 'dayjs';

const Greeting = z.object({ name: z.string() });
const toggle = createMachine({
  id: 'toggle',
  initial: 'off',
  states: { off: { on: { 'toggle.flip': 'on' } }, on: { on: { 'toggle.flip': 'off' } } },
});
const messages = ${
  compiled
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
  compiled: boolean,
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
  writeFileSync(path.join(dir, 'src', 'main.tsx'), helloModule(compiled));
  await build({
    root: dir,
    base,
    configFile: false,
    logLevel: 'silent',
    plugins: [react(), ...plugins],
    resolve: { alias: compiled ? browserAliases : [] },
    build: { outDir: path.join(dir, 'dist') },
  });
  return path.join(dir, 'dist');
}

/** Builds the hello world in a temporary folder; returns the weight of its JS. */
async function helloWorld(compiled: boolean): Promise<Weight> {
  const dir = mkdtempSync(path.join(tmpdir(), 'epit-hello-'));
  try {
    const assets = path.join(await buildHelloWorld(compiled, dir), 'assets');
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

/** The scripts a page loads, until the network is idle: files in distDir. */
async function scriptsOf(origin: string, distDir: string, screen: Screen): Promise<string[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ baseURL: origin, viewport: { width: 412, height: 823 } });
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

export async function weightBench(): Promise<void> {
  const distDir = ensureBuild();
  const [hello, naive] = [await helloWorld(true), await helloWorld(false)];
  const portal = await startPortal(distDir);
  const rows: { label: string; w: Weight; files: string[] }[] = [];
  try {
    for (const screen of SCREENS) {
      const files = await scriptsOf(portal.origin, distDir, screen);
      rows.push({ label: screen.label, w: weigh(files), files });
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
  line('hello world, libraries as the portal uses them', hello);
  line('hello world, naive (ICU strings, parser shipped)', naive);
  for (const { label, w, files } of rows) {
    line(label, w, `  ratio ${(w.gzip / hello.gzip).toFixed(3)}`);
    // BENCH_FILES=1: each file the page loaded
    if (process.env.BENCH_FILES)
      for (const f of files.map((f) => ({ f, ...weigh([f]) })).sort((a, b) => b.gzip - a.gzip))
        console.log(`      ${path.basename(f.f).padEnd(48)} ${kB(f.gzip).padStart(9)} gzip`);
  }
  const dash = rows.find((r) => r.label.startsWith('dashboard'));
  if (dash)
    console.log(
      `  first signed-in screen / hello world: ${(dash.w.gzip / hello.gzip).toFixed(3)} (target ≤ 1.15; ` +
        `${(dash.w.gzip / naive.gzip).toFixed(3)} against the naive hello world)`,
    );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await weightBench();
}
