/**
 * How the rest of the portal asks for the customer-add modal (spec 1 §4 Modals). Kept apart from
 * features/customer-add so that asking does not load the flow: the composition root (portal.ts) loads the feature,
 * its machines and its view when the modal system first opens it (issue 12 "Code splitting").
 */
export const CUSTOMER_ADD_COMPONENT = 'customer-add';
/** spec 1 §4 Modals: customer-add is protected (no overlay-click close) but closeable (close button, Escape) */
export const CUSTOMER_ADD_MODAL_CLASS = 'modal-protected modal-closeable';

/** 'Add new customer' and friends: ask the modal system for customer-add. */
export function requestCustomerAdd(modals: {
  send(event: { type: 'modal.open'; component: string; class?: string }): void;
}) {
  modals.send({ type: 'modal.open', component: CUSTOMER_ADD_COMPONENT, class: CUSTOMER_ADD_MODAL_CLASS });
}
