import { createFileRoute } from '@tanstack/react-router';
import { UserSettingsPage } from '../features/user-settings';

/** User settings, password tab of the signed-in person (spec 2 §2: without fgid, the current representative). */
export const Route = createFileRoute('/user-settings/password/')({
  component: () => <UserSettingsPage tab="password" />,
});
