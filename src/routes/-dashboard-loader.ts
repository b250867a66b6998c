import type { RouterContext } from '../app/router';
import { dashboardQueries, prefetchDashboard } from '../features/dashboard';

/**
 * The loader of the routes that show the dashboard: the guard (root beforeLoad) has settled the session before
 * loaders run, so its user context decides what the dashboard reads; the requests start with the page's code.
 */
/**
 * Opens the modal named in the URL (spec 1 §4: /dashboard/:domain/:language/:modalName, /home/show/...) when its
 * route is entered, through the portal, which keeps customer-add shut while the back office is dead (spec 1 §8). Once
 * per entry: a language switch that keeps the route does not open a modal the person closed.
 */
export function openModalFromUrl({ portal }: Pick<RouterContext, 'portal'>, modalName: string): void {
  portal.root.send({ type: 'modal.openFromUrl', modalName });
}

export function loadDashboardData({ queryClient, portal, session }: RouterContext): void {
  const { userContext, domain } = session.getSnapshot().context;
  prefetchDashboard(queryClient, dashboardQueries(portal.api, userContext, domain));
}
