import { createFileRoute } from '@tanstack/react-router';
import { ComingServicePage } from '../features/shell';

/** external-service host (spec 1 §2 External application pages): built by a later issue. */
export const Route = createFileRoute('/external/$service')({ component: ServicePage });

function ServicePage() {
  const { service } = Route.useParams();
  return <ComingServicePage service={service} />;
}
