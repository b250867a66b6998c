import { createFileRoute } from '@tanstack/react-router';
import { RepresentedSettingsPage } from '../features/represented-settings';

/** represented-settings-rights without a jgid: the current represented party's (spec 2 §2). */
export const Route = createFileRoute('/settings/rights/')({
  staticData: {
    component: 'represented-settings-rights',
    access: 'protected',
    parts: ['representedSettings'],
    layout: 'portal',
    external: null,
    afterPartySwitch: 'home',
  },
  component: () => <RepresentedSettingsPage tab="rights" />,
});
