/**
 * The server data of the dashboards (spec 1 §2 "User dashboard", "Admin dashboard"): not an API area of its own but
 * the page's selection from context/ and user-settings/, decided once from the user context so that the route
 * loaders start exactly what the dashboard will read, under the same keys.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { Domain, UserContext } from '../../../domain/contract';
import { dashboardShortcuts, isAxaptaDead, isInternalUser } from '../../../domain/rights';
import type { ApiClient } from '../../api/client';
import { representedDetailsQuery } from '../../api/context/get-represented-details';
import { userDetailsQuery } from '../../api/context/get-user-details';
import { serviceUrlsQuery } from '../../api/user-settings/get-service-urls';

export function dashboardQueries(api: ApiClient, ctx: UserContext | null, domain: Domain) {
  const principal = ctx?.epitPrincipal;
  if (!ctx || !principal) return null;
  const rep = principal.represented;
  // the admin dashboard (IN_AD) shows only the user card
  const userDashboard = !isInternalUser(ctx);
  // the back office holds a business party's details: not asked while AXAPTA is dead
  const business = userDashboard && !!rep && !rep.isPerson && !isAxaptaDead(ctx);
  // private (or nobody represented): the LOGISTICS shortcut needs the package-private address
  const logistics =
    userDashboard &&
    (!rep || rep.isPerson) &&
    dashboardShortcuts(ctx, domain, new Date()).some((s) => s.service === 'LOGISTICS');
  return {
    userDetails: userDetailsQuery(api, principal.representative.id),
    representedDetails: business && rep ? representedDetailsQuery(api, rep.gid) : null,
    serviceUrls: logistics ? serviceUrlsQuery(api) : null,
  };
}

/**
 * Starts loading the dashboard's data (route loaders): not awaited, so the page renders as before and shows its
 * own pending and failed states; the views' queries pick up the requests already under way.
 */
export function prefetchDashboard(queryClient: QueryClient, queries: ReturnType<typeof dashboardQueries>): void {
  if (!queries) return;
  const ignore = () => undefined; // a failure stays in the query's state, where the view shows it
  void queryClient.ensureQueryData(queries.userDetails).catch(ignore);
  if (queries.representedDetails) void queryClient.ensureQueryData(queries.representedDetails).catch(ignore);
  if (queries.serviceUrls) void queryClient.ensureQueryData(queries.serviceUrls).catch(ignore);
}
