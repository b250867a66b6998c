import { createFileRoute } from '@tanstack/react-router';
import { Dashboard } from '../features/dashboard';
import { loadDashboardData, openModalFromUrl } from './-dashboard-loader';

/** The dashboard with the modal named in the URL (spec 1 §2: /home/show/:domain/:language/:modalName). */
export const Route = createFileRoute('/home/show/$domain/$language/$modalName')({
  staticData: {
    component: 'epit-dashboard',
    access: 'protected',
    parts: [],
    layout: 'portal',
    external: null,
    afterPartySwitch: 'home',
  },
  // the dashboard (in the first chunk) with a modal, not a chunk of its own
  codeSplitGroupings: [],
  loader: ({ context }) => loadDashboardData(context),
  onEnter: ({ context, params }) => openModalFromUrl(context, params.modalName),
  component: Dashboard,
});
