import { createFileRoute } from '@tanstack/react-router';
import { CustomerSearchPage } from '../features/customer-search';

/** Customer and user search (spec 1 §2): protected, EDIT_ANY_CUSTOMER or EDIT_ANY_USER (ROUTES in machines/lib/navigation/rules.ts). */
export const Route = createFileRoute('/customer-search')({ component: CustomerSearchPage });
