import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../features/shell/Pages';

/** Protected; the settings tabs come with spec 2. */
export const Route = createFileRoute('/user-settings/edit/$fgid')({ component: () => <ComingSoon titleKey="userSettings.title" /> });
