/**
 * Board members with their country. A personal code alone names no one: Estonian and Lithuanian codes share their
 * format and check digit, so the same eleven digits can be two people. The register's and the customers' board
 * members gain `country` (part of the key), and every match compares the country and the code of the person (an
 * fgid is the two together). Existing rows take their company's country, which is what the demo register and the
 * customers it copied meant.
 */
import { sql, type Kysely } from 'kysely';

const TABLES = [
  { table: 'registry_board_members', owner: 'reg_code', source: sql`registry_companies c on c.reg_code = b.reg_code` },
  { table: 'customer_board_members', owner: 'jgid', source: sql`customers c on c.jgid = b.jgid` },
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  // all or nothing: PostgreSQL runs every migration in a transaction, SQLite's migrator does not
  if (db.isTransaction) await rebuild(db);
  else await db.transaction().execute(rebuild);
}

async function rebuild(db: Kysely<unknown>): Promise<void> {
  for (const { table, owner, source } of TABLES) {
    const next = `${table}_next`;
    await db.schema
      .createTable(next)
      .addColumn(owner, owner === 'jgid' ? 'varchar(40)' : 'varchar(30)', (c) => c.notNull())
      .addColumn('country', 'varchar(2)', (c) => c.notNull())
      .addColumn('personal_code', 'varchar(30)', (c) => c.notNull())
      .addPrimaryKeyConstraint(`${table}_by_country_pk`, [owner, 'country', 'personal_code'])
      .execute();
    await sql`
      insert into ${sql.table(next)} (${sql.ref(owner)}, country, personal_code)
      select b.${sql.ref(owner)}, upper(c.country), b.personal_code from ${sql.table(table)} b join ${source}
    `.execute(db);
    await db.schema.dropTable(table).execute();
    await db.schema.alterTable(next).renameTo(table).execute();
  }
}

/**
 * Not exactly reversible: the country goes, and a company's board members with one code in two countries become one
 * row. Running `up` again gives every row its company's country, as the first `up` did.
 */
export async function down(db: Kysely<unknown>): Promise<void> {
  for (const { table, owner } of TABLES) {
    const prev = `${table}_prev`;
    await db.schema
      .createTable(prev)
      .addColumn(owner, owner === 'jgid' ? 'varchar(40)' : 'varchar(30)', (c) => c.notNull())
      .addColumn('personal_code', 'varchar(30)', (c) => c.notNull())
      .addPrimaryKeyConstraint(`${table}_pk`, [owner, 'personal_code'])
      .execute();
    await sql`
      insert into ${sql.table(prev)} (${sql.ref(owner)}, personal_code)
      select distinct ${sql.ref(owner)}, personal_code from ${sql.table(table)}
    `.execute(db);
    await db.schema.dropTable(table).execute();
    await db.schema.alterTable(prev).renameTo(table).execute();
  }
}
