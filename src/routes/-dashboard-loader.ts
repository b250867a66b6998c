import type { RouterContext } from '../app/router';
import { dashboardQueries, prefetchDashboard } from '../features/dashboard';

/**
 * The loader of the routes that show the dashboard: the guard (root beforeLoad) has settled the session before
 * loaders run, so its user context decides what the dashboard reads; the requests start with the page's code.
 */
export function loadDashboardData({ queryClient, portal, session }: RouterContext): void {
  const { userContext, domain } = session.getSnapshot().context;
  prefetchDashboard(queryClient, dashboardQueries(portal.api, userContext, domain));
}
