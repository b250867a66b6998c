import { createFileRoute } from '@tanstack/react-router';
import { ExternalApplicationPage } from '../features/external';

/** oss-wrapper (spec 1 §2): the order system (OSS) in its frame, its address in the portal's hash. */
export const Route = createFileRoute('/oss-wrapper')({
  staticData: {
    component: 'oss-wrapper',
    access: 'external',
    parts: ['external'],
    layout: 'external',
    external: { wrapper: 'oss-wrapper', service: 'OSS' },
    afterPartySwitch: 'stay',
  },
  component: () => <ExternalApplicationPage service="OSS" wrapper="oss-wrapper" />,
});
