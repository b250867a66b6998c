import { createFileRoute } from '@tanstack/react-router';
import { ComingPage } from '../features/shell';

/** Protected; the settings tabs come with spec 2. */
export const Route = createFileRoute('/user-settings/edit/$fgid')({
  component: () => <ComingPage titleKey="userSettings.title" requiresAxapta />,
});
