import { createFileRoute } from '@tanstack/react-router';
import { ExternalApplicationPage } from '../features/external';

/** external-service (spec 1 §2): the generic external page, hosting the person's application for `service`. */
export const Route = createFileRoute('/external/$service')({
  staticData: {
    component: 'external-service',
    access: 'external',
    parts: ['external'],
    layout: 'external',
    external: { wrapper: 'external-service' },
    afterPartySwitch: 'stay',
  },
  // spec 1 §2: the service is an upper-case application key
  params: {
    parse: ({ service }) => ({ service: service.toUpperCase() }),
    stringify: ({ service }) => ({ service }),
  },
  component: ServicePage,
});

function ServicePage() {
  const { service } = Route.useParams();
  return <ExternalApplicationPage service={service} wrapper="external-service" />;
}
