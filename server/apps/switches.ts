/**
 * The simulator console's switches (server/sim/console/apps.ts) as an application obeys them, read from the portal
 * over HTTP at every request: dead (the maintenance page, 503), slow to load (a page waits), not answering pings.
 * "Never ready" silences the page's channel (replies.ts channelConfig); the finance special status is finance's own.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppSwitches } from '../lib/apps-protocol.js';
import type { AppDefinition, AppsDeps } from './definitions.js';
import { ApiError, sendMessage } from './replies.js';

/** The switches before a page: null when the application is dead (the maintenance page has been answered). */
export async function switchesForPage(
  req: FastifyRequest,
  reply: FastifyReply,
  deps: AppsDeps,
  def: AppDefinition,
): Promise<AppSwitches | null> {
  const switches = await deps.portal.switches(def.application);
  if (switches.dead) {
    await sendMessage(req, reply, deps, def, 'maintenance');
    return null;
  }
  if (switches.slowMs > 0) await sleep(switches.slowMs, undefined, { signal: deps.closing }).catch(() => undefined);
  return switches;
}

/** The switches before an API call: a dead application answers 503. */
export async function switchesForApi(deps: AppsDeps, def: AppDefinition): Promise<AppSwitches> {
  const switches = await deps.portal.switches(def.application);
  if (switches.dead) throw new ApiError(503, 'MAINTENANCE');
  return switches;
}

/** GET {prefix}api/ping: 204, or 503 while the application is dead or "not answering pings" is on. */
export function registerPing(app: FastifyInstance, deps: AppsDeps, def: AppDefinition): void {
  app.get(`${def.prefix}api/ping`, async (_req, reply) => {
    const switches = await deps.portal.switches(def.application);
    reply.header('Cache-Control', 'no-store');
    if (switches.noPing || switches.dead) return reply.status(503).send({ error: 'NOT_ANSWERING' });
    return reply.status(204).send();
  });
}
