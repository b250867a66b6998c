import { createFileRoute } from '@tanstack/react-router';
import { UserSettingsLink } from '../features/user-settings';
import { checkUserSettingsAccess } from './-user-settings-access';

/** /user-settings/link/{domain}/{language} opens the edit view (spec 2 §2); the session takes domain and language. */
export const Route = createFileRoute('/user-settings/link/$domain/$language')({
  staticData: {
    component: 'user-settings-link',
    access: 'protected',
    parts: ['userSettings'],
    layout: 'portal',
    external: null,
    afterPartySwitch: 'home',
  },
  // the signed-in person's own settings: only the back office's state can turn them away
  beforeLoad: ({ context, preload }) => checkUserSettingsAccess({ context, preload, params: {} }),
  component: UserSettingsLink,
});
