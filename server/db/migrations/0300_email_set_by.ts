/**
 * Who set a person's current e-mail address, and when. A password reset link goes to the address on file, so
 * whoever may change that address could have the link sent to themselves: the reset refuses an address that
 * someone other than the person set less than a day ago (server/routes/user-settings/edit.ts), and the old address
 * is told of every change meanwhile.
 * - persons.email_set_by: the fgid of the person who set it (the person themself for their own change); null: not
 *   recorded (the demo data, an address from before this column, the command line's user:add).
 * - persons.email_set_at: when, ISO 8601 on the server's clock; null with email_set_by.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('persons').addColumn('email_set_by', 'varchar(40)').execute();
  await db.schema.alterTable('persons').addColumn('email_set_at', 'varchar(30)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('persons').dropColumn('email_set_at').execute();
  await db.schema.alterTable('persons').dropColumn('email_set_by').execute();
}
