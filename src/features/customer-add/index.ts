/** The customer-add feature (spec 1 §2 "Add customer", §4 signing): what the rest of the portal may use. */
export { CustomerAddModal } from './CustomerAddModal';
export {
  CUSTOMER_ADD_COMPONENT,
  accountServiceRedirect,
  createSigning,
  requestCustomerAdd,
  wireCustomerAdd,
  type Signing,
} from './actors';
