/**
 * The process's life as a load balancer sees it (docs/deployment.md, "Stopping and restarting a process").
 *
 *   serving   /ready answers 200 while the database answers.
 *   draining  SIGTERM: /ready answers 503 at once (a balancer that polls it stops sending here), every request is
 *             still served, and every answer carries `Connection: close`, so the balancer's kept-alive connections
 *             end with their answers instead of idling on, to be cut when the process stops.
 *   handover  The last second of DRAIN_SECONDS: a GET or HEAD (not a long poll) is closed unanswered before anything
 *             runs, which a balancer passes to another process (nginx: `proxy_next_upstream error`, an idempotent
 *             request) and counts as a failure of this one; other requests are still served. A balancer that only watches
 *             answers (nginx's passive checks) learns here to stop sending, and it must have stopped before the
 *             listener closes: a connection the kernel accepted but Node had not yet when the listener closes is
 *             reset, request and all, and a balancer never passes a POST it has sent on to another process.
 *             An unanswered close rather than a 503: a 503 is what every process answers while the database is away,
 *             and a balancer that took 503s for failures would then mark them all down.
 *   stopping  The listener closes, long polls answer at once (deps.closing), the requests in flight finish (at most
 *             SHUTDOWN_TIMEOUT_SECONDS), the database pool closes, the process exits 0.
 *
 * server/start.ts moves the phases; the app reads them (a test's app stays `serving` unless the test moves it).
 */
import type { FastifyInstance } from 'fastify';
import { onRequestStep, routeOf } from '../lib/hook-chain.js';

export type Phase = 'serving' | 'draining' | 'handover' | 'stopping';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** a long poll (the signings' status checks): answered in every phase, see installLifecycle */
    longPoll?: boolean;
  }
}

export class Lifecycle {
  phase: Phase = 'serving';
}

/** The most of DRAIN_SECONDS given to the handover (all of it when the drain is shorter). */
export const HANDOVER_MS = 1000;

/** GET and HEAD change nothing (the portal's one state-changing GET, changeRepresented, has not run yet either). */
const idempotent = (method: string) => method === 'GET' || method === 'HEAD';

/** /health and /ready answer for themselves in every phase (server/ops/health.ts). */
const isProbe = (url: string) => url.startsWith('/health') || url.startsWith('/ready');

/**
 * `Connection: close` while draining and the handover's unanswered close (above). One comparison while serving.
 * A long poll (a signing's status check, `config.longPoll`) is answered in the handover too: it ends with an answer
 * the portal asks again after, never a cut connection, whatever is in front of the portal.
 */
export function installLifecycle(app: FastifyInstance, lifecycle: Lifecycle): void {
  onRequestStep(app, (req, reply) => {
    const phase = lifecycle.phase;
    if (phase === 'serving') return undefined;
    reply.header('connection', 'close');
    if (phase === 'draining' || !idempotent(req.method) || isProbe(req.url) || routeOf(req).config?.longPoll)
      return undefined;
    reply.hijack();
    req.raw.socket?.destroy();
    return undefined;
  });
}
