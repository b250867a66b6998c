/** Staff customer and user search (spec 1 §2 "Admin dashboard"). */
export { CustomerSearchInPlace, CustomerSearchPage } from './CustomerSearchPage';
