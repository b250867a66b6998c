import { createFileRoute } from '@tanstack/react-router';
import { ModalFromUrl } from '../features/dashboard';

/** Child of /dashboard (which renders the dashboard): opens the modal named in the URL, e.g. add-customer (spec 1 §4). */
export const Route = createFileRoute('/dashboard/$domain/$language/$modalName')({
  staticData: {
    component: 'epit-dashboard',
    access: 'protected',
    parts: [],
    layout: 'portal',
    external: null,
    afterPartySwitch: 'home',
  },
  // part of the first signed-in screen (the dashboard is in the first chunk), not a chunk of its own
  codeSplitGroupings: [],
  component: DashboardModal,
});

function DashboardModal() {
  const { modalName } = Route.useParams();
  return <ModalFromUrl modalName={modalName} />;
}
