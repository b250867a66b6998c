import { createFileRoute } from '@tanstack/react-router';
import { UserSettingsPage } from '../features/user-settings';
import { checkUserSettingsAccess } from './-user-settings-access';

/** User settings, edit tab of the person fgid (spec 2 §2; another person's: EDIT_ANY_USER). */
export const Route = createFileRoute('/user-settings/edit/$fgid')({
  staticData: {
    component: 'user-settings-edit',
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
  return <UserSettingsPage tab="edit" fgid={fgid} />;
}
