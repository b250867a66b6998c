import { createFileRoute } from '@tanstack/react-router';
import { UserSettingsPage } from '../features/user-settings';
import { checkUserSettingsAccess } from './-user-settings-access';

/** User settings, roles tab of the person fgid (spec 2 §2; another person's: EDIT_ANY_USER). */
export const Route = createFileRoute('/user-settings/roles/$fgid')({
  staticData: {
    component: 'user-settings-roles',
    access: 'protected',
    parts: ['userSettings'],
    layout: 'portal',
    external: null,
    afterPartySwitch: 'home',
  },
  beforeLoad: checkUserSettingsAccess,
  component: Page,
});

function Page() {
  const { fgid } = Route.useParams();
  return <UserSettingsPage tab="roles" fgid={fgid} />;
}
