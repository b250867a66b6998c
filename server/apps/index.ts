/**
 * The demo external applications: shipment registration (/oss/), periodicals (/periodicals/) and invoicing
 * management (/finance/), and the private package service (/parcels/) a private person's LOGISTICS goes to: a second
 * Fastify server on APPS_PORT — its own origin, so the portal's origin checks are exercised for real. It reaches the
 * portal's side only over HTTP (server/apps/portal-link.ts) and keeps its own database (apps.sqlite under DATA_DIR).
 * README.md in this folder describes the URLs and the protocol.
 */
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Env } from '../env.js';
import type { Clock } from '../lib/clock.js';
import { esc, ICON_LINK } from '../lib/html.js';
import { portalOrigin } from '../lib/origins.js';
import { installAppsHeaders } from '../security/headers.js';
import { maskLine } from '../security/log-mask.js';
import { registerFinance } from './finance/index.js';
import type { AppsDeps } from './definitions.js';
import { ApiError } from './replies.js';
import { registerOss } from './oss/index.js';
import { registerParcels } from './parcels/index.js';
import { registerPeriodicals } from './periodicals/index.js';
import { createPortalLink } from './portal-link.js';
import { openAppsDb } from './store.js';
import { APP_NAMES } from './texts.js';

export interface AppsServerOptions {
  env: Env;
  clock: Clock;
  /** where apps.sqlite lives; null: in memory (tests) */
  dataDir: string | null;
  /** outgoing HTTP to the portal and CAS; default the global fetch */
  fetch?: typeof fetch;
  logger?: boolean;
  /** ms a switch reading / a granted access is reused (tests: 0) */
  switchCacheMs?: number;
  accessCacheMs?: number;
}

export async function createAppsServer(opts: AppsServerOptions): Promise<FastifyInstance> {
  const { env, clock } = opts;
  const app = Fastify({
    // Fastify's own request lines hold the URL (a service ticket in its query), access refusals a personal code
    logger: opts.logger ? { level: env.debug ? 'debug' : 'info', hooks: { streamWrite: maskLine } } : false,
    trustProxy: true,
    bodyLimit: 100_000,
  });
  const db = await openAppsDb(opts.dataDir, clock);
  const closing = new AbortController();
  const fetchImpl = opts.fetch ?? ((input: string | URL | Request, init?: RequestInit) => fetch(input, init));
  const deps: AppsDeps = {
    env,
    clock,
    db,
    closing: closing.signal,
    portal: createPortalLink({
      env,
      fetch: fetchImpl,
      switchCacheMs: opts.switchCacheMs,
      accessCacheMs: opts.accessCacheMs,
    }),
  };
  app.addHook('preClose', (done) => {
    closing.abort();
    done();
  });
  app.addHook('onClose', async () => {
    await db.destroy();
  });

  await app.register(fastifyCookie);
  await app.register(fastifyFormbody);
  await installAppsHeaders(app, env); // framed by the portal only
  // a back-channel logout request may come as the raw XML document instead of the `logoutRequest` form field
  app.addContentTypeParser(['text/xml', 'application/xml'], { parseAs: 'string' }, (_req, body, done) =>
    done(null, String(body)),
  );

  app.addHook('onSend', async (req, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    // every answer is per person and per represented party
    if (!reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
    const type = String(reply.getHeader('content-type') ?? '');
    // only the portal may frame these pages
    if (type.startsWith('text/html'))
      reply.header('Content-Security-Policy', `frame-ancestors 'self' ${portalOrigin(env, req)}`);
    return payload;
  });

  app.setErrorHandler(async (error, req, reply) => {
    if (error instanceof ApiError) return reply.status(error.statusCode).send({ error: error.error });
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status < 500) return reply.status(status).send({ error: 'BAD_REQUEST' });
    req.log.error(error);
    return reply.status(500).send({ error: 'INTERNAL' });
  });
  app.setNotFoundHandler(async (_req, reply) => reply.status(404).send({ error: 'NOT_FOUND' }));

  app.get('/', async (_req, reply) =>
    reply
      .header('Cache-Control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Demo applications</title>${ICON_LINK}</head><body><main><h1>Demo external applications</h1><p>Opened by the portal in a frame, for the representee it chooses.</p><ul>${(
          [
            ['OSS', '/oss/'],
            ['PERIODICALS', '/periodicals/'],
            ['FINANCE', '/finance/'],
            ['PARCELS', '/parcels/ee/en/private'],
          ] as const
        )
          .map(([a, href]) => `<li><a href="${href}">${esc(APP_NAMES[a].en)}</a></li>`)
          .join('')}</ul></main></body></html>`,
      ),
  );
  for (const prefix of ['/oss', '/periodicals', '/finance'])
    app.get(prefix, async (req, reply) => reply.redirect(`${prefix}/${req.url.slice(prefix.length)}`, 301));

  registerOss(app, deps);
  registerPeriodicals(app, deps);
  registerFinance(app, deps);
  registerParcels(app, deps);
  return app;
}
