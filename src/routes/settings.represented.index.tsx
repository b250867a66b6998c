import { createFileRoute } from '@tanstack/react-router';
import { RepresentedSettingsPage } from '../features/represented-settings';

/** represented-settings-edit without a jgid: the current represented party's (spec 2 §2). */
export const Route = createFileRoute('/settings/represented/')({
  staticData: {
    component: 'represented-settings-edit',
    access: 'protected',
    parts: ['representedSettings'],
    layout: 'portal',
    external: null,
    afterPartySwitch: 'home',
  },
  component: () => <RepresentedSettingsPage tab="edit" />,
});
