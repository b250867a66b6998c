/**
 * Request logging (issue 14): one structured pino line per request, always (not only with DEBUG): method, route,
 * path, status, time in ms and a hash of the session id. Never the query string (a service ticket travels there),
 * a body, a password or a cookie: Fastify's own request lines are switched off (`disableRequestLogging`), and the
 * logger redacts cookie and authorization headers should anything log a request object.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { COOKIE } from '../../machines/lib/contract.js';
import { noMetrics, type Metrics } from '../ops/metrics.js';

/** A short, stable, non-reversible name of a session id: lines of one session can be followed without the id. */
export function sessionHash(id: string | undefined): string | null {
  if (!id) return null;
  // every request of a session logs it: hashed once per id (issue 12), the last few thousand kept
  let hash = hashes.get(id);
  if (hash === undefined) {
    hash = createHash('sha256').update(id).digest('hex').slice(0, 16);
    if (hashes.size >= 5_000) hashes.clear();
    if (id.length <= 64) hashes.set(id, hash); // a session id is 43 characters; the cookie is the client's
  }
  return hash;
}
const hashes = new Map<string, string>();

/** The logger options of the portal's Fastify instance. */
export function loggerOptions(debug: boolean, stream?: { write(line: string): void }): FastifyServerOptions['logger'] {
  return {
    level: debug ? 'debug' : 'info',
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]', '*.password'],
      censor: '[redacted]',
    },
    ...(stream ? { stream } : {}),
  };
}

/**
 * The request log line and the request metrics (server/ops/metrics.ts), in one hook: both read the same route and
 * time. Probes (/health, /ready: a balancer asks every few seconds) are logged at debug level only.
 */
export function installRequestLog(app: FastifyInstance, opts: { log: boolean; metrics: Metrics }): void {
  const { log, metrics } = opts;
  if (!log && metrics === noMetrics) return;
  app.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions.url ?? null;
    if (metrics !== noMetrics) metrics.request(req.method, route, reply.statusCode, reply.elapsedTime);
    if (!log) return done();
    const probe = req.routeOptions.config?.probe === true;
    req.log[probe ? 'debug' : 'info'](
      {
        method: req.method,
        route,
        path: req.url.split('?')[0].slice(0, 300),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        session: sessionHash(req.cookies?.[COOKIE.session]),
      },
      'request',
    );
    done();
  });
}
