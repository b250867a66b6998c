/**
 * Business customer settings and rights management. Schema builder only, so PostgreSQL can run it too.
 * - customers.legal_padre_id / contact_padre_id: the address register id of each address (domain/address.ts),
 *   so a saved address keeps its full name when it comes back unchanged (spec 2 §5: for EE a missing padreId blanks
 *   the full name); contact_managed: the customer manager manages the contact address (spec 2 §2, the field is
 *   disabled and the server refuses to change it).
 * - persons.domain: the domain (EE, LV, LT) a person was added with in the rights modal (spec 2 §3 "Save command").
 * - rights_represented_app: the rights list reads one customer's rights per application (10,000 users, bench/rights.ts);
 *   it covers every column the list reads, so SQLite never visits the table rows.
 * - sim_role_save_switches: the simulator console switch that makes one application's role save fail
 *   (server/sim/console/rights.ts writes it, server/routes/user/ reads it, as application_status is shared).
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('customers').addColumn('legal_padre_id', 'varchar(40)').execute();
  await db.schema.alterTable('customers').addColumn('contact_padre_id', 'varchar(40)').execute();
  await db.schema
    .alterTable('customers')
    .addColumn('contact_managed', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('persons').addColumn('domain', 'varchar(2)').execute();
  await db.schema
    .createIndex('rights_represented_app')
    .on('rights')
    .columns(['represented_gid', 'application', 'person_fgid', 'role_id', 'begin_date', 'end_date', 'not_active'])
    .execute();
  await db.schema
    .createTable('sim_role_save_switches')
    .addColumn('application', 'varchar(20)', (c) => c.primaryKey())
    .addColumn('fail', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('changed_at', 'varchar(30)', (c) => c.notNull())
    .execute();
}

/** The address register ids of customers' addresses, contact_managed and persons.domain go with their columns. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sim_role_save_switches').ifExists().execute();
  await db.schema.dropIndex('rights_represented_app').ifExists().execute();
  await db.schema.alterTable('persons').dropColumn('domain').execute();
  await db.schema.alterTable('customers').dropColumn('contact_managed').execute();
  await db.schema.alterTable('customers').dropColumn('contact_padre_id').execute();
  await db.schema.alterTable('customers').dropColumn('legal_padre_id').execute();
}
