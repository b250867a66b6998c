import { createFileRoute } from '@tanstack/react-router';
import { TestShowPage } from '../features/dev-pages';

/** test-show (spec 2 §2 "Developer and test pages"): staff only, not in live run mode. */
export const Route = createFileRoute('/test/show')({
  staticData: {
    component: 'test-show',
    access: 'protected',
    texts: ['devPages'],
    parts: ['customerAdd'],
    layout: 'portal',
    external: null,
    afterPartySwitch: 'home',
  },
  component: TestShowPage,
});
