import { createFileRoute } from '@tanstack/react-router';
import { Dashboard } from '../features/dashboard';
import { loadDashboardData } from './-dashboard-loader';

export const Route = createFileRoute('/dashboard')({
  loader: ({ context }) => loadDashboardData(context),
  component: Dashboard,
});
