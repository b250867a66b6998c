/** Account creation (spec 2 §2 "Account creation"): the reset-password and terms-of-use modals. */
export { ResetPasswordModal } from './ResetPasswordModal';
export { EulaModal } from './EulaModal';
export { wireAccount, type Account } from './wire';
