/**
 * The outbox becomes the queue of the mail sender (server/lib/mail-sender.ts): each row says whether it is to be
 * sent over SMTP (`pending`, `sending`, `sent`, `failed`) or only kept (`kept`: no SMTP_URL when it was written, or a
 * demo seed's invitation), in which language it is written (Content-Language), its Message-ID, and how its tries
 * went. Rows already there are `kept`: they were never meant to leave. Every column has a default or may be empty,
 * so a build that does not know them still writes rows (they are kept, not sent) while both run side by side.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const add = (name: string, type: 'varchar(10)' | 'varchar(3)' | 'varchar(30)' | 'varchar(200)' | 'varchar(500)') =>
    db.schema.alterTable('outbox').addColumn(name, type).execute();
  await db.schema
    .alterTable('outbox')
    .addColumn('state', 'varchar(10)', (c) => c.notNull().defaultTo('kept'))
    .execute();
  await add('language', 'varchar(3)');
  await add('message_id', 'varchar(200)');
  await db.schema
    .alterTable('outbox')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await add('next_attempt_at', 'varchar(30)');
  await add('lease_until', 'varchar(30)');
  await add('last_error', 'varchar(500)');
  await add('sent_at', 'varchar(30)');
  // the sender's query (rows due now) and the purge's (rows past their retention)
  await db.schema.createIndex('outbox_due').on('outbox').columns(['state', 'next_attempt_at']).execute();
  await db.schema.createIndex('outbox_created').on('outbox').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('outbox_created').execute();
  await db.schema.dropIndex('outbox_due').execute();
  for (const column of [
    'sent_at',
    'last_error',
    'lease_until',
    'next_attempt_at',
    'attempts',
    'message_id',
    'language',
    'state',
  ])
    await db.schema.alterTable('outbox').dropColumn(column).execute();
}
