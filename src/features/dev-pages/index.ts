/** Developer pages (spec 2 §2): the deployment admin page and the test pages. Never in live run mode. */
export { OsgiAdminPage } from './OsgiAdminPage';
export { TestComponentPage } from './TestComponentPage';
export { TestShowPage } from './TestShowPage';
export { TestAxPage } from './TestAxPage';
