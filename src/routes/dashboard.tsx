import { createFileRoute } from '@tanstack/react-router';
import { Dashboard } from '../features/dashboard';
import { loadDashboardData } from './-dashboard-loader';

export const Route = createFileRoute('/dashboard')({
  staticData: {
    component: 'epit-dashboard',
    access: 'protected',
    parts: [],
    layout: 'portal',
    external: null,
    afterPartySwitch: 'home',
  },
  // the first signed-in screen is in the first chunk, not a chunk of its own
  codeSplitGroupings: [],
  loader: ({ context }) => loadDashboardData(context),
  component: Dashboard,
});
