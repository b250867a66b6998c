import { defineConfig } from 'vitest/config';
import { availableParallelism } from 'node:os';
import type { HtmlTagDescriptor, Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { browserAliases, compiledMessages } from './tools/i18n/vite-plugin.js';
import { precompressed } from './tools/build/compress.js';
import { keepPreviousBuilds } from './tools/build/keep-builds.js';
import { stripMachineDescriptionsPlugin } from './tools/build/strip-descriptions.js';
import { WIDE_MEDIA } from './src/ui/wide-media.js';

/** a route's split-off component (@tanstack/router-plugin autoCodeSplitting); [1] its family, the file's first name */
const ROUTE_SPLIT = /[\\/]src[\\/]routes[\\/]([a-z-]+)[^\\/]*\.tsx\?tsr-split=/;

/**
 * The shell's views and rules that a desktop-wide page shows at once but a phone's first screen does not (the desktop
 * header, its representee dropdown, the menu rail and what they share with the compact header's menus): one chunk,
 * so a wide page asks for them in one request at boot.
 */
const WIDE_SHELL =
  /[\\/]src[\\/]features[\\/]shell[\\/](Header|RepresenteeCombobox|MainMenu|MenuItems|menu-tree|usePanelData)\.tsx?$|[\\/]domain[\\/]rights[\\/](representees|side-panel)\.ts$/;

/** the packages the first screen runs (react-intl brings @formatjs and intl-messageformat) */
const FIRST_SCREEN_LIBRARIES =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|@tanstack|xstate|@xstate|zod|react-intl|@formatjs|intl-messageformat|use-sync-external-store)[\\/]/;

/**
 * Preload hints for the first screen (docs/performance.md): Vite links the entry's chunks (modulepreload), and the
 * first screen's routes are in the entry's chunk (src/routes/dashboard.tsx and index.tsx are not split); this adds the
 * runtime configuration, which boot fetches first (src/main.tsx), so it is asked for with the entry's scripts.
 */
function preloadConfig(): Plugin {
  let base = '/';
  return {
    name: 'epit-preload-config',
    apply: 'build',
    configResolved: (config) => void (base = config.base),
    transformIndexHtml: {
      order: 'post',
      handler: (): HtmlTagDescriptor[] => [
        {
          tag: 'link',
          attrs: { rel: 'preload', as: 'fetch', crossorigin: true, href: `${base}config.json` },
          injectTo: 'head',
        },
      ],
    },
  };
}

/**
 * The desktop views' chunk (WIDE_SHELL) for a window wide enough to show them: a modulepreload link whose media is the
 * desktop layout's query, so a wide page fetches it beside the entry instead of once the entry has run (a round trip
 * later), and a phone does not fetch it at all. The server's Link header keeps the media (server/app.ts).
 */
function preloadWideShell(): Plugin {
  let base = '/';
  return {
    name: 'epit-preload-wide-shell',
    apply: 'build',
    configResolved: (config) => void (base = config.base),
    transformIndexHtml: {
      order: 'post',
      handler: (_html, ctx): HtmlTagDescriptor[] => {
        const chunk = Object.values(ctx.bundle ?? {}).find((c) => c.type === 'chunk' && c.name === 'wide-shell');
        if (!chunk) return [];
        return [
          {
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${chunk.fileName}`, media: WIDE_MEDIA },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}

// The portal is served under /ui/ by the reference backend (and by a real one).
export default defineConfig({
  base: '/ui/',
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: 'src/routes',
      generatedRouteTree: 'src/routeTree.gen.ts',
    }),
    react(),
    // one precompiled message chunk per language and part (tools/i18n/vite-plugin.ts)
    compiledMessages(),
    // the machines' descriptions (the flow book's words) are read in development only
    stripMachineDescriptionsPlugin(),
    preloadConfig(),
    preloadWideShell(),
    precompressed(), // .br and .gz beside every asset over 1 kB (tools/build/compress.ts)
    keepPreviousBuilds(), // the hashed files of the two builds before stay (tools/build/keep-builds.ts)
  ],
  // messages are ASTs, so the ICU parser stays out of the bundle; unit tests (vitest) keep it to check the catalogues
  resolve: { alias: process.env.VITEST ? [] : browserAliases },
  // no source maps in the served folder (docs/security.md): /ui/ serves dist/ as it is
  build: {
    outDir: 'dist',
    // a page still open from the build before asks for its own files: tools/build/keep-builds.ts removes what no
    // kept build lists
    emptyOutDir: false,
    sourcemap: false,
    // every browser the portal supports knows <link rel="modulepreload">; no polyfill on the first screen
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // a zod schema (z.object(...), z.string() ...) no module uses is dropped: building one has no effect outside it
      // (no z.config, no registry in src/ or machines/)
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        codeSplitting: {
          groups: [
            // the libraries every page runs are one chunk (fewer round trips on the first load), not a
            // dozen pieces shaped by which route shares what; only their modules the entry imports (a module only a
            // lazy part uses, such as react-query's mutations, loads with that part)
            { name: 'libs', test: FIRST_SCREEN_LIBRARIES, tags: ['$initial'] },
            // the portal's own code that the entry imports (the first screen) is one chunk as well; the
            // lazy routes and parts import what they share with it from there
            { name: 'index', tags: ['$initial'], test: (id) => !id.includes('node_modules') },
            { name: 'wide-shell', test: WIDE_SHELL },
            // a lazy route's own module (the router plugin's split component, a few lines that import its
            // feature) shares one chunk with the routes of its family (user-settings.*, settings.*, user-add.*),
            // so the first chunk's preload table names one chunk per family instead of one per route
            {
              name: (id) => ROUTE_SPLIT.exec(id)?.[1] ?? null,
              test: ROUTE_SPLIT,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: {
    // `npm run dev` runs vite in middleware mode inside the Fastify server, so API, CAS and UI share one origin.
  },
  test: {
    // both cores (vitest's default leaves one free: one worker on two cores)
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['machines/**/*.test.ts', 'domain/**/*.test.ts', 'src/**/*.test.{ts,tsx}', 'tools/**/*.test.ts'],
          environment: 'node',
          // the files of a worker share one module graph, as in the server project below (no test mocks a module,
          // and each makes its own state)
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['server/**/*.test.ts'],
          environment: 'node',
          pool: 'forks',
          // every API answer of every test is held against the published document (server/contract)
          setupFiles: ['server/test/check-answers.setup.ts'],
          // as above: every file loading the whole server again (1.6 s a file) was half the run (174 s → 71 s);
          // each test opens its own database and server
          isolate: false,
          // on PostgreSQL (npm run test:server:pg) every query crosses to another process: longer limits
          ...(process.env.TEST_DATABASE_URL ? { testTimeout: 20_000, hookTimeout: 60_000 } : {}),
          // the portal processes a test starts stop at once on SIGTERM: the drain is for a load balancer, and the one
          // test that has one sets its own (server/ops/service.test.ts)
          env: { DRAIN_SECONDS: '0' },
        },
      },
    ],
  },
});
