/**
 * GET /sla/test (spec 2 §7 "sla/test (root)": at the backend's root, beside /api, not in it): the SLA checks of
 * /test/show, staff only, 404 in live run mode.
 * → { results: [{ name, status: OK | FAIL, message }] }, one per service the portal depends on, asked as the portal
 * asks it (the database in-process, the outside services over HTTP at their configured addresses).
 */
import type { FastifyPluginCallback, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { SlaResult } from '../../../domain/dev-pages/contract.js';
import { signingServices } from '../../clients/index.js';
import { callService, requireStaff } from '../deployment/dev-access.js';

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

export const slaRoutes: FastifyPluginCallback = (app, _opts, done) => {
  const { db, env } = app.deps;

  const checks: [string, (req: FastifyRequest) => Promise<unknown>][] = [
    ['database', () => sql`select 1`.execute(db)],
    ['business register', () => signingServices(app.deps).registry.find('OÜ')],
    [
      'Mobile-ID',
      (req) => callService(req, 'Mobile-ID', { method: 'GET', url: `${env.signing.mobileId.url}/version` }),
    ],
    [
      'accounting system',
      // an unknown person is a healthy 404: the system answered
      (req) =>
        callService(
          req,
          'The accounting system',
          { method: 'GET', url: `${env.devServices.accountingUrl}/fisik/SLA-CHECK` },
          (s) => s === 200 || s === 404,
        ),
    ],
    [
      'deployment service',
      (req) =>
        callService(req, 'The deployment service', { method: 'GET', url: `${env.devServices.deploymentUrl}/bundles` }),
    ],
  ];

  app.get('/test', async (req, reply) => {
    // outside /api, so the API's no-store (server/app.ts) is set here: the checks are run afresh each time
    reply.header('Cache-Control', 'no-store');
    await requireStaff(req);
    const results: SlaResult[] = await Promise.all(
      checks.map(async ([name, check]) => {
        try {
          await check(req);
          return { name, status: 'OK' as const, message: null };
        } catch (err) {
          return { name, status: 'FAIL' as const, message: message(err) };
        }
      }),
    );
    return { results };
  });
  done();
};
