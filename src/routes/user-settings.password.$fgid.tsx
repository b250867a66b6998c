import { createFileRoute } from '@tanstack/react-router';
import { ComingPage } from '../features/shell';

/** user-settings-password (spec 2): built by a later issue. */
export const Route = createFileRoute('/user-settings/password/$fgid')({
  component: () => <ComingPage titleKey="userSettings.password.title" requiresAxapta />,
});
