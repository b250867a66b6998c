import { createFileRoute } from '@tanstack/react-router';
import { TestComponentPage } from '../features/dev-pages';

/** test-component (spec 2 §2 "Developer and test pages"): staff only, not in live run mode. */
export const Route = createFileRoute('/test-component/$id')({
  staticData: {
    component: 'test-component',
    access: 'protected',
    texts: ['devPages'],
    parts: [],
    layout: 'portal',
    external: null,
    afterPartySwitch: 'home',
  },
  component: function TestComponent() {
    const { id } = Route.useParams();
    return <TestComponentPage id={id} />;
  },
});
