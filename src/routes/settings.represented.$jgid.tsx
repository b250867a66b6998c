import { createFileRoute } from '@tanstack/react-router';
import { ComingPage } from '../features/shell';

/** represented-settings-edit (spec 2): gated while AXAPTA is dead (error.axapta.dead); built by a later issue. */
export const Route = createFileRoute('/settings/represented/$jgid')({
  component: () => <ComingPage titleKey="representedSettings.edit.title" requiresAxapta />,
});
