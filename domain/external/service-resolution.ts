/**
 * Which application the person has for a service, which wrapper page hosts it, and where a service route leads
 * (spec 1 §2 route table and paths, §4 "External application flow", §7 service-URL builder).
 */
import type { Domain, Represented, UserContext } from '../contract';
import { applicationForService, serviceForApplication } from '../rights';
import { ORDER_SYSTEM } from './order-system';

/** The page that hosts an application: the order system has its own (spec 1 §2 oss-wrapper). */
export type Wrapper = 'oss-wrapper' | 'external-service';
export type WrapperPath = '/oss-wrapper' | `/external/${string}`;

type AppsContext = Pick<UserContext, 'applications' | 'externalApps'>;

/**
 * The applications a person has for a service (or for the service of an application name), from the user context:
 * `applications` (name, customParameters.service) and `externalApps` (service, customParameters.application).
 * In order of appearance, without repeats.
 */
export function applicationsForService(ctx: AppsContext | null | undefined, serviceOrApplication: string): string[] {
  if (!ctx) return [];
  const service = serviceForApplication(serviceOrApplication);
  const out: string[] = [];
  const add = (app: string) => {
    const a = app.toUpperCase();
    if (!out.includes(a)) out.push(a);
  };
  for (const a of ctx.applications) {
    if ((a.customParameters.service ?? serviceForApplication(a.name)).toUpperCase() === service) add(a.name);
  }
  for (const e of ctx.externalApps) {
    if (e.service.toUpperCase() === service) add(e.customParameters.application ?? applicationForService(e.service));
  }
  return out;
}

/**
 * The application the person has for the service; with several (logistics), the order system is preferred
 * (spec 1 §4 "External application flow"). Null when the person has none.
 */
export function applicationForUser(ctx: AppsContext | null | undefined, serviceOrApplication: string): string | null {
  const apps = applicationsForService(ctx, serviceOrApplication);
  if (!apps.length) return null;
  return apps.includes(ORDER_SYSTEM) ? ORDER_SYSTEM : apps[0];
}

/** The order system uses the OSS wrapper, anything else the generic external page. */
function wrapperFor(application: string): Wrapper {
  return application.toUpperCase() === ORDER_SYSTEM ? 'oss-wrapper' : 'external-service';
}

/** The in-app path (below /ui) of the page that hosts the application. */
function wrapperPath(application: string): WrapperPath {
  const app = application.toUpperCase();
  return wrapperFor(app) === 'oss-wrapper' ? '/oss-wrapper' : `/external/${app}`;
}

/**
 * The wrapper the page should redirect to, or null when the page already is the right one: the application the
 * person has for the routed service differs from the routed one, or is hosted by the other wrapper.
 */
export function wrapperRedirect(
  ctx: AppsContext | null | undefined,
  routed: { service: string; wrapper: Wrapper },
): WrapperPath | null {
  const app = applicationForUser(ctx, routed.service);
  if (!app) return null;
  const sameWrapper = wrapperFor(app) === routed.wrapper;
  const sameApplication = routed.wrapper === 'oss-wrapper' || applicationForService(routed.service) === app;
  return sameWrapper && sameApplication ? null : wrapperPath(app);
}

/** The paths that resolve to a wrapper (spec 1 §2). */
export type ServiceRoute =
  | { route: 'logistics' }
  | { route: 'logistics-resolve' }
  | { route: 'business' | 'private'; domain: string; language: string; service: string };

/** The service a resolving route asks for: /logistics → LOGISTICS, /logistics/resolve → OSS, else its parameter. */
export function serviceOfRoute(route: ServiceRoute): string {
  if (route.route === 'logistics') return 'LOGISTICS';
  if (route.route === 'logistics-resolve') return ORDER_SYSTEM;
  return route.service.toUpperCase();
}

export type ServiceResolution =
  | { kind: 'wrapper'; application: string; wrapper: Wrapper; path: WrapperPath }
  /** spec 1 §2: a private person opening LOGISTICS goes to the package-private URL of the current domain */
  | { kind: 'packagePrivate'; url: string | null }
  /** the person has no application for the service ('No rights to access component') */
  | { kind: 'noApplication'; service: string };

export interface ResolveServiceInput {
  ctx: (AppsContext & { epitPrincipal: { represented: Pick<Represented, 'isPerson'> | null } | null }) | null;
  /** the service or application the route names */
  service: string;
  /** the current domain */
  domain: Domain;
  /** user-settings/service-urls: the package-private URL per domain */
  packagePrivateUrls?: Record<string, string> | null;
}

/**
 * Where /logistics, /logistics/resolve, /business/... and /private/... lead. A private person (nobody represented,
 * or a person represented; spec 1 §7 service-URL builder) opening LOGISTICS — the OSS alias included, spec 1 §1 —
 * goes to the package-private URL; otherwise the person's application for the service in its wrapper.
 */
export function resolveService({ ctx, service, domain, packagePrivateUrls }: ResolveServiceInput): ServiceResolution {
  const represented = ctx?.epitPrincipal?.represented ?? null;
  const isPrivate = !represented || represented.isPerson;
  if (isPrivate && serviceForApplication(service) === 'LOGISTICS') {
    return { kind: 'packagePrivate', url: packagePrivateUrls?.[domain.toUpperCase()] ?? null };
  }
  const application = applicationForUser(ctx, service);
  if (!application) return { kind: 'noApplication', service: service.toUpperCase() };
  return { kind: 'wrapper', application, wrapper: wrapperFor(application), path: wrapperPath(application) };
}
