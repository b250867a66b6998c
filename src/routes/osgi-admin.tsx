import { createFileRoute } from '@tanstack/react-router';
import { OsgiAdminPage } from '../features/dev-pages';

/** osgi-admin (spec 2 §2 "Deployment admin page"): DEPLOYMENT_ADMIN only (its staticData). */
export const Route = createFileRoute('/osgi-admin')({
  staticData: {
    component: 'osgi-admin',
    access: 'protected',
    privileges: ['DEPLOYMENT_ADMIN'],
    texts: ['devPages'],
    parts: [],
    layout: 'portal',
    external: null,
    afterPartySwitch: 'home',
  },
  component: OsgiAdminPage,
});
