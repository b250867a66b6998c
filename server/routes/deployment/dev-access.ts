/**
 * Access to the developer pages' APIs (the spec leaves it open): never in live run mode (404, as if they
 * did not exist), and only for the right callers: the deployment admin needs the DEPLOYMENT_ADMIN privilege, the
 * test pages staff (auth channel IN_AD).
 * Also the live-mode 404 of the pages themselves (/ui/osgi-admin, /ui/test/*, /ui/test-component/*), so a live
 * deployment does not even serve the portal's shell for them.
 */
import type { FastifyPluginCallback, FastifyRequest } from 'fastify';
import { ServiceUnreachableError, transportFor, type ServiceRequest } from '../../clients/service-http.js';
import { forbidden, HttpError, notFound } from '../../lib/errors.js';
import { requirePrivilege, requireSession, type Session } from '../../lib/session.js';

const notInLive = () => notFound('Developer pages are switched off in live run mode.');

/** 404 in live run mode; else the session, 401 without one. */
export async function devSession(req: FastifyRequest): Promise<Session> {
  if (req.server.deps.env.runMode === 'live') throw notInLive();
  return requireSession(req);
}

export async function requireDeploymentAdmin(req: FastifyRequest): Promise<Session> {
  const s = await devSession(req);
  requirePrivilege(s, 'DEPLOYMENT_ADMIN');
  return s;
}

export async function requireStaff(req: FastifyRequest): Promise<Session> {
  const s = await devSession(req);
  if (!s.isStaff) throw forbidden('The test pages are for staff only.');
  return s;
}

/** One JSON call to an outside developer service; an unreachable or failing one is 502 with the service named. */
export async function callService(
  req: FastifyRequest,
  service: string,
  call: Omit<ServiceRequest, 'timeoutMs'>,
  ok: (status: number) => boolean = (s) => s >= 200 && s < 300,
): Promise<{ status: number; json: unknown }> {
  const { fetch, env } = req.server.deps;
  try {
    const res = await transportFor(call.url, [], fetch)({ ...call, timeoutMs: env.signing.httpTimeoutMs });
    if (!ok(res.status)) {
      const message = (res.json as { serviceErrorMessage?: unknown } | null)?.serviceErrorMessage;
      throw new HttpError(
        502,
        'SERVICE_FAILED',
        `${service} answered HTTP ${res.status}${typeof message === 'string' ? `: ${message}` : ''}`,
      );
    }
    return res;
  } catch (err) {
    if (err instanceof ServiceUnreachableError)
      throw new HttpError(502, 'SERVICE_UNREACHABLE', `${service} cannot be reached.`);
    throw err;
  }
}

/** Registered under /ui only in live run mode: the developer pages answer 404 instead of the portal's shell. */
export const devPagesLiveGate: FastifyPluginCallback = (app, _opts, done) => {
  if (app.deps.env.runMode === 'live') {
    for (const path of ['/osgi-admin', '/osgi-admin/*', '/test/*', '/test-component/*'])
      app.get(path, () => {
        throw notInLive();
      });
  }
  done();
};
