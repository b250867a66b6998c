/**
 * User settings. Schema builder only, so PostgreSQL can run it too.
 * - address_register_places, address_register, address_register_tokens: the address register (gazetteer)
 *   simulator's own data, which the portal reaches only over HTTP (server/sim/address/, server/clients/address.ts).
 *   A place is a street (or a farm's name) in a settlement; an address is a house of a place with its zip code.
 *   Only places are word-indexed: the tokens are the folded words of a place and their 2..5-character prefixes
 *   ("edge n-grams") with one B-tree index (token, sort_key, place_id), so a prefix search is an exact-key walk
 *   already in address order; a place's houses come from (place_id, sort_key), zip codes from (zip_code, sort_key).
 *   See server/sim/address/README.md. On PostgreSQL the key columns get `COLLATE "C"`, so the ranges are
 *   byte-ordered like SQLite's whatever the database's own collation.
 * - persons.address_padre_id, address_county(_name), address_municipality(_name): the rest of spec 2 §3 "Address as
 *   shown" for a person's address picked from the register (settlement stays address_city).
 * - sim_role_load_failures: the simulator console's switch that makes an application's role loading fail
 *   (user-settings/roles/clientapp/{app}/{userId} answers an error, spec 2 §8 "Roles load failure per application").
 * The register's rows are written on first use (server/sim/address/seed.ts), not here: a bench database holds a
 * million generated addresses instead.
 */
import { PostgresAdapter, sql, type ColumnDataType, type Expression, type Kysely } from 'kysely';

const PERSON_ADDRESS_COLUMNS = [
  ['address_padre_id', 'varchar(20)'],
  ['address_county', 'varchar(10)'],
  ['address_county_name', 'varchar(100)'],
  ['address_municipality', 'varchar(10)'],
  ['address_municipality_name', 'varchar(100)'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  // the search compares keys byte by byte (prefix ranges, \x01 separators): PostgreSQL gets the "C" collation there
  const key = (type: string): ColumnDataType | Expression<unknown> =>
    db.getExecutor().adapter instanceof PostgresAdapter ? sql.raw(`${type} collate "C"`) : (type as ColumnDataType);
  // one column per statement: SQLite's ALTER TABLE adds one at a time
  for (const [name, type] of PERSON_ADDRESS_COLUMNS)
    await db.schema.alterTable('persons').addColumn(name, type).execute();
  await db.schema
    .createTable('address_register_places')
    .addColumn('place_id', 'varchar(20)', (c) => c.primaryKey())
    .addColumn('street_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('settlement', 'varchar(100)', (c) => c.notNull())
    .addColumn('county', 'varchar(10)', (c) => c.notNull())
    .addColumn('county_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('municipality', 'varchar(10)', (c) => c.notNull())
    .addColumn('municipality_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('sort_key', key('varchar(400)'), (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('address_register')
    .addColumn('padre_id', 'varchar(20)', (c) => c.primaryKey())
    .addColumn('place_id', 'varchar(20)', (c) => c.notNull())
    .addColumn('house', key('varchar(20)'), (c) => c.notNull())
    .addColumn('zip_code', key('varchar(10)'), (c) => c.notNull())
    .addColumn('full_name', 'varchar(400)', (c) => c.notNull())
    .addColumn('sort_key', key('varchar(420)'), (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('address_register_place')
    .on('address_register')
    .columns(['place_id', 'sort_key'])
    .execute();
  await db.schema
    .createIndex('address_register_zip')
    .on('address_register')
    .columns(['zip_code', 'sort_key'])
    .execute();
  await db.schema
    .createTable('address_register_tokens')
    .addColumn('token', key('varchar(100)'), (c) => c.notNull())
    .addColumn('sort_key', key('varchar(400)'), (c) => c.notNull())
    .addColumn('place_id', 'varchar(20)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('address_register_tokens_token')
    .on('address_register_tokens')
    .columns(['token', 'sort_key', 'place_id'])
    .execute();

  await db.schema
    .createTable('sim_role_load_failures')
    .addColumn('application', 'varchar(20)', (c) => c.primaryKey())
    .addColumn('failing', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('changed_at', 'varchar(30)', (c) => c.notNull())
    .execute();
}

/** The address register simulator's rows and the register ids of people's addresses go with their tables and columns. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sim_role_load_failures').execute();
  await db.schema.dropTable('address_register_tokens').execute();
  await db.schema.dropTable('address_register').execute();
  await db.schema.dropTable('address_register_places').execute();
  for (const [name] of PERSON_ADDRESS_COLUMNS) await db.schema.alterTable('persons').dropColumn(name).execute();
}
