import { createFileRoute } from '@tanstack/react-router';
import { resolveServiceRoute } from '../features/external';

/** /logistics (spec 1 §2): service LOGISTICS, resolved to the person's application and its page. */
export const Route = createFileRoute('/logistics/')({
  beforeLoad: ({ context, location }) => resolveServiceRoute(context, { route: 'logistics' }, location.hash),
});
