import { createFileRoute } from '@tanstack/react-router';
import { ComingPage } from '../features/shell';

/** user-settings-preferences (spec 2): built by a later issue. */
export const Route = createFileRoute('/user-settings/preferences/$fgid')({
  component: () => <ComingPage titleKey="userSettings.preferences.title" requiresAxapta />,
});
