/**
 * Every route folder, registered by createApp in this order (then the simulators' routes, server/sim/index.ts).
 * To add a resource: create `server/routes/<resource>/index.ts` exporting a Fastify plugin and append it here
 * with its prefix (paths exactly as spec 1 §7 / spec 2 §7 under /api).
 */
import type { FastifyPluginAsync, FastifyPluginCallback } from 'fastify';
import { casRoutes } from '../cas/index.js';
import { contextRoutes } from './context/index.js';
import { rolesAndPacketsRoutes } from './roles-and-packets/index.js';
import { securityRoutes } from './security/index.js';
import { singleSignoutRoutes } from './single-signout/index.js';
import { userSettingsRoutes } from './user-settings/index.js';
import { appsRoutes } from './apps/index.js';
import { customerAddRoutes } from './customer-add/index.js';
import { customerSearchRoutes } from './customer-search/index.js';
import { signRoutes } from './sign/index.js';
import { settingsRoutes } from './settings/index.js';
import { enterpriseRoutes } from './enterprise/index.js';
import { userRoutes } from './user/index.js';
import { userResetPasswordRoutes } from './user-reset-password/index.js';
import { userAddRoutes } from './user-add/index.js';
import { deploymentRoutes } from './deployment/index.js';
import { devPagesLiveGate } from './deployment/dev-access.js';
import { testRoutes } from './test/index.js';
import { slaRoutes } from './sla/index.js';
import { axRoutes } from './ax/index.js';
import { addressRoutes } from './address/index.js';
import { apiDocsRoutes } from './api-docs/index.js';

export interface RouteModule {
  prefix: string;
  /** a callback plugin when it only registers routes, an async one when it awaits something while registering */
  plugin: FastifyPluginCallback | FastifyPluginAsync;
}

export const routes: RouteModule[] = [
  { prefix: '/api/security', plugin: securityRoutes },
  { prefix: '/api/context', plugin: contextRoutes },
  { prefix: '/api/user-settings', plugin: userSettingsRoutes },
  // spec 1 §7: single sign-out is the security service's ("to the security base"), beside its login
  { prefix: '/api/security', plugin: singleSignoutRoutes },
  { prefix: '/api/roles-and-packets', plugin: rolesAndPacketsRoutes },
  { prefix: '/cas', plugin: casRoutes },
  { prefix: '/api/apps', plugin: appsRoutes },
  { prefix: '/api/customer-add', plugin: customerAddRoutes },
  { prefix: '/api/sign', plugin: signRoutes },
  { prefix: '/api/customer-search', plugin: customerSearchRoutes },
  { prefix: '/api/settings', plugin: settingsRoutes },
  { prefix: '/api/enterprise', plugin: enterpriseRoutes },
  { prefix: '/api/user', plugin: userRoutes },
  { prefix: '/api/user-reset-password', plugin: userResetPasswordRoutes },
  { prefix: '/api/user-add', plugin: userAddRoutes },
  { prefix: '/api/deployment', plugin: deploymentRoutes },
  { prefix: '/api/test', plugin: testRoutes },
  // spec 2 §7 "sla/test (root)": at the backend's root, not under the API base
  { prefix: '/sla', plugin: slaRoutes },
  { prefix: '/api/ax', plugin: axRoutes },
  { prefix: '/ui', plugin: devPagesLiveGate },
  { prefix: '/api/address', plugin: addressRoutes },
  { prefix: '/api', plugin: apiDocsRoutes },
];
