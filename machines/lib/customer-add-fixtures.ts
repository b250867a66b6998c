/** Register companies shaped like customer-add/get answers for the demo data, shared by the signing machine's test and model. */
import type { CustomerAddGet } from './contract';

/** mary, the board member who signs new contracts in the demo data */
export const MARY_FGID = 'EE60001019906';

/** Testfirma OÜ: in the register, not yet a customer, so signing is the way in */
export const testfirma: CustomerAddGet = {
  id: null,
  name: 'Testfirma OÜ',
  regCode: '11000109',
  address: { padreFullName: 'Tartu mnt 80, Tallinn, 10112', street: 'Tartu mnt 80', zipCode: '10112', city: 'Tallinn' },
  hasContract: false,
  mainAdministrators: [],
  value: null,
};
