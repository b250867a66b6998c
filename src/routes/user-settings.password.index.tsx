import { createFileRoute } from '@tanstack/react-router';
import { UserSettingsPage } from '../features/user-settings';
import { checkUserSettingsAccess } from './-user-settings-access';

/** User settings, password tab of the signed-in person (spec 2 §2: without fgid, the current representative). */
export const Route = createFileRoute('/user-settings/password/')({
  staticData: {
    component: 'user-settings-password',
    access: 'protected',
    parts: ['userSettings'],
    layout: 'portal',
    external: null,
    afterPartySwitch: 'home',
  },
  beforeLoad: checkUserSettingsAccess,
  component: () => <UserSettingsPage tab="password" />,
});
