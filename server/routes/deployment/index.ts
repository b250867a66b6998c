/**
 * /api/deployment/* (spec 2 §7, §2 "Deployment admin page"), for DEPLOYMENT_ADMIN holders; 404 in live run mode.
 * The packages and bundles come from the deployment service over HTTP (DEPLOYMENT_URL; the reference setup's
 * simulator is server/sim/deployment).
 *   GET  listDeployments                     → { value: Deployment[] }  packages not installed yet
 *   GET  listBundles                         → { value: Bundle[] }
 *   POST installDeployment { deployment }    → { value: Bundle[] }     400 NOT_DEPLOYABLE unless epit-web/epit-core/ep-osgi
 */
import type { FastifyPluginCallback } from 'fastify';
import {
  BundlesAnswer,
  DeploymentsAnswer,
  InstallDeploymentBody,
  isDeployable,
} from '../../../domain/dev-pages/contract.js';
import { HttpError, parseOrThrow } from '../../lib/errors.js';
import { callService, requireDeploymentAdmin } from './dev-access.js';

const SERVICE = 'The deployment service';

export const deploymentRoutes: FastifyPluginCallback = (app, _opts, done) => {
  const base = () => app.deps.env.devServices.deploymentUrl;

  app.get('/listDeployments', async (req) => {
    await requireDeploymentAdmin(req);
    const res = await callService(req, SERVICE, { method: 'GET', url: `${base()}/deployments` });
    return DeploymentsAnswer.parse(res.json);
  });

  app.get('/listBundles', async (req) => {
    await requireDeploymentAdmin(req);
    const res = await callService(req, SERVICE, { method: 'GET', url: `${base()}/bundles` });
    return BundlesAnswer.parse(res.json);
  });

  app.post('/installDeployment', async (req) => {
    await requireDeploymentAdmin(req);
    const { deployment } = parseOrThrow(InstallDeploymentBody, req.body);
    // spec 2 §5: only epit-web, epit-core and ep-osgi packages are installed from here
    if (!isDeployable(deployment))
      throw new HttpError(
        400,
        'NOT_DEPLOYABLE',
        `deployment: ${deployment} is not an epit-web, epit-core or ep-osgi package`,
        {
          deployment: 'is not an epit-web, epit-core or ep-osgi package',
        },
      );
    const res = await callService(
      req,
      SERVICE,
      { method: 'POST', url: `${base()}/deployments/${encodeURIComponent(deployment)}/install`, body: {} },
      (s) => s === 200 || s === 404,
    );
    if (res.status === 404) throw new HttpError(404, 'NOT_FOUND', `deployment: no package ${deployment}`);
    return BundlesAnswer.parse(res.json);
  });
  done();
};
