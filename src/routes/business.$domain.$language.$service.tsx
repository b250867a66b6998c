import { createFileRoute } from '@tanstack/react-router';
import { externalFeature } from './-lazy-features';

/** /business/{domain}/{language}/{service} (spec 1 §2): resolved to the person's application and its page. */
export const Route = createFileRoute('/business/$domain/$language/$service')({
  staticData: {
    component: 'business-service',
    access: 'external',
    parts: [],
    layout: 'external',
    external: null,
    afterPartySwitch: 'home',
  },
  beforeLoad: async ({ context, params, location }) =>
    (await externalFeature()).resolveServiceRoute(context, { route: 'business', ...params }, location.hash),
});
