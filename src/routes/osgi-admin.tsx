import { createFileRoute } from '@tanstack/react-router';
import { OsgiAdminPage } from '../features/dev-pages';

/** osgi-admin (spec 2 §2 "Deployment admin page"): DEPLOYMENT_ADMIN only (machines/lib/navigation/rules.ts). */
export const Route = createFileRoute('/osgi-admin')({ component: OsgiAdminPage });
