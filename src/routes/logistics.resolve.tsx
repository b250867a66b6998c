import { createFileRoute } from '@tanstack/react-router';
import { resolveServiceRoute } from '../features/external';

/** /logistics/resolve (spec 1 §2): service OSS, resolved to the person's application and its page. */
export const Route = createFileRoute('/logistics/resolve')({
  beforeLoad: ({ context, location }) => resolveServiceRoute(context, { route: 'logistics-resolve' }, location.hash),
});
