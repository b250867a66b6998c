import { createFileRoute } from '@tanstack/react-router';
import { CustomerSearchPage } from '../features/customer-search';

/** Customer and user search (spec 1 §2): protected, EDIT_ANY_CUSTOMER or EDIT_ANY_USER (its staticData). */
export const Route = createFileRoute('/customer-search')({
  staticData: {
    component: 'customer-search',
    access: 'protected',
    privileges: ['EDIT_ANY_CUSTOMER', 'EDIT_ANY_USER'],
    texts: ['customerSearch'],
    parts: [],
    layout: 'portal',
    external: null,
    afterPartySwitch: 'home',
  },
  component: CustomerSearchPage,
});
