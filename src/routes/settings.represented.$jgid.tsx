import { createFileRoute } from '@tanstack/react-router';
import { RepresentedSettingsPage } from '../features/represented-settings';

/** represented-settings-edit (spec 2 §2): business customer data; the rights tab for a customer outside EE. */
export const Route = createFileRoute('/settings/represented/$jgid')({
  staticData: {
    component: 'represented-settings-edit',
    access: 'protected',
    parts: ['representedSettings'],
    layout: 'portal',
    external: null,
    afterPartySwitch: 'home',
  },
  component: function RepresentedEdit() {
    const { jgid } = Route.useParams();
    return <RepresentedSettingsPage tab="edit" jgid={jgid} />;
  },
});
