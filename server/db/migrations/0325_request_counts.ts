/**
 * Request counters for the rate limits that are no sign-on throttle (server/security/rate-limit.ts): one row per
 * limit, subject (a client address, a session) and fixed window, counted up in one statement so parallel requests
 * and several server processes on one database count alike. The unique index is what that statement's
 * `on conflict` needs; finished windows are purged (server/security/purge.ts).
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('request_counts')
    .addColumn('scope', 'varchar(20)', (c) => c.notNull())
    .addColumn('subject', 'varchar(200)', (c) => c.notNull())
    .addColumn('window_start', 'varchar(30)', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('request_counts_window')
    .on('request_counts')
    .columns(['scope', 'subject', 'window_start'])
    .unique()
    .execute();
  await db.schema.createIndex('request_counts_start').on('request_counts').column('window_start').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('request_counts_start').execute();
  await db.schema.dropIndex('request_counts_window').execute();
  await db.schema.dropTable('request_counts').execute();
}
