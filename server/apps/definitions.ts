/** What a demo application is given (its dependencies) and how it is defined (its name and path prefix). */
import type { Env } from '../env.js';
import type { ExternalApplication } from '../lib/apps-protocol.js';
import type { Clock } from '../lib/clock.js';
import type { PortalLink } from './portal-link.js';
import type { AppsDb } from './store.js';
import type { DemoApplication } from './texts.js';

export interface AppsDeps {
  env: Env;
  clock: Clock;
  db: AppsDb;
  portal: PortalLink;
  /** aborted when the server closes, so a "slow to load" wait never holds the shutdown */
  closing: AbortSignal;
}

/** What signs on as its own CAS service and keeps its own session: an application, or the private package page. */
export interface SignOnDefinition {
  application: DemoApplication;
  /** '/oss/' */
  prefix: string;
}

/** One of the portal's external applications (console switches, the portal's role check, the frame channel). */
export interface AppDefinition extends SignOnDefinition {
  application: ExternalApplication;
}
