import { createFileRoute } from '@tanstack/react-router';
import { RepresentedSettingsPage } from '../features/represented-settings';

/** represented-settings-rights (spec 2 §2): the customer's user rights. */
export const Route = createFileRoute('/settings/rights/$jgid')({
  staticData: {
    component: 'represented-settings-rights',
    access: 'protected',
    parts: ['representedSettings'],
    layout: 'portal',
    external: null,
    afterPartySwitch: 'home',
  },
  component: function RepresentedRights() {
    const { jgid } = Route.useParams();
    return <RepresentedSettingsPage tab="rights" jgid={jgid} />;
  },
});
