/**
 * The simulators' own routes under /sim (the console, the signing services, the demo reset), registered by
 * createApp after the portal's routes (server/routes/index.ts). They live apart because the portal's routes reach
 * the simulators only over HTTP, as they would the real services (the import layers, tools/lint/boundaries.js).
 */
import type { RouteModule } from '../routes/index.js';
import { addressApiRoutes } from './address/routes.js';
import { appSwitchRoutes } from './console/apps.js';
import { rightsSwitchRoutes } from './console/rights.js';
import { simConsoleRoutes } from './console/index.js';
import { roleLoadSwitchRoutes } from './console/roles-load.js';
import { demoResetRoutes } from './demo-reset.js';
import { signingSimRoutes } from './signing-routes.js';
import { accountingSimRoutes } from './accounting/index.js';
import { deploymentSimRoutes } from './deployment/index.js';
import { serverClockRoutes } from './deployment/server-clock.js';
import { faultRoutes } from './faults/index.js';

export const simulatorRoutes: RouteModule[] = [
  { prefix: '/sim', plugin: simConsoleRoutes },
  { prefix: '/sim', plugin: appSwitchRoutes },
  { prefix: '/sim', plugin: rightsSwitchRoutes },
  { prefix: '/sim', plugin: signingSimRoutes },
  { prefix: '/sim', plugin: demoResetRoutes },
  { prefix: '/sim', plugin: deploymentSimRoutes },
  { prefix: '/sim', plugin: accountingSimRoutes },
  { prefix: '/sim', plugin: serverClockRoutes },
  { prefix: '/sim', plugin: roleLoadSwitchRoutes },
  { prefix: '/sim', plugin: addressApiRoutes },
  { prefix: '/sim', plugin: faultRoutes },
];
