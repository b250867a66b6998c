/**
 * `npm run dev`: the same server, with /ui/ served by Vite in middleware mode (hot reload, `?inspect`).
 * Vite's HMR websocket shares Fastify's HTTP server, so everything stays on one origin.
 */
import { createServer as createViteServer, type ViteDevServer } from 'vite';
import { start } from './start.js';

let vite: ViteDevServer | null = null;

start({
  tag: 'dev',
  ui: { kind: 'middleware', handle: (req, res, next) => (vite ? vite.middlewares(req, res, next) : next()) },
  async beforeListen(app, env) {
    vite = await createViteServer({
      root: env.rootDir,
      base: '/ui/',
      appType: 'spa',
      server: { middlewareMode: true, ws: { server: app.server } },
    });
  },
  async onShutdown() {
    await vite?.close();
  },
});
