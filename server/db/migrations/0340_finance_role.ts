/**
 * Invoicing management's role (spec 2 §8 "Subscribe first to billing services and then set the permissions"). A
 * seeded role catalogue without it would leave the rights modal nothing to grant for FINANCE: the role joins the
 * catalogue of every company it knows (each has a main administrator role). An empty database gets the role from its
 * seed instead, and a catalogue that has it is left alone. Nobody holds it until an administrator grants it, so until
 * then only main administrators open a company's invoices.
 */
import { sql, type Kysely } from 'kysely';

const NAMES = JSON.stringify({
  et: 'Arvete vaataja',
  en: 'Invoice viewer',
  ru: 'Просмотр счетов',
  lv: 'Rēķinu skatītājs',
  lt: 'Sąskaitų peržiūrėtojas',
});

/** Runs on any database view: it writes through raw SQL only (the migrator passes an untyped one, the tests the app's). */
export async function up<DB>(db: Kysely<DB>): Promise<void> {
  await sql`
    insert into roles (application, id, ep_company_id, packet_id, category, is_primary, names)
    select 'FINANCE', 121, a.ep_company_id, cast(null as integer), 'ACCOUNTING', 1, cast(${NAMES} as text)
    from roles a
    where a.application = 'AXAPTA'
      and not exists (select 1 from roles f where f.application = 'FINANCE' and f.ep_company_id = a.ep_company_id)
    group by a.ep_company_id
  `.execute(db);
}

/**
 * Not exactly reversible: the build before this role knows no FINANCE grant (to it any right opened the invoices),
 * so the grants made since go with the role rather than stay as rights it would read otherwise. Running `up` again
 * gives the role back, not the grants. A fresh database's seeded role goes too, and `up` makes it again.
 */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from rights where application = 'FINANCE'`.execute(db);
  await sql`delete from roles where application = 'FINANCE'`.execute(db);
}
