/**
 * The customer data form (spec 2 §2 "Represented settings", §4 contact address, §5 "Represented edit"): values from
 * the loaded customer, per-field messages for the settings form machine, and the POST settings body. Pure.
 */
import type { RepresentedAddress, RepresentedCustomer, SettingsSaveBody } from './contract';
import { fieldErrorsOf, type AddressValue, type FieldErrors } from '../fields';
import { customerFormSchema, MAX, hasEditTab, type CustomerForm } from './rules';

/** A message key with its values per field, as every form has them (domain/fields). */
export type CustomerFormErrors = FieldErrors;

/** Label keys of the fields (the `{field}` of validation.required / validation.maxLength). */
export const CUSTOMER_FIELD_LABELS: Record<string, string> = {
  name: 'represented-settings.field.name',
  phone: 'represented-settings.field.phone',
  email: 'represented-settings.field.email',
  homepage: 'represented-settings.field.homepage',
  eShop: 'represented-settings.field.eShop',
  vatNr: 'represented-settings.field.vatNr',
  addressLegal: 'represented-settings.field.addressLegal',
  addressContact: 'represented-settings.field.addressContact',
};
const FIELD_MAX: Record<string, number> = {
  name: MAX.name,
  phone: MAX.phone,
  email: MAX.email,
  homepage: MAX.url,
  eShop: MAX.url,
  vatNr: MAX.vatNr,
};

/** an address field with nothing in it (the contact address when the separate contact is off) */
export const EMPTY_CUSTOMER_ADDRESS: AddressValue = {
  padreId: null,
  padreFullName: '',
  street: null,
  zipCode: null,
  city: null,
  country: null,
  showGazetter: false,
};
function addressValue(a: RepresentedAddress | null): AddressValue {
  if (!a) return EMPTY_CUSTOMER_ADDRESS;
  return {
    padreId: a.padreId ?? null,
    padreFullName: a.padreFullName ?? [a.street, a.city, a.zipCode].filter(Boolean).join(', '),
    street: a.street,
    zipCode: a.zipCode,
    city: a.city,
    country: a.country ?? null,
    showGazetter: false,
  };
}

export function customerFormValues(c: RepresentedCustomer): CustomerForm {
  return {
    name: c.name,
    phone: c.phone ?? '',
    email: c.email ?? '',
    homepage: c.homepage ?? '',
    eShop: c.eShop ?? '',
    vatNrExists: c.vatNrExists,
    vatNr: c.vatNr ?? '',
    permissionNoCheckPersonalCode: c.permissionNoCheckPersonalCode,
    addressLegal: addressValue(c.addressLegal),
    // spec 2 §4: the contact address is shown only if it exists or is enabled
    contactEnabled: c.addressContact != null,
    addressContact: addressValue(c.addressContact),
  };
}

/** The address register applies to an EE (or unknown-country) customer; elsewhere addresses are typed (disabled). */
export const usesAddressRegister = (c: Pick<RepresentedCustomer, 'country'>) => hasEditTab(c.country);

/** Per-field messages of the form, {} when valid (the first problem of each field). */
export function customerFormErrors(values: CustomerForm, eeRegister: boolean): CustomerFormErrors {
  const r = customerFormSchema({ eeRegister }).safeParse(values);
  if (r.success) return {};
  // a rule re-filed on its field (the VAT number, the contact address) keeps the field's own maximum
  return fieldErrorsOf(r.error.issues, CUSTOMER_FIELD_LABELS, { values: (field) => ({ max: FIELD_MAX[field] ?? 0 }) });
}

function wireAddress(a: AddressValue, eeRegister: boolean): RepresentedAddress {
  // spec 2 §5: for EE an address not picked from the register gets its full name blanked on save
  const blank = eeRegister && !a.padreId;
  return {
    padreId: a.padreId,
    padreFullName: blank ? null : a.padreFullName.trim(),
    street: a.street,
    zipCode: a.zipCode,
    city: a.city,
    country: a.country,
  };
}

/**
 * POST settings body (spec 2 §5): the VAT number only when the flag is set; the legal address only if disabled (not
 * the register's), picked (padreId) or being searched; the contact address when on, null to remove it when turned
 * off, left out when the customer manager manages it; the skip-check flag as loaded unless the caller may change it.
 */
export function settingsSaveBody(
  customer: RepresentedCustomer,
  values: CustomerForm,
  opts: { canEditAnyCustomer: boolean },
): SettingsSaveBody {
  const ee = usesAddressRegister(customer);
  const body: SettingsSaveBody = {
    id: customer.id,
    name: values.name.trim(),
    permissionNoCheckPersonalCode: opts.canEditAnyCustomer
      ? values.permissionNoCheckPersonalCode
      : customer.permissionNoCheckPersonalCode,
    email: values.email.trim(),
    phone: values.phone.trim(),
    homepage: values.homepage.trim() || null,
    eShop: values.eShop.trim() || null,
  };
  if (values.vatNrExists) body.vatNr = values.vatNr.trim();
  const legal = values.addressLegal;
  if (!ee || legal.padreId || legal.showGazetter) body.addressLegal = wireAddress(legal, ee);
  if (!customer.addressContactManaged) {
    if (values.contactEnabled) {
      const contact = values.addressContact;
      if (!ee || contact.padreId || contact.showGazetter || customer.addressContact == null)
        body.addressContact = wireAddress(contact, ee);
    } else if (customer.addressContact != null) body.addressContact = null;
  }
  return body;
}
