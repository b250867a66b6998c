/**
 * Business register simulator over the `registry_companies` / `registry_board_members` tables the
 * core seeds from the demo data's `registry`. The customer-add routes ask it what a real register
 * would answer: company lookup, board members, active flag, credit rating, and (a simulator knob)
 * whether the digital-signature container service fails for this company (digidocFails).
 */
import type { Db } from '../db/index.js';
import { bool } from '../db/index.js';
import { caseInsensitiveLike } from '../db/dialect.js';

export interface RegistryCompany {
  regCode: string;
  name: string;
  country: string;
  active: boolean;
  creditRating: string | null;
  digidocFails: boolean;
  address: {
    street: string | null;
    zipCode: string | null;
    city: string | null;
    country: string | null;
    padreFullName: string | null;
  } | null;
  /** a person is the country and the personal code together: the same code may be someone else in another country */
  boardMembers: { country: string; personalCode: string }[];
}

const FIND_LIMIT = 20;

/**
 * Autocomplete: case-insensitive name substring, or registry code prefix; sorted by name.
 * (The register is small; customer search over 1M customers uses the token index instead.)
 */
export async function findCompanies(
  db: Db,
  term: string,
  limit = FIND_LIMIT,
): Promise<{ name: string; code: string }[]> {
  const t = term.trim();
  const esc = t.replace(/[\\%_]/g, (m) => `\\${m}`);
  const rows = await db
    .selectFrom('registry_companies')
    .select(['name', 'reg_code'])
    .where((eb) => eb.or([eb('reg_code', 'like', `${esc}%`), eb('name', caseInsensitiveLike(db), `%${esc}%`)]))
    .orderBy('name')
    .execute();
  // SQLite's LIKE folds ASCII only; do the case-insensitive (Unicode) check here as well.
  const low = t.toLocaleLowerCase('et');
  return rows
    .filter((r) => r.reg_code.startsWith(t) || r.name.toLocaleLowerCase('et').includes(low))
    .concat(
      await unicodeNameMatches(
        db,
        low,
        rows.map((r) => r.reg_code),
      ),
    )
    .sort((a, b) => a.name.localeCompare(b.name, 'et'))
    .slice(0, limit)
    .map((r) => ({ name: r.name, code: r.reg_code }));
}

// LIKE misses 'Õ' vs 'õ'; the register is small, so look at the rest of it for such names.
async function unicodeNameMatches(db: Db, low: string, seen: string[]) {
  if (/^\p{ASCII}*$/u.test(low)) return [];
  const all = await db.selectFrom('registry_companies').select(['name', 'reg_code']).execute();
  return all.filter((r) => !seen.includes(r.reg_code) && r.name.toLocaleLowerCase('et').includes(low));
}

export async function getCompany(db: Db, regCode: string): Promise<RegistryCompany | null> {
  const c = await db.selectFrom('registry_companies').selectAll().where('reg_code', '=', regCode).executeTakeFirst();
  if (!c) return null;
  const members = await db
    .selectFrom('registry_board_members')
    .select(['country', 'personal_code'])
    .where('reg_code', '=', regCode)
    .orderBy('country')
    .orderBy('personal_code')
    .execute();
  const hasAddress = c.street || c.city || c.padre_full_name;
  return {
    regCode: c.reg_code,
    name: c.name,
    country: c.country,
    active: bool(c.active),
    creditRating: c.credit_rating,
    digidocFails: bool(c.digidoc_fails),
    address: hasAddress
      ? {
          street: c.street,
          zipCode: c.zip_code,
          city: c.city,
          country: c.address_country,
          padreFullName: c.padre_full_name,
        }
      : null,
    boardMembers: members.map((m) => ({ country: m.country, personalCode: m.personal_code })),
  };
}
