/** A customers row as the wire's RepresentedCustomer (spec 2 §3 "Represented"), and a saved body back into columns. */
import type {
  RepresentedAddress,
  RepresentedCustomer,
  SettingsSaveBody,
} from '../../../machines/lib/represented-settings/contract.js';
import type { Db } from '../../db/index.js';
import type { CustomerRow } from './access.js';
import { indexCustomer } from '../customer-search/search-index.js';
import { blankToNull, FieldCheck, MAX, MESSAGE } from './rules.js';

function address(
  padreId: string | null,
  padreFullName: string | null,
  street: string | null,
  zipCode: string | null,
  city: string | null,
  country: string | null,
): RepresentedAddress | null {
  if (!padreFullName && !street && !zipCode && !city) return null;
  return { padreId, padreFullName, street, zipCode, city, country };
}

export function toRepresentedCustomer(c: CustomerRow): RepresentedCustomer {
  return {
    id: c.jgid,
    gid: c.jgid,
    name: c.name,
    regCode: c.reg_code,
    country: c.country || null,
    permissionNoCheckPersonalCode: c.permission_no_check_personal_code === 1,
    email: c.email,
    phone: c.phone,
    homepage: c.homepage,
    eShop: c.e_shop,
    vatNrExists: c.vat_nr !== null && c.vat_nr !== '',
    vatNr: c.vat_nr,
    addressLegal: address(
      c.legal_padre_id,
      c.legal_padre_full_name,
      c.legal_street,
      c.legal_zip_code,
      c.legal_city,
      c.legal_country,
    ),
    addressContact: address(
      c.contact_padre_id,
      c.contact_padre_full_name,
      c.contact_street,
      c.contact_zip_code,
      c.contact_city,
      c.contact_country,
    ),
    addressContactManaged: c.contact_managed === 1,
    creditLimit: c.credit_limit,
    custmanagerName: c.client_manager_name,
    custmanagerPhone: c.client_manager_phone,
    custmanagerEmail: c.client_manager_email,
    epCompanyId: c.ep_company_id,
    isPerson: c.is_person === 1,
  };
}

interface AddressColumns {
  padreId: string | null;
  padreFullName: string | null;
  street: string | null;
  zipCode: string | null;
  city: string | null;
  country: string | null;
}

/**
 * Spec 2 §5: for an EE customer an address counts as picked from the address register only with a padreId;
 * without one its full name is blanked on save. An address with nothing in it is refused (`label` is mandatory).
 */
function addressColumns(
  check: FieldCheck,
  field: string,
  label: string,
  a: RepresentedAddress,
  customerCountry: string,
): AddressColumns {
  const padreId = blankToNull(a.padreId);
  const ee = customerCountry === 'EE' || customerCountry === '';
  const cols: AddressColumns = {
    padreId,
    padreFullName: ee && !padreId ? null : blankToNull(a.padreFullName),
    street: blankToNull(a.street),
    zipCode: blankToNull(a.zipCode),
    city: blankToNull(a.city),
    country: blankToNull(a.country) ?? (customerCountry || null),
  };
  if (!cols.padreFullName && !cols.street && !cols.city) check.fail(field, MESSAGE.required(label));
  for (const [k, v] of Object.entries(cols) as [string, string | null][])
    if (v && v.length > 300) check.fail(`${field}.${k}`, MESSAGE.address);
  return cols;
}

/**
 * Checks a settings body (spec 2 §5 "Represented edit") and writes it. `mayChangeNoCheck`: the caller holds
 * EDIT_ANY_CUSTOMER; `addressContact` is left alone while the customer manager manages it (spec 2 §2).
 * Throws 400 BAD_INPUT with every failing field, before anything is written.
 */
export async function saveCustomerSettings(db: Db, customer: CustomerRow, body: SettingsSaveBody): Promise<void> {
  const check = new FieldCheck();
  check.text('name', 'Name', body.name, { required: true, max: MAX.name });
  check.text('phone', 'Phone', body.phone, { required: true, max: MAX.phone, format: 'phone' });
  check.text('email', 'E-mail', body.email, { required: true, max: MAX.email, format: 'email' });
  check.text('homepage', 'Homepage', body.homepage, { max: MAX.url, format: 'url' });
  check.text('eShop', 'E-shop', body.eShop, { max: MAX.url, format: 'url' });
  // the VAT number is sent only when its flag is set: sent means required
  if (body.vatNr !== undefined && body.vatNr !== null)
    check.text('vatNr', 'VAT number', body.vatNr, { required: true, max: MAX.vatNr });
  const legal = body.addressLegal
    ? addressColumns(check, 'addressLegal', 'Legal address', body.addressLegal, customer.country)
    : null;
  const managed = customer.contact_managed === 1;
  const contact =
    !managed && body.addressContact
      ? addressColumns(check, 'addressContact', 'Contact address', body.addressContact, customer.country)
      : null;
  check.throwIfAny();

  await db
    .updateTable('customers')
    .set({
      name: body.name.trim(),
      phone: body.phone.trim(),
      email: body.email.trim(),
      homepage: blankToNull(body.homepage),
      e_shop: blankToNull(body.eShop),
      vat_nr: blankToNull(body.vatNr),
      permission_no_check_personal_code: body.permissionNoCheckPersonalCode ? 1 : 0,
      ...(legal
        ? {
            legal_padre_id: legal.padreId,
            legal_padre_full_name: legal.padreFullName,
            legal_street: legal.street,
            legal_zip_code: legal.zipCode,
            legal_city: legal.city,
            legal_country: legal.country,
          }
        : {}),
      ...(!managed && body.addressContact !== undefined
        ? {
            contact_padre_id: contact?.padreId ?? null,
            contact_padre_full_name: contact?.padreFullName ?? null,
            contact_street: contact?.street ?? null,
            contact_zip_code: contact?.zipCode ?? null,
            contact_city: contact?.city ?? null,
            contact_country: contact?.country ?? null,
          }
        : {}),
    })
    .where('jgid', '=', customer.jgid)
    .execute();
  // a new name drops the customer's search rows (migration 0260's triggers): write them for the new name
  if (body.name.trim() !== customer.name) await indexCustomer(db, customer.jgid);
}
