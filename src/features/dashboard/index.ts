/** The user and admin dashboards (spec 1 §2, spec 2 §2 "Dashboards"). */
export { Dashboard } from './Dashboard';
export { dashboardQueries, prefetchDashboard } from './queries';
