import { createFileRoute } from '@tanstack/react-router';
import { ComingServicePage } from '../features/shell';

/** /private/{domain}/{language}/{service}: resolves to the application wrapper in a later issue. */
export const Route = createFileRoute('/private/$domain/$language/$service')({ component: ServicePage });

function ServicePage() {
  const { service } = Route.useParams();
  return <ComingServicePage service={service} />;
}
