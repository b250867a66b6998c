/**
 * Security. Schema builder only, so PostgreSQL runs it too (ISO text dates, autoId).
 * - audit_log: security events (login success and failure, logout, represented change, customer add, rights saves):
 *   who, when, from where and what (server/audit/audit.ts)
 * - login_failures: one row per failed sign-on, per username and per client address, for the throttle of
 *   POST /cas/login (server/security/throttle.ts); rows older than the window are purged
 * - sessions.last_seen_at: the idle timeout; sessions.xsrf_token: the XSRF token bound to the session
 */
import type { Kysely } from 'kysely';
import { autoId } from './portable.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_log')
    .addColumn('id', ...autoId(db))
    .addColumn('at', 'varchar(30)', (c) => c.notNull())
    .addColumn('event', 'varchar(40)', (c) => c.notNull())
    .addColumn('outcome', 'varchar(20)', (c) => c.notNull())
    .addColumn('actor_fgid', 'varchar(40)')
    .addColumn('username', 'varchar(100)')
    .addColumn('address', 'varchar(100)')
    .addColumn('subject', 'varchar(200)')
    .addColumn('detail', 'text')
    .execute();
  await db.schema.createIndex('audit_log_at').on('audit_log').column('at').execute();

  await db.schema
    .createTable('login_failures')
    .addColumn('id', ...autoId(db))
    .addColumn('scope', 'varchar(10)', (c) => c.notNull()) // user | address
    .addColumn('subject', 'varchar(200)', (c) => c.notNull())
    .addColumn('at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('login_failures_subject')
    .on('login_failures')
    .columns(['scope', 'subject', 'at'])
    .execute();

  await db.schema.alterTable('sessions').addColumn('last_seen_at', 'varchar(30)').execute();
  await db.schema.alterTable('sessions').addColumn('xsrf_token', 'varchar(100)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('xsrf_token').execute();
  await db.schema.alterTable('sessions').dropColumn('last_seen_at').execute();
  await db.schema.dropIndex('login_failures_subject').execute();
  await db.schema.dropTable('login_failures').execute();
  await db.schema.dropIndex('audit_log_at').execute();
  await db.schema.dropTable('audit_log').execute();
}
