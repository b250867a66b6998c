import { createFileRoute } from '@tanstack/react-router';
import { ComingServicePage } from '../features/shell';

/** /logistics (service LOGISTICS) resolves to the user's application wrapper in a later issue. */
export const Route = createFileRoute('/logistics/')({ component: () => <ComingServicePage service="LOGISTICS" /> });
