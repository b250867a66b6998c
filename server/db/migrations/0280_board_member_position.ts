/**
 * The position a board member holds in the business register (BOARD_CHAIR, BOARD_MEMBER, ...): the rights modal's
 * job-title label shows it (spec 2 §2 "labels for job title"). Null: a board member the register lists without one.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('registry_board_members').addColumn('position', 'varchar(40)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('registry_board_members').dropColumn('position').execute();
}
