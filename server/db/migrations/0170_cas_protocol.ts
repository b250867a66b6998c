/**
 * Single sign-on as CAS Protocol 3.0. Schema builder only, so PostgreSQL can run it too.
 * - cas_tickets.tgt_id: the sign-on session that issued a service ticket, for single logout (CAS 3.0 §2.3.3)
 * - cas_tickets.from_new_login: 1 when issued from primary credentials, for `renew` on validation (§2.5.1)
 * - cas_login_flows: the login form's single-use `execution` token, bound to the browser's flow cookie (§3.5)
 * - sessions.sso_ticket: the service ticket that opened a portal session, so a back-channel logoutRequest
 *   naming it (SessionIndex, Appendix C) ends that session
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('cas_tickets').addColumn('tgt_id', 'varchar(100)').execute();
  await db.schema
    .alterTable('cas_tickets')
    .addColumn('from_new_login', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('cas_tickets_tgt').on('cas_tickets').column('tgt_id').execute();

  await db.schema
    .createTable('cas_login_flows')
    .addColumn('execution', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('flow', 'varchar(100)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    .execute();

  await db.schema.alterTable('sessions').addColumn('sso_ticket', 'varchar(300)').execute();
  await db.schema.createIndex('sessions_sso_ticket').on('sessions').column('sso_ticket').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('sessions_sso_ticket').execute();
  await db.schema.alterTable('sessions').dropColumn('sso_ticket').execute();
  await db.schema.dropTable('cas_login_flows').execute();
  await db.schema.dropIndex('cas_tickets_tgt').execute();
  await db.schema.alterTable('cas_tickets').dropColumn('from_new_login').execute();
  await db.schema.alterTable('cas_tickets').dropColumn('tgt_id').execute();
}
