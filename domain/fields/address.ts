/**
 * The address rule (spec 2 §3 "Address as shown", §5 "For EE users an address must be picked from the address
 * register to get a padreId, otherwise the full name is blanked on save"; represented edit "legal address required;
 * contact address required when its checkbox is on").
 *
 * An address picked from the register carries its register id (padreId): the server stores the register's own
 * address for that id, never the parts a body sends with it, and refuses an id the register does not know. A typed
 * address keeps its parts with a blank full name. Parts are at most ADDRESS_PART_MAX characters, a zip code
 * ZIP_MAX (the register's own are shorter).
 */
import { z } from 'zod/mini';
import { FIELD_MESSAGE } from './messages';

/** An address register id (the gazetteer's ADR_ID): digits. */
export const PADRE_ID = /^\d{1,20}$/;
export const ADDRESS_PART_MAX = 200;
export const ZIP_MAX = 20;

/** An address part on the wire: null or a string of at most `max` characters. */
export const addressPart = (max = ADDRESS_PART_MAX) =>
  z.nullable(z.string().check(z.maxLength(max, { message: FIELD_MESSAGE.address })));

/** A padreId on the wire: null, '' (none) or a register id. */
export const PadreIdPart = z.nullable(
  z.string().check(z.refine((v) => v.trim() === '' || PADRE_ID.test(v.trim()), { message: FIELD_MESSAGE.address })),
);

/**
 * An address as a form holds it: picked from the register (padreId) or as loaded. `showGazetter`: the person has
 * typed in the address register search (spec 2 §3 showGazetter), so the address must now be picked (EE).
 */
export const AddressValue = z.object({
  padreId: z.nullable(z.string()),
  padreFullName: z.string(),
  street: z.nullable(z.string()),
  zipCode: z.nullable(z.string()),
  city: z.nullable(z.string()),
  country: z.nullable(z.string()),
  showGazetter: z.boolean(),
});
export type AddressValue = z.infer<typeof AddressValue>;

/**
 * The problem of a required address (a message key), null when it is fine: empty is missing; with the register
 * (`eeRegister`, an EE customer) an address the person has started to change must be picked from it. An address as
 * loaded stays valid untouched.
 */
export function addressIssue(a: AddressValue, eeRegister: boolean): string | null {
  if (a.padreFullName.trim() === '') return FIELD_MESSAGE.required;
  if (eeRegister && a.showGazetter && !a.padreId) return FIELD_MESSAGE.address;
  return null;
}
