/**
 * The customer search at 1,000,000 customers under load (bench/search-scale.ts): each search row carries
 * what the answer shows, so a search is one range of one index and never a visit to 200 scattered customer rows
 * (those visits were three quarters of a search's time on SQLite). See server/routes/customer-search/README.md.
 *
 * customer_search_tokens gains the customer's `name`, `reg_code` and `country` and `words` (the folded name's words
 * joined by spaces, only where the folded name is not already just that: the other words of a multi-word term are
 * checked on it with LIKE). On SQLite the table is rebuilt WITHOUT ROWID with the key (token, sort_key, jgid), so
 * the index is the table; on PostgreSQL a unique index (token, sort_key, jgid) INCLUDE the rest serves index-only
 * scans. Existing rows are copied with their customer's current values (an existing database, backfilled here).
 *
 * A copy of the name can only be trusted while it is the customer's: triggers on `customers` delete a customer's
 * search rows when its name, registry code, country or jgid changes, or the customer is deleted, in the same
 * transaction as that change, whichever process or tool makes it. `indexCustomer` writes them again; until then
 * the customer is not found, but never shown with what it no longer is. The only SQL that differs between the two
 * databases is the table's key and the triggers (PostgreSQL calls a function).
 */
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.js';
import { byteOrder } from './portable.js';
import { wordsColumn } from '../../routes/customer-search/search-index.js';

const NEXT = 'customer_search_tokens_next';

export async function up(db: Kysely<unknown>): Promise<void> {
  // all or nothing: PostgreSQL runs every migration in a transaction, SQLite's migrator does not
  if (db.isTransaction) await rebuild(db);
  else await db.transaction().execute(rebuild);
}

async function rebuild(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  let next = db.schema
    .createTable(NEXT)
    .addColumn('token', 'varchar(100)', (c) => byteOrder(db, c.notNull()))
    .addColumn('sort_key', 'varchar(300)', (c) => byteOrder(db, c.notNull()))
    .addColumn('jgid', 'varchar(40)', (c) => c.notNull())
    .addColumn('name', 'varchar(300)', (c) => c.notNull())
    .addColumn('reg_code', 'varchar(30)', (c) => c.notNull())
    .addColumn('country', 'varchar(2)', (c) => c.notNull())
    .addColumn('words', 'varchar(300)', (c) => byteOrder(db, c));
  if (!pg)
    next = next
      .addPrimaryKeyConstraint('customer_search_tokens_key', ['token', 'sort_key', 'jgid'])
      .modifyEnd(sql`without rowid`);
  await next.execute();
  // in key order, so SQLite appends to its B-tree instead of inserting all over it
  await sql`
    insert into ${sql.table(NEXT)} (token, sort_key, jgid, name, reg_code, country)
    select t.token, t.sort_key, t.jgid, c.name, c.reg_code, c.country
    from customer_search_tokens t join customers c on c.jgid = t.jgid
    order by t.token, t.sort_key, t.jgid
  `.execute(db);
  await db.schema.dropTable('customer_search_tokens').execute();
  await db.schema.alterTable(NEXT).renameTo('customer_search_tokens').execute();
  await db.schema.createIndex('customer_search_tokens_jgid').on('customer_search_tokens').column('jgid').execute();
  if (pg)
    await sql`create unique index customer_search_tokens_key on customer_search_tokens (token, sort_key, jgid)
              include (name, reg_code, country, words)`.execute(db);

  // `words` where the folded name has anything but a-z, 0-9 and spaces (most names have not)
  const odd = pg ? sql`sort_key ~ '[^a-z0-9 ]'` : sql`sort_key glob '*[^a-z0-9 ]*'`;
  const rows = (
    await sql<{ jgid: string; sort_key: string }>`
      select distinct jgid, sort_key from customer_search_tokens where ${odd}`.execute(db)
  ).rows;
  for (const r of rows)
    await sql`update customer_search_tokens set words = ${wordsColumn(r.sort_key)} where jgid = ${r.jgid}`.execute(db);

  if (pg) {
    await sql`
      create function customer_search_forget() returns trigger language plpgsql as $$
      begin
        delete from customer_search_tokens where jgid = old.jgid;
        return null;
      end
      $$`.execute(db);
    await sql`
      create trigger customer_search_forget_changed after update of jgid, name, reg_code, country on customers
      for each row when (old.jgid is distinct from new.jgid or old.name is distinct from new.name
        or old.reg_code is distinct from new.reg_code or old.country is distinct from new.country)
      execute function customer_search_forget()`.execute(db);
    await sql`
      create trigger customer_search_forget_deleted after delete on customers
      for each row execute function customer_search_forget()`.execute(db);
  } else {
    await sql`
      create trigger customer_search_forget_changed after update of jgid, name, reg_code, country on customers
      for each row when old.jgid is not new.jgid or old.name is not new.name
        or old.reg_code is not new.reg_code or old.country is not new.country
      begin
        delete from customer_search_tokens where jgid = old.jgid;
      end`.execute(db);
    await sql`
      create trigger customer_search_forget_deleted after delete on customers
      for each row begin
        delete from customer_search_tokens where jgid = old.jgid;
      end`.execute(db);
  }
  await sql`analyze customer_search_tokens`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  await sql`drop trigger if exists customer_search_forget_changed${pg ? sql` on customers` : sql``}`.execute(db);
  await sql`drop trigger if exists customer_search_forget_deleted${pg ? sql` on customers` : sql``}`.execute(db);
  if (pg) await sql`drop function if exists customer_search_forget()`.execute(db);
  await db.schema
    .createTable(NEXT)
    .addColumn('token', 'varchar(100)', (c) => byteOrder(db, c.notNull()))
    .addColumn('sort_key', 'varchar(300)', (c) => byteOrder(db, c.notNull()))
    .addColumn('jgid', 'varchar(40)', (c) => c.notNull())
    .execute();
  await sql`insert into ${sql.table(NEXT)} (token, sort_key, jgid)
            select token, sort_key, jgid from customer_search_tokens`.execute(db);
  await db.schema.dropTable('customer_search_tokens').execute();
  await db.schema.alterTable(NEXT).renameTo('customer_search_tokens').execute();
  await db.schema
    .createIndex('customer_search_tokens_token')
    .on('customer_search_tokens')
    .columns(['token', 'sort_key', 'jgid'])
    .execute();
  await db.schema.createIndex('customer_search_tokens_jgid').on('customer_search_tokens').column('jgid').execute();
}
