import { createFileRoute } from '@tanstack/react-router';
import { TestAxPage } from '../features/dev-pages';

/** test-ax (spec 2 §2 "Developer and test pages"): the accounting-system person test; staff only, not live. */
export const Route = createFileRoute('/test/ax')({
  staticData: {
    component: 'test-ax',
    access: 'protected',
    texts: ['devPages'],
    parts: [],
    layout: 'portal',
    external: null,
    afterPartySwitch: 'home',
  },
  component: TestAxPage,
});
