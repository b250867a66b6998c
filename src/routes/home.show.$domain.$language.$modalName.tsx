import { createFileRoute } from '@tanstack/react-router';
import { Dashboard } from '../features/dashboard/Dashboard';

export const Route = createFileRoute('/home/show/$domain/$language/$modalName')({ component: Dashboard });
