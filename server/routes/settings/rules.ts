/**
 * The English names of business customer settings' fields (spec 2 §2) for the 400's sentences, on top of the rules of
 * domain/represented-settings/rules.ts that the portal's forms use, so the browser and the server accept
 * exactly the same.
 */
import type { FieldLabels } from '../../lib/errors.js';

/** The customer data form's fields (POST settings). */
export const CUSTOMER_LABELS: FieldLabels = {
  name: 'Name',
  phone: 'Phone',
  email: 'E-mail',
  homepage: 'Homepage',
  eShop: 'E-shop',
  vatNr: 'VAT number',
  addressLegal: 'Legal address',
  addressContact: 'Contact address',
};

/** '' or whitespace → null, otherwise trimmed */
export const blankToNull = (v: string | null | undefined): string | null => {
  const t = (v ?? '').trim();
  return t === '' ? null : t;
};
