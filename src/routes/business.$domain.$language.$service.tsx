import { createFileRoute } from '@tanstack/react-router';
import { resolveServiceRoute } from '../features/external';

/** /business/{domain}/{language}/{service} (spec 1 §2): resolved to the person's application and its page. */
export const Route = createFileRoute('/business/$domain/$language/$service')({
  beforeLoad: ({ context, params, location }) =>
    resolveServiceRoute(context, { route: 'business', ...params }, location.hash),
});
