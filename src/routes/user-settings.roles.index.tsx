import { createFileRoute } from '@tanstack/react-router';
import { ComingPage } from '../features/shell';

/** user-settings-roles for the current user (spec 2): built by a later issue. */
export const Route = createFileRoute('/user-settings/roles/')({
  component: () => <ComingPage titleKey="userSettings.roles.title" requiresAxapta />,
});
