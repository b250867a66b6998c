import { createFileRoute } from '@tanstack/react-router';
import { Dashboard } from '../features/dashboard/Dashboard';

/** Opens the dashboard with a modal (modalName, e.g. add-customer) in a later issue; the same page for now. */
export const Route = createFileRoute('/dashboard/$domain/$language/$modalName')({ component: Dashboard });
