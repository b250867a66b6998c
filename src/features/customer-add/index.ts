/** The customer-add feature (spec 1 §2 "Add customer", §4 signing): what the rest of the portal may use. */
export { CustomerAddModal } from './CustomerAddModal';
/** the software ID-card's PIN dialog, also used by the ID-card signature test (/test/show) */
export { PinDialog } from './PinDialog';
export { wireCustomerAdd, type CustomerAddPart } from './wire';
