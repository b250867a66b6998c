import { createFileRoute } from '@tanstack/react-router';
import { externalFeature } from './-lazy-features';

/** /logistics/resolve (spec 1 §2): service OSS, resolved to the person's application and its page. */
export const Route = createFileRoute('/logistics/resolve')({
  staticData: {
    component: 'logistics-resolve',
    access: 'external',
    parts: [],
    layout: 'external',
    external: null,
    afterPartySwitch: 'home',
  },
  beforeLoad: async ({ context, location }) =>
    (await externalFeature()).resolveServiceRoute(context, { route: 'logistics-resolve' }, location.hash),
});
