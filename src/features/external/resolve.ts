/**
 * Service resolution (spec 1 §2: /logistics, /logistics/resolve, /business/{domain}/{language}/{service},
 * /private/{domain}/{language}/{service}): each resolves to the application the person has for that service and
 * redirects to the page that hosts it. Called from those routes' beforeLoad, after the root guard has settled the
 * session (so the user context and the route's domain are known).
 */
import { redirect } from '@tanstack/react-router';
import { resolveService, serviceOfRoute, type ServiceRoute } from '../../../domain/external';
import { inAppPath } from '../../../domain/rights';
import { serviceUrlsQuery } from '../../api/user-settings/get-service-urls';
import { redirectBrowser } from '../../app/browser';
import type { RouterContext } from '../../app/router';

/** Throws the router's redirect to the right page (or leaves the portal for the package-private address). */
export async function resolveServiceRoute(context: RouterContext, route: ServiceRoute, hash: string): Promise<never> {
  const { session, queryClient, portal } = context;
  const s = session.getSnapshot();
  const input = { ctx: s.context.userContext, service: serviceOfRoute(route), domain: s.context.domain };
  let resolution = resolveService(input);
  if (resolution.kind === 'packagePrivate') {
    // user-settings/service-urls: the package-private address per domain, asked afresh: it is in the session's
    // language, which may have changed since the dashboard cached it
    const urls = await queryClient.fetchQuery({ ...serviceUrlsQuery(portal.api), staleTime: 0 }).catch(() => null);
    resolution = resolveService({ ...input, packagePrivateUrls: urls });
  }
  if (resolution.kind === 'wrapper') {
    if (resolution.wrapper === 'oss-wrapper')
      // the hash is the order system's own address (spec 1 §4 OSS hash sync): it travels along
      throw redirect({ to: '/oss-wrapper', hash: hash || undefined, replace: true });
    throw redirect({ to: '/external/$service', params: { service: resolution.application }, replace: true });
  }
  if (resolution.kind === 'packagePrivate' && resolution.url) {
    const path = inAppPath(resolution.url);
    if (path !== null) throw redirect({ href: path, replace: true });
    redirectBrowser(resolution.url);
    // the browser is leaving the portal: the route stays pending until it has
    return new Promise<never>(() => {});
  }
  // spec 1 §2: not authorised → home with 'No rights to access component'
  portal.showToast({ toastType: 'error', messageKey: 'error.noRights' });
  throw redirect({ to: '/', replace: true });
}
