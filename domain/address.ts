/**
 * The address register (the gazetteer) as the portal sees it: one contract for the server route that asks the
 * register over HTTP, the address autocomplete in user settings and in business customer settings, and the
 * address block of spec 2 §3 "Address as shown".
 *
 * GET /api/address/search?q=<text>&limit=<1..20, default 10>  →  { value: AddressSuggestion[] }
 *   prefix search on the address's words (case- and accent-insensitive); fewer than 2 characters answer [].
 * GET /api/address/{padreId}  →  AddressSuggestion, 404 when unknown.
 *
 * Pure module: zod only.
 */
import { z } from 'zod/mini';

export const ADDRESS_QUERY_MIN = 2;
export const ADDRESS_SUGGESTIONS_DEFAULT = 10;
export const ADDRESS_SUGGESTIONS_MAX = 20;

/** One address of the register (spec 2 §3: settlement, county, municipality with their names, street, zip). */
export const AddressSuggestion = z.object({
  padreId: z.string(),
  /** the whole address in one line, as the register writes it: 'Tamme tn 5, Tartu linn, Tartu maakond, 50101' */
  padreFullName: z.string(),
  street: z.string(),
  zipCode: z.string(),
  settlement: z.string(),
  county: z.string(),
  countyName: z.string(),
  municipality: z.string(),
  municipalityName: z.string(),
});
export type AddressSuggestion = z.infer<typeof AddressSuggestion>;

export const AddressSearchAnswer = z.object({ value: z.array(AddressSuggestion) });
export type AddressSearchAnswer = z.infer<typeof AddressSearchAnswer>;
