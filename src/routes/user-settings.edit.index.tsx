import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../features/shell/Pages';

export const Route = createFileRoute('/user-settings/edit/')({ component: () => <ComingSoon titleKey="userSettings.title" /> });
