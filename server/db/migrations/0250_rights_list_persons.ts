/**
 * The rights list at 10,000 users (bench/rights.ts): enterprise/users/clientapp/{app}/{customerId} joins
 * every right of the customer to its person for the name and e-mail. persons_rights_list covers what that join
 * reads (fgid, last_name, first_name, email), so each of the 10,000 lookups is one index search and never a visit
 * to the wide persons row (about a fifth of the list's query time on SQLite). PostgreSQL runs it too (an index-only
 * scan there).
 * SQLite's planner takes the covering index over the primary key's only once statistics say that fgid alone picks
 * one row of it; without them it keeps the primary key. So the migration gathers them for persons (ANALYZE, the
 * same statement on both databases): an existing database gets the fast plan at once. A new, empty one has nothing
 * to measure yet (bench/rights.ts analyzes after generating its users).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('persons_rights_list')
    .on('persons')
    .columns(['fgid', 'last_name', 'first_name', 'email'])
    .execute();
  await sql`analyze persons`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('persons_rights_list').ifExists().execute();
}
