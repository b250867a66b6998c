import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';

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
  ],
  // no source maps in the served folder (issue 14): /ui/ serves dist/ as it is
  build: { outDir: 'dist', sourcemap: false },
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
        test: { name: 'server', include: ['server/**/*.test.ts'], environment: 'node', pool: 'forks' },
      },
    ],
  },
});
