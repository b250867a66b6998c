/**
 * Customer-add business rules shared by customer-add/* and sign/*: turning a register company into
 * a customer, main administrators, and the rights a signature or a confirmation gives.
 */
import type { Db } from '../../db/index.js';
import type { Clock } from '../../lib/clock.js';
import { isoDay } from '../../lib/dates.js';
import type { RegistryCompany } from '../../clients/registry.js';
import { indexCustomer } from '../customer-search/search-index.js';
import { raiseRightsVersion } from '../../lib/versions.js';

/** Role id of the AXAPTA main-administrator role in the role catalogue (demo data roles). */
export const AXAPTA_MAIN_ADMIN_ROLE = 900;

/** jgid = company id (EP, LV or UB by country) + country + registry code (spec 1 §3 identifiers). */
export function jgidFor(country: string, regCode: string): string {
  const company = country === 'LV' ? 'LV' : country === 'LT' ? 'UB' : 'EP';
  return `${company}${country}${regCode}`;
}

export async function customerByRegCode(db: Db, regCode: string) {
  return db
    .selectFrom('customers')
    .selectAll()
    .where('reg_code', '=', regCode)
    .where('is_person', '=', 0)
    .executeTakeFirst();
}

export async function customerByJgid(db: Db, jgid: string) {
  return db.selectFrom('customers').selectAll().where('jgid', '=', jgid).executeTakeFirst();
}

/** A role is valid unless notActive, begun in the future, or ended before today (spec 1 §4 "Role validity"). */
export async function mainAdministrators(db: Db, clock: Clock, jgid: string): Promise<string[]> {
  const today = isoDay(clock.now());
  const rows = await db
    .selectFrom('rights')
    .select('person_fgid')
    .distinct()
    .where('represented_gid', '=', jgid)
    .where('application', '=', 'AXAPTA')
    .where('not_active', '=', 0)
    .where((eb) => eb.or([eb('begin_date', 'is', null), eb('begin_date', '<=', today)]))
    .where((eb) => eb.or([eb('end_date', 'is', null), eb('end_date', '>=', today)]))
    .orderBy('person_fgid')
    .execute();
  return rows.map((r) => r.person_fgid);
}

/** Gives `fgid` an active AXAPTA main-admin right in `jgid` unless one exists. */
export async function grantMainAdmin(db: Db, clock: Clock, fgid: string, jgid: string): Promise<void> {
  if ((await mainAdministrators(db, clock, jgid)).includes(fgid)) return;
  // a person's rights in a customer are versioned: the rights modal's If-Match then sees this write (versions.ts).
  // Raising the version locks the person's rights in the customer until this transaction ends (PostgreSQL; SQLite
  // has one writer), so the same grant sent again at once (a double click, two tabs) waits here and then finds the
  // right made: asked again under the lock, it is not made twice
  await raiseRightsVersion(db, fgid, jgid);
  if ((await mainAdministrators(db, clock, jgid)).includes(fgid)) return;
  await db
    .insertInto('rights')
    .values({
      person_fgid: fgid,
      represented_gid: jgid,
      application: 'AXAPTA',
      role_id: AXAPTA_MAIN_ADMIN_ROLE,
      begin_date: isoDay(clock.now()),
      end_date: null,
      not_active: 0,
    })
    .execute();
}

/**
 * Creates the customer from the register, or completely updates an existing one with the
 * register's data (name, activity, credit rating, legal address, board). Returns the jgid.
 * `contract`: mark that a contract exists (signing, staff adding); an update never removes one.
 * Several tables change: call it inside a transaction (`db.transaction().execute((trx) => ...)`).
 */
export async function upsertCustomerFromRegistry(
  db: Db,
  clock: Clock,
  company: RegistryCompany,
  opts: { contract: boolean; email?: string | null },
): Promise<string> {
  const existing = await customerByRegCode(db, company.regCode);
  const a = company.address;
  const fromRegister = {
    name: company.name,
    country: company.country,
    active: company.active ? 1 : 0,
    credit_rating: company.creditRating,
    legal_street: a?.street ?? null,
    legal_zip_code: a?.zipCode ?? null,
    legal_city: a?.city ?? null,
    legal_country: a?.country ?? null,
    legal_padre_full_name: a?.padreFullName ?? null,
  };
  // Insert or update in one statement: on PostgreSQL two adds of one company (and a demo reset) may run side by side,
  // and a read-then-insert let them collide (a 500); this way the row is there, locked by this transaction, before
  // its board and search entries are written (server/db/crash.test.ts). An existing customer keeps its contract and
  // e-mail and takes the register's name, address and state.
  const jgid = existing?.jgid ?? jgidFor(company.country, company.regCode);
  await db
    .insertInto('customers')
    .values({
      jgid,
      reg_code: company.regCode,
      ...fromRegister,
      ep_company_id: jgid.slice(0, 2),
      is_person: 0,
      has_contract: opts.contract ? 1 : 0,
      contract_stopped: 0,
      user_profile_code: 'NEW',
      credit_limit: 0,
      client_manager_name: null,
      client_manager_phone: null,
      client_manager_email: null,
      email: opts.email ?? null,
      phone: null,
      homepage: null,
      e_shop: null,
      vat_nr: null,
      contact_street: null,
      contact_zip_code: null,
      contact_city: null,
      contact_country: null,
      contact_padre_full_name: null,
      permission_no_check_personal_code: 0,
      packet_oss: null,
      packet_periodicals: null,
      has_finance: 0,
      created_at: clock.now().toISOString(),
    })
    .onConflict((oc) =>
      oc.column('jgid').doUpdateSet((eb) => ({
        ...fromRegister,
        has_contract: opts.contract ? 1 : eb.ref('customers.has_contract'),
        // the e-mail typed at signing only fills a customer that has none (as customer-add/create-rights does)
        email: eb
          .case()
          .when(eb.or([eb('customers.email', 'is', null), eb('customers.email', '=', '')]))
          .then(eb.ref('excluded.email'))
          .else(eb.ref('customers.email'))
          .end(),
        // the customer's data is versioned: a data form open on it then finds it changed (server/lib/versions.ts)
        version: eb('customers.version', '+', 1),
      })),
    )
    .execute();
  await db.deleteFrom('customer_board_members').where('jgid', '=', jgid).execute();
  if (company.boardMembers.length) {
    await db
      .insertInto('customer_board_members')
      .values(
        company.boardMembers.map((m) => ({ jgid, country: m.country.toUpperCase(), personal_code: m.personalCode })),
      )
      .execute();
  }
  await indexCustomer(db, jgid);
  return jgid;
}
