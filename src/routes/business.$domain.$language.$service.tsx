import { createFileRoute } from '@tanstack/react-router';
import { ComingServicePage } from '../features/shell';

/** /business/{domain}/{language}/{service}: resolves to the application wrapper in a later issue. */
export const Route = createFileRoute('/business/$domain/$language/$service')({ component: ServicePage });

function ServicePage() {
  const { service } = Route.useParams();
  return <ComingServicePage service={service} />;
}
