import { defineConfig } from 'vitest/config';
import type { HtmlTagDescriptor, Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { browserAliases, compiledMessages } from './tools/i18n/vite-plugin.js';
import { precompressed } from './tools/build/compress.js';

/** packages the first screen needs in full (react-intl brings @formatjs and intl-messageformat) */
const FIRST_SCREEN_LIBRARIES =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|@tanstack|xstate|@xstate|zod|react-intl|@formatjs|intl-messageformat|use-sync-external-store)[\\/]/;

/**
 * Preload hints for the first signed-in screen (issue 12): the entry's own imports get modulepreload links from
 * Vite; this adds the chunks of the routes named here (loaded with import() once the router matches), so they
 * arrive with the entry instead of a round trip later, and their CSS as a non-blocking preload.
 */
function preloadRoutes(routeFiles: string[]): Plugin {
  let base = '/';
  return {
    name: 'epit-preload-first-screen',
    apply: 'build',
    configResolved: (config) => void (base = config.base),
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return;
        const chunks = Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [c] : []));
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const js = new Set<string>();
        const css = new Set<string>();
        const visit = (fileName: string) => {
          const chunk = byFile.get(fileName);
          if (!chunk || js.has(fileName) || chunk.isEntry) return;
          js.add(fileName);
          chunk.viteMetadata?.importedCss.forEach((f) => css.add(f));
          chunk.imports.forEach(visit);
        };
        for (const c of chunks)
          if (c.isDynamicEntry && routeFiles.some((f) => c.facadeModuleId?.startsWith(`${import.meta.dirname}/${f}?`)))
            visit(c.fileName);
        // the runtime configuration, which boot fetches first (src/main.tsx): asked for with the entry's scripts
        const tags: HtmlTagDescriptor[] = [
          {
            tag: 'link',
            attrs: { rel: 'preload', as: 'fetch', crossorigin: true, href: `${base}config.json` },
            injectTo: 'head',
          },
        ];
        for (const f of js)
          if (!html.includes(`${base}${f}"`))
            tags.push({
              tag: 'link',
              attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${f}` },
              injectTo: 'head',
            });
        for (const f of css)
          if (!html.includes(`${base}${f}"`))
            tags.push({
              tag: 'link',
              attrs: { rel: 'preload', as: 'style', crossorigin: true, href: `${base}${f}` },
              injectTo: 'head',
            });
        return tags;
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
    // issue 12: one precompiled message chunk per language (tools/i18n/vite-plugin.ts)
    compiledMessages(),
    // the signed-in dashboard and the signed-out landing page
    preloadRoutes(['src/routes/dashboard.tsx', 'src/routes/index.tsx']),
    precompressed(), // issue 12: .br and .gz beside every asset over 1 kB (tools/build/compress.ts)
  ],
  // messages are ASTs, so the ICU parser stays out of the bundle; unit tests (vitest) keep it to check the catalogues
  resolve: { alias: process.env.VITEST ? [] : browserAliases },
  // no source maps in the served folder (issue 14): /ui/ serves dist/ as it is
  build: {
    outDir: 'dist',
    sourcemap: false,
    rolldownOptions: {
      output: {
        // issue 12: the libraries every page runs are one chunk (fewer round trips on the first load), not a dozen
        // pieces shaped by which route shares what
        codeSplitting: { groups: [{ name: 'libs', test: FIRST_SCREEN_LIBRARIES }] },
      },
    },
  },
  server: {
    // `npm run dev` runs vite in middleware mode inside the Fastify server, so API, CAS and UI share one origin.
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['machines/**/*.test.ts', 'src/**/*.test.{ts,tsx}', 'tools/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['server/**/*.test.ts'],
          environment: 'node',
          pool: 'forks',
          // on PostgreSQL (npm run test:server:pg) every query crosses to another process: longer limits (issue 13)
          ...(process.env.TEST_DATABASE_URL ? { testTimeout: 20_000, hookTimeout: 60_000 } : {}),
        },
      },
    ],
  },
});
