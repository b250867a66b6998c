/** What every route can reach through `req.server.deps` (decorated on the root instance by createApp). */
import type { FastifyReply } from 'fastify';
import type { Db } from '../db/index.js';
import type { Env } from '../env.js';
import type { Lifecycle } from '../ops/lifecycle.js';
import type { Metrics } from '../ops/metrics.js';
import type { Clock } from './clock.js';

export interface AppDeps {
  db: Db;
  clock: Clock;
  env: Env;
  /** aborted when the app starts closing, so long polls end at once instead of holding the shutdown */
  closing: AbortSignal;
  /**
   * How the server reaches outside services over HTTP (server/clients/*): the global fetch, or in server tests one
   * that routes loopback addresses into app.inject (server/test/loopback-fetch.ts).
   */
  fetch: typeof fetch;
  /** serving, or draining after SIGTERM (server/ops/lifecycle.ts) */
  lifecycle: Lifecycle;
  /** the Prometheus metrics (server/ops/metrics.ts), or `noMetrics` when METRICS_PORT is not set */
  metrics: Metrics;
}

/**
 * For a long-polling handler: aborted when the caller goes away or the app closes. Pass it down to
 * every wait, so a poll never outlives its caller or the server.
 */
export function longPollSignal(deps: AppDeps, reply: FastifyReply): AbortSignal {
  const gone = new AbortController();
  reply.raw.once('close', () => gone.abort());
  return AbortSignal.any([deps.closing, gone.signal]);
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
