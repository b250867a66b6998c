import { createFileRoute } from '@tanstack/react-router';
import { openModalFromUrl } from './-dashboard-loader';

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
  onEnter: ({ context, params }) => openModalFromUrl(context, params.modalName),
  component: () => null,
});
