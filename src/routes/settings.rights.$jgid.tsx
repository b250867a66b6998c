import { createFileRoute } from '@tanstack/react-router';
import { ComingPage } from '../features/shell';

/** represented-settings-rights (spec 2): gated while AXAPTA is dead (error.axapta.dead); built by a later issue. */
export const Route = createFileRoute('/settings/rights/$jgid')({
  component: () => <ComingPage titleKey="representedSettings.rights.title" requiresAxapta />,
});
