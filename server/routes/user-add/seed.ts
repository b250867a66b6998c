/**
 * Demo seed step of account creation (runs once, on an empty database, after the core seed): everybody who logs in with a
 * password has accepted the terms of use; an invited person without an account (uku) has not, so his invitation
 * link opens the terms-of-use modal.
 */
import { EULA_VERSION } from '../../../domain/account/schemas.js';
import { seedExtensions } from '../../db/seed.js';

seedExtensions.push(async ({ db }) => {
  await db.updateTable('persons').set({ eula_version: EULA_VERSION }).where('password_hash', 'is not', null).execute();
});
