import { createFileRoute } from '@tanstack/react-router';
import { ComingPage } from '../features/shell';

export const Route = createFileRoute('/user-settings/edit/')({
  component: () => <ComingPage titleKey="userSettings.title" requiresAxapta />,
});
