/**
 * Versions of the records several people edit at once (RFC 9110 conditional requests, server/lib/versions.ts): a
 * customer's data, a person's user settings and their preferences (two versions, as the two tabs save separately),
 * and a person's rights in a customer (one row per person and customer, made by the first write; none: version 0).
 * Every write raises the version in its own transaction; reads answer it as the ETag.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('customers')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('persons')
    .addColumn('settings_version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('persons')
    .addColumn('preferences_version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createTable('rights_versions')
    .addColumn('person_fgid', 'varchar(40)', (c) => c.notNull())
    .addColumn('represented_gid', 'varchar(40)', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('rights_versions_pk', ['person_fgid', 'represented_gid'])
    .execute();
}

/**
 * The versions go with their columns; `up` again starts every record at 1, so an ETag a page kept from before matches
 * a record again only by chance of number (the write is then made as a write without If-Match would be).
 */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rights_versions').execute();
  await db.schema.alterTable('persons').dropColumn('preferences_version').execute();
  await db.schema.alterTable('persons').dropColumn('settings_version').execute();
  await db.schema.alterTable('customers').dropColumn('version').execute();
}
