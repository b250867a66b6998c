/** Domain rules: countries and codes (spec 1 §2, §3). Part of domain/rights (see index.ts). */
import { type Domain } from '../contract';

/** Spec 1 §3: country from a represented gid prefix: UB → LT, LV → LV, anything else → EE. */
export function countryOfRepresentedGid(gid: string): Domain {
  const p = gid.slice(0, 2).toUpperCase();
  return p === 'UB' ? 'LT' : p === 'LV' ? 'LV' : 'EE';
}
/** Country of any right: a person's gid (fgid) starts with the country; a business's is derived from its prefix. */
export function countryOfRight(right: { gid: string; isPerson: boolean }): string {
  return right.isPerson ? right.gid.slice(0, 2) : countryOfRepresentedGid(right.gid);
}
/** Code shown for a right: gid minus its first 2 characters for a person, otherwise minus its first 4. */
export function codeOfRight(right: { gid: string; isPerson: boolean }): string {
  return right.gid.slice(right.isPerson ? 2 : 4);
}
