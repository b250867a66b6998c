import { createFileRoute } from '@tanstack/react-router';
import { RepresentedSettingsPage } from '../features/represented-settings';

/** represented-settings-edit without a jgid: the current represented party's (spec 2 §2). */
export const Route = createFileRoute('/settings/represented/')({
  component: () => <RepresentedSettingsPage tab="edit" />,
});
