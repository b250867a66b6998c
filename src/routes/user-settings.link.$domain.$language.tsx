import { createFileRoute } from '@tanstack/react-router';
import { ComingPage } from '../features/shell';

/** user-settings link (spec 2): built by a later issue. */
export const Route = createFileRoute('/user-settings/link/$domain/$language')({
  component: () => <ComingPage titleKey="userSettings.link.title" requiresAxapta />,
});
