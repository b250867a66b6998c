/** A customers row as the wire's RepresentedCustomer (spec 2 §3 "Represented"), and a saved body back into columns. */
import type {
  RepresentedAddress,
  RepresentedCustomer,
  SettingsSaveBody,
} from '../../../domain/represented-settings/contract.js';
import { FIELD_MESSAGE } from '../../../domain/fields/index.js';
import type { AppDeps } from '../../lib/deps.js';
import { FieldFailures } from '../../lib/errors.js';
import { changedMeanwhile, versionsToMatch, type IfMatch } from '../../lib/versions.js';
import { findCustomer, type CustomerRow } from './access.js';
import { registeredAddress } from '../address/index.js';
import { indexCustomer } from '../customer-search/search-index.js';
import { blankToNull, CUSTOMER_LABELS } from './rules.js';

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
    financePackage: c.has_finance === 1,
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
 * The columns to store for a body's address (spec 2 §5): one picked from the address register (padreId) is stored
 * as the register has it, looked up over HTTP, whatever the body says, and an id the register does not know is
 * refused; for an EE customer a typed one (no padreId) gets its full name blanked. An address with nothing in it
 * is refused (`label` is mandatory). The parts' lengths are the shared rule's (SettingsSaveRules).
 */
async function addressColumns(
  deps: AppDeps,
  failures: FieldFailures,
  field: string,
  a: RepresentedAddress,
  customerCountry: string,
): Promise<AddressColumns> {
  const padreId = blankToNull(a.padreId);
  if (padreId) {
    const r = await registeredAddress(deps, padreId, `${field}.padreId`);
    return {
      padreId: r.padreId,
      padreFullName: r.padreFullName,
      street: r.street,
      zipCode: r.zipCode,
      city: r.settlement,
      country: 'EE',
    };
  }
  const ee = customerCountry === 'EE' || customerCountry === '';
  const cols: AddressColumns = {
    padreId: null,
    padreFullName: ee ? null : blankToNull(a.padreFullName),
    street: blankToNull(a.street),
    zipCode: blankToNull(a.zipCode),
    city: blankToNull(a.city),
    country: blankToNull(a.country) ?? (customerCountry || null),
  };
  if (!cols.padreFullName && !cols.street && !cols.city)
    failures.failRule(field, FIELD_MESSAGE.required, CUSTOMER_LABELS[field] ?? field);
  return cols;
}

/**
 * Writes a settings body that has passed the shared rules (spec 2 §5 "Represented edit", SettingsSaveRules).
 * `addressContact` is left alone while the customer manager manages it (spec 2 §2). Throws 400 BAD_INPUT for an
 * address with nothing in it or one the register does not know, before anything is written. The customer's version
 * goes up in the same transaction; with an If-Match `condition` the write is made only while the stored version is
 * one it names, else 412 CHANGED_MEANWHILE and nothing changes (server/lib/versions.ts). Returns the row as this
 * write left it, read in its transaction: its version is the one the answer's ETag names, whatever lands next.
 */
export async function saveCustomerSettings(
  deps: AppDeps,
  customer: CustomerRow,
  body: SettingsSaveBody,
  condition: IfMatch = null,
): Promise<CustomerRow> {
  const { db } = deps;
  const failures = new FieldFailures();
  const legal = body.addressLegal
    ? await addressColumns(deps, failures, 'addressLegal', body.addressLegal, customer.country)
    : null;
  const managed = customer.contact_managed === 1;
  const contact =
    !managed && body.addressContact
      ? await addressColumns(deps, failures, 'addressContact', body.addressContact, customer.country)
      : null;
  failures.throwIfAny();

  const versions = versionsToMatch(condition);
  return db.transaction().execute(async (trx) => {
    const { numUpdatedRows } = await trx
      .updateTable('customers')
      .set((eb) => ({
        version: eb('version', '+', 1),
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
      }))
      .where('jgid', '=', customer.jgid)
      .$if(versions !== null, (q) => q.where('version', 'in', versions!))
      .executeTakeFirst();
    if (numUpdatedRows === 0n) throw changedMeanwhile();
    // a new name drops the customer's search rows (migration 0260's triggers): write them for the new name
    if (body.name.trim() !== customer.name) await indexCustomer(trx, customer.jgid);
    return (await findCustomer(trx, customer.jgid))!;
  });
}
