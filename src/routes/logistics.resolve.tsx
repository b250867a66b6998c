import { createFileRoute } from '@tanstack/react-router';
import { ComingServicePage } from '../features/shell';

/** /logistics/resolve (service OSS) resolves to the order-system wrapper in a later issue. */
export const Route = createFileRoute('/logistics/resolve')({
  component: () => <ComingServicePage service="LOGISTICS" />,
});
