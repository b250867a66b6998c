/**
 * `npm run dev`: the same server, with /ui/ served by Vite in middleware mode (hot reload, `?inspect`).
 * Vite's HMR websocket shares Fastify's HTTP server, so everything stays on one origin.
 */
import { createServer as createViteServer } from 'vite';
import { createApp } from './app.js';
import { openDb } from './db/index.js';
import { prepareDb } from './db/prepare.js';
import { loadEnv } from './env.js';
import { systemClock } from './lib/clock.js';

async function main() {
  const env = loadEnv();
  const db = openDb(env.dataDir);
  await prepareDb(db, systemClock, { origin: env.publicOrigin ?? `http://localhost:${env.port}` });

  let vite: Awaited<ReturnType<typeof createViteServer>> | null = null;
  const app = await createApp({
    db,
    clock: systemClock,
    env,
    logger: env.debug,
    ui: { kind: 'middleware', handle: (req, res, next) => (vite ? vite.middlewares(req, res, next) : next()) },
  });
  await app.ready();
  vite = await createViteServer({
    root: env.rootDir,
    base: '/ui/',
    appType: 'spa',
    server: { middlewareMode: true, ws: { server: app.server } },
  });
  await app.listen({ port: env.port, host: env.host });
  console.log(`[dev] portal at http://localhost:${env.port}/ui/ (Vite middleware mode)`);

  const stop = async () => {
    await vite?.close();
    await app.close();
    await db.destroy();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err) => {
  console.error('[dev] failed:', err);
  process.exit(1);
});
