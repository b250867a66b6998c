import { createFileRoute } from '@tanstack/react-router';
import { externalFeature } from './-lazy-features';

/** /logistics (spec 1 §2): service LOGISTICS, resolved to the person's application and its page. */
export const Route = createFileRoute('/logistics/')({
  staticData: {
    component: 'logistics',
    access: 'external',
    parts: [],
    layout: 'external',
    external: null,
    afterPartySwitch: 'home',
  },
  beforeLoad: async ({ context, location }) =>
    (await externalFeature()).resolveServiceRoute(context, { route: 'logistics' }, location.hash),
});
